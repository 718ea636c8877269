/**
 * Support requests of the office: the player's requests (status, topic, last activity), a new
 * request form (topic, subject, text, one attachment), a thread with its messages, a reply form,
 * close and a 1–5 rating once closed; ?request=<id> opens that thread (the shell's history modal links so). An operator's answer arrives without reload: /ws
 * {type:'support'} on the private topic user:<id> reloads the list and the open thread.
 */
import { getRealtime } from '@parlay/client/realtime.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime as when } from '@parlay/mf/clock.ts';
import { Button, Field, FilePicker, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useId, useState } from 'react';
import { call } from '../money/money-api.ts';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Support.module.css';

type Status = 'open' | 'answered' | 'closed';
export interface RequestView {
  id: string;
  topic: string;
  subject: string;
  status: Status;
  rating: number | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}
interface MessageView {
  id: string;
  author: 'player' | 'operator';
  text: string;
  createdAt: string;
  attachment: { name: string; type: string; size: number; url: string } | null;
}
export interface ThreadView extends RequestView {
  messages: MessageView[];
}

export const BASE = '/web-api/support/v1';
/** As the server's limits (SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MAX_TEXT): checked here first to spare the upload. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_TEXT = 4000;
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

async function attachmentOf(file: File | null) {
  return file ? { name: file.name, data: await readBase64(file) } : undefined;
}

/** An error code's text: the errors dictionary has the server's codes in lower case; else a generic text. */
export function errorText(te: (key: string) => string, t: (key: string) => string, code: string): string {
  const key = code.toLowerCase();
  const text = te(key);
  return text === key ? t(code === 'NETWORK' ? 'common.network' : 'common.failed') : text;
}

export function useUserTopic(onSupport: (requestId: string) => void) {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void call<{ result?: { user_id?: number | string } }>('/web-api/user/config').then((answer) => {
      const userId = answer.ok ? answer.data.result?.user_id : undefined;
      if (cancelled || userId === undefined || typeof WebSocket === 'undefined') return;
      stop = getRealtime().subscribe(`user:${userId}`, (data) => {
        const message = data as { type?: unknown; requestId?: unknown } | null;
        if (message?.type === 'support' && typeof message.requestId === 'string')
          onSupport(message.requestId);
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [onSupport]);
}

export function StatusBadge({ status }: { status: Status }) {
  const t = useT('office-more');
  return (
    <span className={styles.status} data-status={status} data-testid="support-status">
      {t(`support.status.${status}`)}
    </span>
  );
}

function NewRequestForm({ topics, onOpened }: { topics: string[]; onOpened: (id: string) => void }) {
  const t = useT('office-more');
  const te = useT('errors');
  const [topic, setTopic] = useState(topics[0] ?? 'other');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (file && file.size > MAX_FILE_BYTES) return setError('SUPPORT_ATTACHMENT_TOO_LARGE');
    setBusy(true);
    setError(null);
    const answer = await call<{ request: ThreadView }>(`${BASE}/requests`, {
      body: { topic, subject, text, attachment: await attachmentOf(file) },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.code);
    setSubject('');
    setText('');
    setFile(null);
    onOpened(answer.data.request.id);
  };
  return (
    <form
      className={styles.form}
      aria-labelledby="support-new"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="support-new">{t('support.new_title')}</h2>
      <Field as="label">
        <span>{t('support.topic')}</span>
        <select value={topic} onChange={(e) => setTopic(e.target.value)} name="topic">
          {topics.map((code) => (
            <option key={code} value={code}>
              {t(`support.topics.${code}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field as="label">
        <span>{t('support.subject')}</span>
        <input
          name="subject"
          required
          maxLength={200}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
      </Field>
      <Field as="label">
        <span>{t('support.text')}</span>
        <textarea
          name="text"
          required
          maxLength={MAX_TEXT}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <div>
        <FilePicker
          label={t('support.attachment')}
          chooseText={t('support.choose_file')}
          noneText={t('support.no_file')}
          accept={ACCEPT}
          onFiles={(files) => setFile(files[0] ?? null)}
        />
        <span className={styles.muted}>{t('support.attachment_hint')}</span>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {errorText(te, t, error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('support.send_request')}
        </Button>
      </div>
    </form>
  );
}

export function Thread({
  id,
  lng,
  reloadKey,
  onChanged,
}: {
  id: string;
  lng: string;
  reloadKey: number;
  onChanged: () => void;
}) {
  const t = useT('office-more');
  const te = useT('errors');
  const clock = useOfficeClock();
  const [thread, setThread] = useState<ThreadView | null>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  useEffect(() => {
    let cancelled = false;
    void call<{ request: ThreadView }>(`${BASE}/requests/${id}`).then((a) => {
      if (!cancelled && a.ok) setThread(a.data.request);
    });
    return () => {
      cancelled = true;
    };
  }, [id, reloadKey]);
  if (!thread || thread.id !== id) return <Skeleton height="200px" />;
  const act = async (path: string, body: unknown) => {
    setBusy(true);
    setError(null);
    const answer = await call(`${BASE}/requests/${id}/${path}`, { body });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.code);
      return false;
    }
    onChanged();
    return true;
  };
  const send = async () => {
    if (file && file.size > MAX_FILE_BYTES) return setError('SUPPORT_ATTACHMENT_TOO_LARGE');
    if (await act('messages', { text, attachment: await attachmentOf(file) })) {
      setText('');
      setFile(null);
    }
  };
  return (
    <section aria-labelledby={headingId} className={styles.form} data-testid="support-thread">
      <h2 id={headingId}>
        {thread.subject} <StatusBadge status={thread.status} />
      </h2>
      <p className={styles.meta}>
        {t(`support.topics.${thread.topic}`)} · №{thread.id}
      </p>
      <ol className={styles.thread} aria-label={t('support.messages')} aria-live="polite">
        {thread.messages.map((m) => (
          <li key={m.id} className={styles.message} data-author={m.author}>
            <div className={styles.meta}>
              {t(`support.author.${m.author}`)} · {when(m.createdAt, lng, clock)}
            </div>
            {m.text}
            {m.attachment ? (
              <div>
                <a href={m.attachment.url} target="_blank" rel="noreferrer">
                  {t('support.open_attachment', { name: m.attachment.name })}
                </a>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {thread.status === 'closed' ? (
        thread.rating === null ? (
          <fieldset className={styles.actions}>
            <legend>{t('support.rate')}</legend>
            <div className={styles.stars}>
              {[1, 2, 3, 4, 5].map((n) => (
                <Button key={n} disabled={busy} onClick={() => void act('rating', { rating: n })}>
                  {t('support.star', { n: String(n) })}
                </Button>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className={styles.muted}>{t('support.rated', { n: String(thread.rating) })}</p>
        )
      ) : (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Field as="label">
            <span>{t('support.reply')}</span>
            <textarea
              name="reply"
              maxLength={MAX_TEXT}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <FilePicker
            label={t('support.attachment')}
            chooseText={t('support.choose_file')}
            noneText={t('support.no_file')}
            accept={ACCEPT}
            onFiles={(files) => setFile(files[0] ?? null)}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={busy || (text.trim() === '' && !file)}>
              {t('support.send')}
            </Button>
            <Button type="button" disabled={busy} onClick={() => void act('close', {})}>
              {t('support.close')}
            </Button>
          </div>
        </form>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {errorText(te, t, error)}
        </p>
      ) : null}
    </section>
  );
}

export function SupportSection({ lng }: { lng: string }) {
  const t = useT('office-more');
  const clock = useOfficeClock();
  const [requests, setRequests] = useState<RequestView[] | null>(null);
  const [topics, setTopics] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => {
    void call<{ requests: RequestView[] }>(`${BASE}/requests`).then(
      (a) => a.ok && setRequests(a.data.requests),
    );
    setReloadKey((k) => k + 1);
  }, []);
  useEffect(() => {
    reload();
    void call<{ topics: string[] }>(`${BASE}/topics`).then((a) => a.ok && setTopics(a.data.topics));
  }, [reload]);
  useUserTopic(reload);
  // ?request=<id>: the thread a link of the support request history modal points at.
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('request');
    if (id && /^\d{1,18}$/.test(id)) setSelected(id);
  }, []);
  if (!requests || topics.length === 0) return <Skeleton height="240px" />;
  return (
    <div className={styles.layout}>
      <section aria-labelledby="support-list">
        <h2 id="support-list">{t('support.list_title')}</h2>
        {requests.length === 0 ? (
          <p className={styles.muted}>{t('support.none')}</p>
        ) : (
          <ul className={styles.list}>
            {requests.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className={styles.item}
                  aria-current={r.id === selected ? 'true' : undefined}
                  onClick={() => setSelected(r.id)}
                >
                  <span>
                    <span className={styles.subject}>{r.subject}</span>
                    <br />
                    <span className={styles.meta}>
                      {t(`support.topics.${r.topic}`)} · {when(r.updatedAt, lng, clock)}
                    </span>
                  </span>
                  <StatusBadge status={r.status} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {selected ? (
          <p>
            <Button onClick={() => setSelected(null)}>{t('support.new_button')}</Button>
          </p>
        ) : null}
      </section>
      {selected ? (
        <Thread id={selected} lng={lng} reloadKey={reloadKey} onChanged={reload} />
      ) : (
        <NewRequestForm
          topics={topics}
          onOpened={(id) => {
            reload();
            setSelected(id);
          }}
        />
      )}
    </div>
  );
}

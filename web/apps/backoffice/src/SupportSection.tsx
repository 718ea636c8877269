/**
 * The support inbox: players' requests waiting for an answer (or all), one opened with its
 * messages, answered or closed through the support service; the player's open page hears of it.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, Table } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import p from './Players.module.css';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

interface RequestRow {
  id: string;
  userId: string;
  topic: string;
  subject: string;
  status: 'open' | 'answered' | 'closed';
  updatedAt: string;
}
interface Thread extends RequestRow {
  messages: { id: string; author: 'player' | 'operator'; text: string; createdAt: string }[];
}

export function SupportSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const [filter, setFilter] = useState<'waiting' | 'all'>('waiting');
  const [rows, setRows] = useState<RequestRow[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(async (which: 'waiting' | 'all') => {
    const answer = await call<{ requests: RequestRow[] }>(`/support?filter=${which}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.requests);
  }, []);
  useEffect(() => {
    void load(filter);
  }, [load, filter]);

  return (
    <section className={styles.panel} aria-labelledby="bo-support">
      <h2 id="bo-support" className={styles.subheading}>
        {t('support.title')}
      </h2>
      <div className={`${styles.inlineForm} ${p.filter}`}>
        <SelectField
          label={t('support.show')}
          value={filter}
          onChange={(e) => setFilter(e.target.value === 'all' ? 'all' : 'waiting')}
        >
          <option value="waiting">{t('support.waiting')}</option>
          <option value="all">{t('support.all')}</option>
        </SelectField>
      </div>
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('support.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="support-requests">
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t('support.id')}
                </th>
                <th scope="col">{t('support.subject')}</th>
                <th scope="col">{t('support.player')}</th>
                <th scope="col">{t('support.status')}</th>
                <th scope="col" className={styles.num}>
                  {t('support.updated')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`support-${r.id}`}>
                  <td className={styles.num}>{r.id}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={open === r.id}
                      onClick={() => setOpen(open === r.id ? null : r.id)}
                    >
                      {r.subject}
                    </Button>
                  </td>
                  <td>#{r.userId}</td>
                  <td>{t(`support.statuses.${r.status}`)}</td>
                  <td className={styles.num}>{when(r.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {open ? <ThreadView key={open} me={me} id={open} onChange={() => load(filter)} /> : null}
    </section>
  );
}

function ThreadView({ me, id, onChange }: { me: Me; id: string; onChange(): Promise<void> }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const when = useDateTime();
  const [thread, setThread] = useState<Thread | null>(null);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const mayAnswer = me.actions.includes('support.answer');

  const load = useCallback(async () => {
    const answer = await call<Thread>(`/support/${id}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setThread(answer.data);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (path: string, body: unknown, done: string) => {
    const answer = await post(path, body);
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok ? { kind: 'success', text: done } : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    if (answer.ok) {
      setText('');
      await Promise.all([load(), onChange()]);
    }
  };
  const answer = (event: FormEvent) => {
    event.preventDefault();
    void act(`/support/${id}/answer`, { text: text.trim() }, t('support.answered', { id }));
  };

  if (!thread) return <p className={styles.muted}>{t('loading')}</p>;
  return (
    <div className={styles.stack} data-testid="support-thread">
      <h3 className={styles.subheading}>
        #{thread.id} · {thread.subject} · {t(`support.statuses.${thread.status}`)}
      </h3>
      <ol className={p.thread} aria-label={t('support.messages')}>
        {thread.messages.map((m) => (
          <li key={m.id} className={`${p.message} ${m.author === 'operator' ? p.fromOperator : ''}`}>
            <strong>{t(`support.authors.${m.author}`)}</strong> · {when(m.createdAt)}
            <br />
            {m.text}
          </li>
        ))}
      </ol>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {mayAnswer && thread.status !== 'closed' ? (
        <form className={styles.stack} onSubmit={answer}>
          <label className={styles.muted}>
            {t('support.answer')}
            <textarea
              className={p.textArea}
              name="answer"
              value={text}
              maxLength={4000}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <div className={styles.buttons}>
            <Button type="submit" variant="primary" disabled={text.trim().length === 0}>
              {t('support.send')}
            </Button>
            <Button onClick={() => void act(`/support/${id}/close`, {}, t('support.closed', { id }))}>
              {t('support.close')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/**
 * The ban appeal history (block-appeal-history, the blocked layout): the banned player's appeals
 * (support requests of the topic ban_appeal) with their messages and status, newest first, a reply
 * to an appeal still open, and a new appeal. Support's answers arrive without reload (/ws
 * {type:'support'} on user:<id>, as in the support section).
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Field, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../money/money-api.ts';
import styles from './Support.module.css';
import {
  BASE,
  errorText,
  MAX_TEXT,
  type RequestView,
  Thread,
  type ThreadView,
  useUserTopic,
} from './SupportSection.tsx';

export const APPEAL_TOPIC = 'ban_appeal';
/** Appeals shown with their messages (each loads its thread); older ones stay on the server. */
export const APPEALS_SHOWN = 10;

function NewAppealForm({ onSent }: { onSent: () => void }) {
  const t = useT('office-more');
  const te = useT('errors');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    setSent(false);
    const answer = await call<{ request: ThreadView }>(`${BASE}/requests`, {
      body: { topic: APPEAL_TOPIC, subject: t('appeal.subject'), text },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.code);
    setText('');
    setSent(true);
    onSent();
  };
  return (
    <form
      className={styles.form}
      aria-labelledby="appeal-new"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="appeal-new">{t('appeal.new_title')}</h2>
      <Field as="label">
        <span>{t('appeal.text')}</span>
        <textarea
          name="appeal"
          required
          maxLength={MAX_TEXT}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {error ? (
        <p className={styles.error} role="alert">
          {errorText(te, t, error)}
        </p>
      ) : null}
      {sent ? <p role="status">{t('appeal.sent')}</p> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy || text.trim() === ''}>
          {t('appeal.send')}
        </Button>
      </div>
    </form>
  );
}

export function AppealHistory({ lng }: { lng: string }) {
  const t = useT('office-more');
  const [appeals, setAppeals] = useState<RequestView[] | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => {
    void call<{ requests: RequestView[] }>(`${BASE}/requests?topic=${APPEAL_TOPIC}`).then(
      (a) => a.ok && setAppeals(a.data.requests),
    );
    setReloadKey((k) => k + 1);
  }, []);
  useEffect(() => reload(), [reload]);
  useUserTopic(reload);
  if (!appeals) return <Skeleton height="240px" />;
  return (
    <div className={styles.appeals} data-testid="appeal-history">
      <p className={styles.muted}>{t('appeal.intro')}</p>
      <section aria-labelledby="appeal-list" className={styles.appealList}>
        <h2 id="appeal-list">{t('appeal.list_title')}</h2>
        {appeals.length === 0 ? (
          <p className={styles.muted}>{t('appeal.none')}</p>
        ) : (
          appeals
            .slice(0, APPEALS_SHOWN)
            .map((appeal) => (
              <Thread key={appeal.id} id={appeal.id} lng={lng} reloadKey={reloadKey} onChanged={reload} />
            ))
        )}
      </section>
      <NewAppealForm onSent={reload} />
    </div>
  );
}

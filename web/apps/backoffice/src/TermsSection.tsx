/**
 * Terms publication: when the terms in force took effect, and a new version published now or at a
 * later moment through the auth module's terms service. From that moment every signed-in player who
 * accepted older terms is asked to confirm them before placing bets or paying.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

interface TermsState {
  inForceSince: string | null;
  confirmationEnabled: boolean;
}

export function TermsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const when = useDateTime();
  const manage = me.actions.includes('content.manage');
  const [state, setState] = useState<TermsState | null>(null);
  const [note, setNote] = useState('');
  const [effectiveAt, setEffectiveAt] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await call<TermsState>('/terms');
    leaveIfSignedOut(answer);
    if (answer.ok) setState(answer.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await post<{ effectiveAt: string }>('/terms', {
      note: note.trim(),
      ...(effectiveAt ? { effectiveAt: new Date(effectiveAt).toISOString() } : {}),
    });
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok
        ? { kind: 'success', text: t('terms.published', { at: when(answer.data.effectiveAt) }) }
        : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    if (answer.ok) {
      setNote('');
      setEffectiveAt('');
      await load();
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="bo-terms">
      <h2 id="bo-terms" className={styles.subheading}>
        {t('terms.title')}
      </h2>
      {!state ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : (
        <div className={styles.stack}>
          <p data-testid="terms-in-force">
            {state.inForceSince ? t('terms.inForce', { at: when(state.inForceSince) }) : t('terms.none')}
          </p>
          {!state.confirmationEnabled ? <Message kind="error">{t('terms.confirmationOff')}</Message> : null}
          <p className={styles.muted}>{t('terms.lead')}</p>
        </div>
      )}
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {manage ? (
        <form className={styles.inlineForm} onSubmit={publish} aria-label={t('terms.publish')}>
          <TextField
            label={t('terms.note')}
            hint={t('terms.noteHint')}
            value={note}
            required
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
          />
          <TextField
            label={t('terms.effectiveAt')}
            hint={t('terms.effectiveAtHint')}
            type="datetime-local"
            value={effectiveAt}
            onChange={(e) => setEffectiveAt(e.target.value)}
          />
          <Button type="submit" variant="primary" disabled={note.trim() === ''}>
            {t('terms.publish')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}

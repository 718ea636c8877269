/**
 * Terms publication: when the terms in force took effect, and a new version published now or at a
 * later moment through the auth module's terms service. From that moment every signed-in player who
 * accepted older terms is asked to confirm them before placing bets or paying.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import { type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { NoticeLine, Panel, useDeskQuery, useNotice } from './desk.tsx';
import { useDateTime } from './SessionsTable.tsx';

interface TermsState {
  inForceSince: string | null;
  confirmationEnabled: boolean;
}

export function TermsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const manage = me.actions.includes('content.manage');
  const { data: state, reload: load } = useDeskQuery<TermsState>('/terms');
  const [note, setNote] = useState('');
  const [effectiveAt, setEffectiveAt] = useState('');
  const { notice, report } = useNotice();

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await post<{ effectiveAt: string }>('/terms', {
      note: note.trim(),
      ...(effectiveAt ? { effectiveAt: new Date(effectiveAt).toISOString() } : {}),
    });
    if (report(answer, (d) => t('terms.published', { at: when(d.effectiveAt) }))) {
      setNote('');
      setEffectiveAt('');
      await load();
    }
  };

  return (
    <Panel id="bo-terms" title={t('terms.title')}>
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
      <NoticeLine notice={notice} />
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
    </Panel>
  );
}

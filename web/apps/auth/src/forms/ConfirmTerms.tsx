/**
 * The confirm-terms page (site-shell §4): the player accepts the changed terms, or logs out. A failed
 * confirmation opens the shell's non-closable error modal (information_confirm_terms_error).
 */
import { announceSessionChange } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { openModal } from '@parlay/mf/host-api.ts';
import { Button, Message } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { authApi } from './auth-api.ts';
import styles from './forms.module.css';

export function ConfirmTerms({ lng }: { lng: string }) {
  const t = useT('auth');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const result = await authApi.confirmTerms();
    setBusy(false);
    if (!result.ok) {
      openModal('confirm-terms-error');
      return;
    }
    announceSessionChange({ kind: 'terms-confirmed', returnUrl: `/${lng}/` });
  };
  const logout = async () => {
    await fetch('/web-api/auth/v1/disconnect', { method: 'POST', credentials: 'same-origin' }).catch(
      () => null,
    );
    location.assign(`/${lng}/`);
  };
  return (
    <div className={styles.form}>
      <Message kind="info">{t('terms.text')}</Message>
      <p className={styles.muted}>
        <a href={`/${lng}/information/rules`}>{t('terms.read')}</a>
      </p>
      <div className={styles.actions}>
        <Button variant="primary" disabled={busy} onClick={() => void confirm()}>
          {t('terms.accept')}
        </Button>
        <Button variant="ghost" onClick={() => void logout()}>
          {t('terms.logout')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The header's user area (DESIGN.md): guests get Log in and Register (the only filled brand button);
 * players get the active account balance with its currency, Deposit and the profile menu with logout.
 */
import { formatMoneyAmount } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { openModal } from '@parlay/mf/host-api.ts';
import { Button } from '@parlay/ui/index.ts';
import { useSyncExternalStore } from 'react';
import { getSession, type SessionSnapshot, subscribeSession } from './session-store.ts';
import styles from './UserArea.module.css';

/** `rendered`: the session and balance the server drew, which hydration must reproduce. */
export function UserArea({ lng, rendered }: { lng: string; rendered: SessionSnapshot }) {
  const t = useT('common');
  const session = useSyncExternalStore(subscribeSession, getSession, () => rendered);
  if (session.status.userId === null) {
    return (
      <div className={styles.area} data-testid="user-area" data-signed-in="false">
        <Button
          variant="ghost"
          className={styles.login}
          onClick={() => openModal('login')}
          data-testid="header-login"
        >
          {t('user.login')}
        </Button>
        <a
          className={styles.register}
          href={`/${lng}/registration`}
          onClick={(event) => {
            event.preventDefault();
            openModal('registration');
          }}
          data-testid="header-register"
        >
          {t('user.register')}
        </a>
      </div>
    );
  }
  const account = session.account;
  return (
    <div className={styles.area} data-testid="user-area" data-signed-in="true">
      <a className={styles.balance} href={`/${lng}/office/account`} aria-label={t('user.balance_label')}>
        <span className={styles.balanceValue} data-testid="header-balance">
          {account ? formatMoneyAmount(account.money, account.iso, lng) : '…'}
        </span>
      </a>
      <a className={styles.deposit} href={`/${lng}/office/recharge`}>
        {t('user.deposit')}
      </a>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: listens to clicks bubbling from the menu links, which the keyboard fires too */}
      <details
        className={styles.profile}
        onClick={(event) => {
          // A chosen entry closes the menu (client navigations keep the header mounted).
          if ((event.target as Element).closest('a')) event.currentTarget.open = false;
        }}
      >
        <summary className={styles.profileSummary} aria-label={t('user.profile_menu')}>
          <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="8" cy="5" r="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M2 15c0-3.3 2.7-5 6-5s6 1.7 6 5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </summary>
        <div className={styles.menu}>
          <a href={`/${lng}/office/account`}>{t('user.personal')}</a>
          <a href={`/${lng}/office/security`}>{t('user.security')}</a>
          <a href={`/${lng}/office/history`}>{t('user.history')}</a>
          <button
            type="button"
            className={styles.logout}
            onClick={() => void import('./logout.ts').then(({ logout }) => logout(lng))}
          >
            {t('user.logout')}
          </button>
        </div>
      </details>
    </div>
  );
}

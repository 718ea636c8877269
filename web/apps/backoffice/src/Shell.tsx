/**
 * The signed-in frame: a left navigation of the sections the operator's role may open (from
 * GET /me; sections not built yet are not shown), a top bar with the operator and sign-out, and
 * the section. Without a session the browser goes to the sign-in page.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Skeleton } from '@parlay/ui/index.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';

const SECTION_PATHS: Record<string, string> = {
  dashboard: '',
  withdrawals: '/withdrawals',
  operators: '/operators',
  audit: '/audit',
  players: '/players',
  adjustments: '/adjustments',
  alerts: '/alerts',
  support: '/support',
  trading: '/trading',
  bets: '/bets',
  payments: '/payments',
  casino: '/casino',
  bonuses: '/bonuses',
  content: '/content',
  blocks: '/blocks',
  redirects: '/redirects',
  terms: '/terms',
  config: '/config',
};
const SECTION_ROUTES: Record<string, string> = {
  backoffice: 'dashboard',
  'backoffice-withdrawals': 'withdrawals',
  'backoffice-operators': 'operators',
  'backoffice-audit': 'audit',
  'backoffice-players': 'players',
  'backoffice-adjustments': 'adjustments',
  'backoffice-alerts': 'alerts',
  'backoffice-support': 'support',
  'backoffice-trading': 'trading',
  'backoffice-bets': 'bets',
  'backoffice-payments': 'payments',
  'backoffice-casino': 'casino',
  'backoffice-bonuses': 'bonuses',
  'backoffice-content': 'content',
  'backoffice-blocks': 'blocks',
  'backoffice-redirects': 'redirects',
  'backoffice-terms': 'terms',
  'backoffice-config': 'config',
};

export function signInPath(lng: string): string {
  return `/${lng}/backoffice/sign-in`;
}

/** Sends the browser to sign-in when an answer says the session is gone (signed out, idle, revoked). */
export function leaveIfSignedOut(answer: { ok: boolean; status?: number }): void {
  if (!answer.ok && answer.status === 401 && typeof window !== 'undefined') {
    const lng = window.location.pathname.split('/')[1] ?? 'en';
    window.location.assign(signInPath(lng));
  }
}

export function Shell({ lng, route, children }: { lng: string; route: string; children(me: Me): ReactNode }) {
  const t = useT('backoffice');
  const [me, setMe] = useState<Me | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void call<Me>('/me').then((answer) => {
      if (answer.ok) setMe(answer.data);
      else if (answer.status === 401) window.location.assign(signInPath(lng));
      else setFailed(true);
    });
  }, [lng]);
  const section = SECTION_ROUTES[route] ?? 'dashboard';
  const signOut = async () => {
    await post('/sign-out');
    window.location.assign(signInPath(lng));
  };
  return (
    <div className={styles.shell} data-testid="backoffice-shell">
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <p className={styles.brand}>{t('brand')}</p>
        {me ? (
          <ul className={styles.navList}>
            {me.sections.map((id) => (
              <li key={id}>
                <a
                  className={styles.navLink}
                  href={`/${lng}/backoffice${SECTION_PATHS[id] ?? ''}`}
                  aria-current={id === section ? 'page' : undefined}
                >
                  {t(`sections.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <Skeleton height="120px" />
        )}
      </nav>
      <div className={styles.main}>
        <header className={styles.topBar}>
          <h1 className={styles.heading}>{t(`sections.${section}`)}</h1>
          {me ? (
            <div className={styles.who}>
              <span data-testid="backoffice-operator">
                {me.login} · {t(`roles.${me.role}`)}
              </span>
              <Button size="sm" variant="ghost" onClick={() => void signOut()}>
                {t('signOut')}
              </Button>
            </div>
          ) : null}
        </header>
        {failed ? <p role="alert">{t('loadFailed')}</p> : null}
        {me ? (
          me.sections.includes(section) ? (
            children(me)
          ) : (
            <p role="alert">{t('notAllowed')}</p>
          )
        ) : (
          <Skeleton height="240px" />
        )}
      </div>
    </div>
  );
}

/**
 * The dashboard: the figures (turnover, GGR, margin, counts, deposits and withdrawals, charts,
 * tables, live tiles) for the roles with `dashboard.figures`; then who is signed in and the own sessions.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import type { Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DashboardFigures } from './DashboardFigures.tsx';
import { SessionsTable } from './SessionsTable.tsx';

export function Dashboard({ me }: { me: Me }) {
  const t = useT('backoffice');
  return (
    <div className={styles.stack}>
      {me.actions.includes('dashboard.figures') ? <DashboardFigures /> : null}
      <section className={styles.panel} aria-labelledby="bo-welcome">
        <h2 id="bo-welcome" className={styles.subheading}>
          {t('dashboard.welcome', { login: me.login })}
        </h2>
        <p className={styles.muted}>
          {t('dashboard.role', { role: t(`roles.${me.role}`) })}{' '}
          {t('dashboard.idle', { count: me.idleTimeoutMinutes })}
        </p>
      </section>
      <section className={styles.panel} aria-labelledby="bo-own-sessions">
        <h2 id="bo-own-sessions" className={styles.subheading}>
          {t('sessions.own')}
        </h2>
        <SessionsTable path="/sessions" />
      </section>
    </div>
  );
}

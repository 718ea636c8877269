/**
 * The activity side of a profile, newest first: ledger transfers, bets, casino rounds, bonuses,
 * sign-in sessions and the manual adjustments proposed for the player.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Table } from '@parlay/ui/index.ts';
import type { ReactNode } from 'react';
import styles from './Backoffice.module.css';
import p from './Players.module.css';
import type { Profile } from './player-view.ts';
import { useDateTime } from './SessionsTable.tsx';

type Row = Record<string, string | number | boolean | null>;

/** One card: a heading and a table of the given columns (or "nothing yet"). */
function Listing({
  id,
  title,
  heads,
  rows,
}: {
  id: string;
  title: string;
  heads: string[];
  rows: ReactNode[][];
}) {
  const t = useT('backoffice');
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.subheading}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('players.nothing')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table}>
            <thead>
              <tr>
                {heads.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i}>
                  {cells.map((c, j) => (
                    <td key={j}>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

export function PlayerActivity({ profile }: { profile: Profile }) {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const money = (minor: unknown, iso: unknown) =>
    minor === null || minor === undefined ? '—' : format.money(String(minor), String(iso));
  const a = (k: string) => t(`players.activity.${k}`);
  const rows = (list: unknown[]) => list as Row[];
  return (
    <div className={p.grid}>
      <Listing
        id="bo-transfers"
        title={a('transfers')}
        heads={[a('at'), a('reason'), a('amount')]}
        rows={rows(profile.transfers).map((x) => [
          when(String(x.createdAt)),
          <code key="r">{x.reason}</code>,
          <span key="m" className={String(x.amountMinor).startsWith('-') ? p.negative : p.positive}>
            {money(x.amountMinor, x.currency)}
          </span>,
        ])}
      />
      <Listing
        id="bo-adjustments"
        title={t('adjustments.title')}
        heads={[a('at'), a('amount'), a('reason'), a('status')]}
        rows={rows(profile.adjustments).map((x) => [
          when(String(x.proposedAt)),
          money(x.amountMinor, x.currency),
          String(x.reason),
          t(`adjustments.statuses.${x.status}`),
        ])}
      />
      <Listing
        id="bo-bets"
        title={a('bets')}
        heads={[a('at'), a('stake'), a('odds'), a('status'), a('payout')]}
        rows={rows(profile.bets).map((x) => [
          when(String(x.placed_at)),
          money(x.stake, x.currency),
          x.coef_milli === null ? '—' : format.number(Number(x.coef_milli) / 1000),
          String(x.status),
          money(x.payout, x.currency),
        ])}
      />
      <Listing
        id="bo-rounds"
        title={a('rounds')}
        heads={[a('at'), a('game'), a('stake'), a('payout'), a('status')]}
        rows={rows(profile.rounds).map((x) => [
          when(String(x.created_at)),
          String(x.game_id),
          money(x.staked, x.currency),
          money(x.payout, x.currency),
          String(x.status),
        ])}
      />
      <Listing
        id="bo-bonuses"
        title={a('bonuses')}
        heads={[a('at'), a('kind'), a('amount'), a('status'), a('expires')]}
        rows={rows(profile.bonuses).map((x) => [
          when(String(x.granted_at)),
          String(x.kind),
          money(x.amount_minor, x.currency),
          String(x.status),
          when(String(x.expires_at)),
        ])}
      />
      <Listing
        id="bo-player-sessions"
        title={a('sessions')}
        heads={[a('at'), a('lastSeen'), a('method'), a('ip'), a('ended')]}
        rows={rows(profile.sessions).map((x) => [
          when(String(x.created_at)),
          when(String(x.last_seen_at)),
          String(x.method),
          String(x.ip),
          x.revoked_at ? when(String(x.revoked_at)) : '—',
        ])}
      />
    </div>
  );
}

/** The dashboard's tables (by product, sport, game; casino RTP) and its live tiles. */
import { useFormat, useLanguage, useT } from '@parlay/i18n/runtime.tsx';
import styles from './Backoffice.module.css';
import own from './Dashboard.module.css';
import type { FiguresRow, LiveAnswer, RtpRow } from './DashboardTypes.ts';
import { DataTable } from './DataTable.tsx';

const localeOf = (lng: string) => (lng === 'ru' ? 'ru-RU' : 'en-GB');

function percent(lng: string, value: number | null): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(localeOf(lng), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

export function BreakdownTable({
  id,
  title,
  rows,
  currency,
  withProduct = false,
  csvHref,
}: {
  id: string;
  title: string;
  rows: FiguresRow[];
  currency: string;
  withProduct?: boolean;
  csvHref: string;
}) {
  const t = useT('backoffice');
  const lng = useLanguage();
  const format = useFormat();
  const money = (minor: string) => format.money(minor, currency);
  return (
    <section className={own.block} aria-labelledby={`${id}-title`}>
      <div className={own.blockHead}>
        <h3 id={`${id}-title`} className={own.blockTitle}>
          {title}
        </h3>
        <a className={own.csv} href={csvHref} download>
          {t('figures.csv')}
        </a>
      </div>
      <DataTable
        rows={rows}
        empty={t('figures.noData')}
        testId={id}
        columns={[
          { label: t('figures.name') },
          withProduct && { label: t('figures.product') },
          { label: t('figures.turnover'), num: true },
          { label: t('figures.payouts'), num: true },
          { label: t('figures.ggr'), num: true },
          { label: t('figures.margin'), num: true },
          { label: t('figures.bets'), num: true },
          { label: t('figures.rounds'), num: true },
        ]}
        row={(r) => (
          <tr key={`${r.product}-${r.key}-${r.currency}`} data-testid={`${id}-${r.product}-${r.key}`}>
            <th scope="row">{r.label}</th>
            {withProduct ? <td>{t(`figures.products.${r.product}`)}</td> : null}
            <td className={styles.num}>{money(r.turnoverMinor)}</td>
            <td className={styles.num}>{money(r.payoutsMinor)}</td>
            <td className={styles.num}>{money(r.ggrMinor)}</td>
            <td className={styles.num}>{percent(lng, r.margin)}</td>
            <td className={styles.num}>{format.number(r.bets)}</td>
            <td className={styles.num}>{format.number(r.rounds)}</td>
          </tr>
        )}
      />
    </section>
  );
}

export function RtpTable({ rows, csvHref }: { rows: RtpRow[]; csvHref: string }) {
  const t = useT('backoffice');
  const lng = useLanguage();
  const format = useFormat();
  return (
    <section className={own.block} aria-labelledby="rtp-title">
      <div className={own.blockHead}>
        <h3 id="rtp-title" className={own.blockTitle}>
          {t('figures.rtpTitle')}
        </h3>
        <a className={own.csv} href={csvHref} download>
          {t('figures.csv')}
        </a>
      </div>
      <p className={styles.muted}>{t('figures.rtpHint')}</p>
      <DataTable
        rows={rows}
        empty={t('figures.noData')}
        testId="rtp-table"
        columns={[
          { label: t('figures.game') },
          { label: t('figures.rounds'), num: true },
          { label: t('figures.staked'), num: true },
          { label: t('figures.paid'), num: true },
          { label: t('figures.measured'), num: true },
          { label: t('figures.declared'), num: true },
          { label: t('figures.flag') },
        ]}
        row={(r) => (
          <tr key={`${r.gameId}-${r.currency}`}>
            <th scope="row">{r.name}</th>
            <td className={styles.num}>{format.number(r.rounds)}</td>
            <td className={styles.num}>{format.money(r.stakedMinor, r.currency)}</td>
            <td className={styles.num}>{format.money(r.paidMinor, r.currency)}</td>
            <td className={styles.num}>{percent(lng, r.measured)}</td>
            <td className={styles.num}>{percent(lng, r.declared)}</td>
            <td>
              <span className={r.flag === 'far' ? `${styles.badge} ${styles.badgeBad}` : styles.badge}>
                {t(`figures.flags.${r.flag}`)}
              </span>
            </td>
          </tr>
        )}
      />
    </section>
  );
}

export function LiveTiles({ live }: { live: LiveAnswer | null }) {
  const t = useT('backoffice');
  const lng = useLanguage();
  const format = useFormat();
  const time = live
    ? new Intl.DateTimeFormat(localeOf(lng), {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(live.at))
    : '';
  return (
    <section className={own.block} aria-labelledby="live-title" data-testid="live-tiles">
      <div className={own.blockHead}>
        <h3 id="live-title" className={own.blockTitle}>
          <span className={own.pulse} aria-hidden="true" />
          {t('figures.liveTitle')}
        </h3>
        <span className={styles.muted} aria-live="off">
          {live ? t('figures.updatedAt', { time }) : t('loading')}
        </span>
      </div>
      <dl className={own.tiles}>
        <div className={own.tile}>
          <dt className={own.tileLabel}>{t('figures.betsPerSecond')}</dt>
          <dd className={own.tileValue}>
            {live ? format.number(live.betsPerSecond, { upTo: 2 }) : '—'}
            {live ? (
              <span className={own.tileSub}>{t('figures.lastMinute', { count: live.betsLastMinute })}</span>
            ) : null}
          </dd>
        </div>
        <div className={own.tile}>
          <dt className={own.tileLabel}>{t('figures.liability')}</dt>
          <dd className={own.tileValue}>
            {live && live.liability.length > 0
              ? live.liability.map((l) => (
                  <span key={l.currency} className={own.tileLine}>
                    {format.money(l.liabilityMinor, l.currency)}
                  </span>
                ))
              : '—'}
          </dd>
        </div>
        <div className={own.tile}>
          <dt className={own.tileLabel}>{t('figures.openRounds')}</dt>
          <dd className={own.tileValue}>{live ? format.number(live.openRounds) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

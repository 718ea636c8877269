/** The dashboard's tables (by product, sport, game; casino RTP) and its live tiles. */
import { useFormat, useLanguage, useT } from '@parlay/i18n/runtime.tsx';
import { Table } from '@parlay/ui/index.ts';
import styles from './Backoffice.module.css';
import own from './Dashboard.module.css';
import type { FiguresRow, LiveAnswer, RtpRow } from './DashboardTypes.ts';

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
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('figures.noData')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid={id}>
            <thead>
              <tr>
                <th scope="col">{t('figures.name')}</th>
                {withProduct ? <th scope="col">{t('figures.product')}</th> : null}
                <th scope="col" className={styles.num}>
                  {t('figures.turnover')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.payouts')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.ggr')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.margin')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.bets')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.rounds')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
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
              ))}
            </tbody>
          </Table>
        </div>
      )}
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
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('figures.noData')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="rtp-table">
            <thead>
              <tr>
                <th scope="col">{t('figures.game')}</th>
                <th scope="col" className={styles.num}>
                  {t('figures.rounds')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.staked')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.paid')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.measured')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('figures.declared')}
                </th>
                <th scope="col">{t('figures.flag')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
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
              ))}
            </tbody>
          </Table>
        </div>
      )}
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

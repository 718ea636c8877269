/**
 * The dashboard's figures (GET /backoffice-api/v1/dashboards/…): a period picker (today, 7 days,
 * 30 days, custom) and a product filter kept in the address, KPI tiles, charts (turnover and GGR by
 * day or hour, bets by product, deposits against withdrawals), tables by product, sport and game,
 * casino RTP measured against declared, CSV links, and live tiles polled every 5 s. Days and hours
 * are UTC, as the rollups keep them.
 */
import { useFormat, useLanguage, useT } from '@parlay/i18n/runtime.tsx';
import { SelectField, TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { API, call } from './api.ts';
import styles from './Backoffice.module.css';
import own from './Dashboard.module.css';
import { DashboardChart } from './DashboardChart.tsx';
import { BreakdownTable, LiveTiles, RtpTable } from './DashboardTables.tsx';
import type { FiguresAnswer, FiguresRow, LiveAnswer, RtpRow } from './DashboardTypes.ts';

const PRODUCTS = ['sportsbook', 'casino', 'lotto', 'toto'] as const;
const PERIODS = ['today', '7d', '30d', 'custom'] as const;
type Period = (typeof PERIODS)[number];
const DAY_MS = 86_400_000;
const LIVE_POLL_MS = 5_000;

interface Range {
  from: string;
  to: string;
  granularity: 'day' | 'hour';
}

const utcDay = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS);

/** The period's UTC range: today by hour, otherwise whole days (a custom range of two days or less by hour). */
export function periodRange(period: Period, now: number, custom: { from: string; to: string }): Range | null {
  const tomorrow = utcDay(now).getTime() + DAY_MS;
  if (period === 'today')
    return { from: utcDay(now).toISOString(), to: new Date(tomorrow).toISOString(), granularity: 'hour' };
  if (period === '7d' || period === '30d') {
    const days = period === '7d' ? 7 : 30;
    return {
      from: new Date(tomorrow - days * DAY_MS).toISOString(),
      to: new Date(tomorrow).toISOString(),
      granularity: 'day',
    };
  }
  const from = Date.parse(`${custom.from}T00:00:00Z`);
  const to = Date.parse(`${custom.to}T00:00:00Z`) + DAY_MS;
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from || to - from > 400 * DAY_MS) return null;
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    granularity: to - from <= 2 * DAY_MS ? 'hour' : 'day',
  };
}

/** Major units of an amount for a chart axis (the currency's own digits, from Intl). */
function majorOf(minor: string, currency: string): number {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // An unknown code: two digits, as most currencies have.
  }
  return Number(minor) / 10 ** digits;
}

function readAddress(): { period: Period; product: string; from: string; to: string } {
  const q = new URLSearchParams(window.location.search);
  const period = PERIODS.find((p) => p === q.get('period')) ?? '7d';
  const product = PRODUCTS.find((p) => p === q.get('product')) ?? '';
  const today = new Date().toISOString().slice(0, 10);
  return { period, product, from: q.get('from') ?? today, to: q.get('to') ?? today };
}

export function DashboardFigures() {
  const t = useT('backoffice');
  const lng = useLanguage();
  const format = useFormat();
  const [period, setPeriod] = useState<Period>('7d');
  const [product, setProduct] = useState('');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [currency, setCurrency] = useState('');
  const [figures, setFigures] = useState<FiguresAnswer | null>(null);
  const [sports, setSports] = useState<FiguresRow[] | null>(null);
  const [games, setGames] = useState<FiguresRow[] | null>(null);
  const [rtp, setRtp] = useState<RtpRow[] | null>(null);
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const a = readAddress();
    setPeriod(a.period);
    setProduct(a.product);
    setCustom({ from: a.from, to: a.to });
  }, []);

  const range = useMemo(
    () => (custom.from === '' ? null : periodRange(period, Date.now(), custom)),
    [period, custom],
  );
  const query = useMemo(() => {
    if (!range) return null;
    const q = new URLSearchParams({
      from: range.from,
      to: range.to,
      granularity: range.granularity,
      lang: lng,
    });
    if (product) q.set('product', product);
    return q.toString();
  }, [range, product, lng]);

  useEffect(() => {
    if (custom.from === '') return;
    const q = new URLSearchParams({ period, ...(product ? { product } : {}) });
    if (period === 'custom') {
      q.set('from', custom.from);
      q.set('to', custom.to);
    }
    window.history.replaceState(null, '', `${window.location.pathname}?${q}`);
  }, [period, product, custom]);

  useEffect(() => {
    if (!query) return;
    let stale = false;
    void Promise.all([
      call<FiguresAnswer>(`/dashboards/figures?${query}`),
      call<{ rows: FiguresRow[] }>(`/dashboards/breakdown?${query}&by=sport`),
      call<{ rows: FiguresRow[] }>(`/dashboards/breakdown?${query}&by=game`),
      call<{ rows: RtpRow[] }>(`/dashboards/rtp?${query}`),
    ]).then(([f, s, g, r]) => {
      if (stale) return;
      setFailed(!f.ok);
      setFigures(f.ok ? f.data : null);
      setSports(s.ok ? s.data.rows : []);
      setGames(g.ok ? g.data.rows : []);
      setRtp(r.ok ? r.data.rows : []);
    });
    return () => {
      stale = true;
    };
  }, [query]);

  const pollLive = useCallback(async () => {
    const answer = await call<LiveAnswer>('/dashboards/live');
    if (answer.ok) setLive(answer.data);
  }, []);
  useEffect(() => {
    void pollLive();
    const timer = setInterval(() => void pollLive(), LIVE_POLL_MS);
    return () => clearInterval(timer);
  }, [pollLive]);

  const currencies = figures?.totals.map((x) => x.currency) ?? [];
  const shown = currencies.includes(currency) ? currency : (currencies[0] ?? '');
  const totals = figures?.totals.find((x) => x.currency === shown) ?? null;
  const series = useMemo(() => (figures ? everyBucket(figures, shown) : []), [figures, shown]);
  const products = figures?.products.filter((x) => x.currency === shown) ?? [];
  const hourly = figures?.granularity === 'hour';
  const bucketLabel = (iso: string) =>
    new Intl.DateTimeFormat(lng === 'ru' ? 'ru-RU' : 'en-GB', {
      timeZone: 'UTC',
      ...(hourly
        ? { hour: '2-digit', minute: '2-digit', day: '2-digit', month: 'short' }
        : { day: '2-digit', month: 'short' }),
    }).format(new Date(iso));
  const money = (minor: string) => format.money(minor, shown);
  const compact = (value: number) =>
    new Intl.NumberFormat(lng === 'ru' ? 'ru-RU' : 'en-GB', {
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(value);
  const count = (value: number) => format.number(value);
  const csv = (path: string) => `${API}${path}${path.includes('?') ? '&' : '?'}${query ?? ''}&format=csv`;

  return (
    <section className={styles.panel} aria-labelledby="bo-figures">
      <div className={own.head}>
        <h2 id="bo-figures" className={styles.subheading}>
          {t('figures.title')}
        </h2>
        <p className={styles.muted}>{t('figures.utc')}</p>
      </div>
      <form className={own.filters} onSubmit={(e) => e.preventDefault()} aria-label={t('figures.filters')}>
        <fieldset className={own.periods}>
          <legend className={styles.visuallyHidden}>{t('figures.period')}</legend>
          {PERIODS.map((p) => (
            <label key={p} className={period === p ? own.periodOn : own.period}>
              <input
                type="radio"
                name="period"
                value={p}
                checked={period === p}
                onChange={() => setPeriod(p)}
              />
              {t(`figures.periods.${p}`)}
            </label>
          ))}
        </fieldset>
        {period === 'custom' ? (
          <>
            <TextField
              type="date"
              label={t('figures.from')}
              value={custom.from}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
            />
            <TextField
              type="date"
              label={t('figures.to')}
              value={custom.to}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
            />
          </>
        ) : null}
        <SelectField
          label={t('figures.product')}
          value={product}
          onChange={(e) => setProduct(e.target.value)}
        >
          <option value="">{t('figures.allProducts')}</option>
          {PRODUCTS.map((p) => (
            <option key={p} value={p}>
              {t(`figures.products.${p}`)}
            </option>
          ))}
        </SelectField>
        {currencies.length > 1 ? (
          <SelectField
            label={t('figures.currency')}
            value={shown}
            onChange={(e) => setCurrency(e.target.value)}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        ) : null}
      </form>
      {period === 'custom' && !range && custom.from !== '' ? (
        <p className={styles.muted} role="alert">
          {t('figures.badRange')}
        </p>
      ) : null}

      <LiveTiles live={live} />

      {failed ? (
        <p className={styles.muted}>{t('figures.failed')}</p>
      ) : !figures ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : (
        <>
          <dl className={own.tiles} data-testid="kpi-tiles">
            {totals ? (
              <>
                <Tile label={t('figures.turnover')} value={money(totals.turnoverMinor)} />
                <Tile label={t('figures.payouts')} value={money(totals.payoutsMinor)} />
                <Tile label={t('figures.ggr')} value={money(totals.ggrMinor)} />
                <Tile
                  label={t('figures.margin')}
                  value={
                    totals.margin === null
                      ? '—'
                      : new Intl.NumberFormat(lng === 'ru' ? 'ru-RU' : 'en-GB', {
                          style: 'percent',
                          maximumFractionDigits: 2,
                        }).format(totals.margin)
                  }
                />
                <Tile label={t('figures.bets')} value={count(totals.bets)} />
                <Tile label={t('figures.rounds')} value={count(totals.rounds)} />
                <Tile label={t('figures.activePlayers')} value={count(totals.activePlayers ?? 0)} />
                <Tile
                  label={t('figures.deposits')}
                  value={money(totals.depositsMinor)}
                  sub={t('figures.count', { count: totals.deposits })}
                />
                <Tile
                  label={t('figures.withdrawals')}
                  value={money(totals.withdrawalsMinor)}
                  sub={t('figures.count', { count: totals.withdrawals })}
                />
              </>
            ) : (
              <p className={styles.muted}>{t('figures.noData')}</p>
            )}
          </dl>
          <div className={own.charts}>
            <DashboardChart
              id="turnover"
              kind="lines"
              title={hourly ? t('figures.turnoverByHour') : t('figures.turnoverByDay')}
              summary={t('figures.turnoverSummary', { currency: shown })}
              labels={series.map((x) => bucketLabel(x.bucket))}
              times={series.map((x) => Date.parse(x.bucket) / 1000)}
              timeLabel={(seconds) => bucketLabel(new Date(seconds * 1000).toISOString())}
              axisFormat={compact}
              series={[
                {
                  label: t('figures.turnover'),
                  color: '--color-accent',
                  values: series.map((x) => majorOf(x.turnoverMinor, shown)),
                  format: (_v, i) => money(series[i]?.turnoverMinor ?? '0'),
                },
                {
                  label: t('figures.ggr'),
                  color: '--color-positive',
                  values: series.map((x) => majorOf(x.ggrMinor, shown)),
                  format: (_v, i) => money(series[i]?.ggrMinor ?? '0'),
                },
              ]}
            />
            <DashboardChart
              id="products"
              kind="bars"
              title={t('figures.betsByProduct')}
              summary={t('figures.betsByProductSummary')}
              labels={products.map((p) => t(`figures.products.${p.product}`))}
              axisFormat={compact}
              series={[
                {
                  label: t('figures.betsAndRounds'),
                  color: '--color-accent',
                  values: products.map((p) => p.bets + p.rounds),
                  format: count,
                },
              ]}
            />
            <DashboardChart
              id="payments"
              kind="bars"
              title={t('figures.depositsVsWithdrawals')}
              summary={t('figures.depositsSummary', { currency: shown })}
              labels={series.map((x) => bucketLabel(x.bucket))}
              axisFormat={compact}
              series={[
                {
                  label: t('figures.deposits'),
                  color: '--color-positive',
                  values: series.map((x) => majorOf(x.depositsMinor, shown)),
                  format: (_v, i) => money(series[i]?.depositsMinor ?? '0'),
                },
                {
                  label: t('figures.withdrawals'),
                  color: '--color-negative',
                  values: series.map((x) => majorOf(x.withdrawalsMinor, shown)),
                  format: (_v, i) => money(series[i]?.withdrawalsMinor ?? '0'),
                },
              ]}
            />
          </div>
          <BreakdownTable
            id="products-table"
            title={t('figures.byProduct')}
            rows={products.map((p) => ({ ...p, key: p.product, label: t(`figures.products.${p.product}`) }))}
            currency={shown}
            csvHref={csv('/dashboards/figures')}
          />
          <BreakdownTable
            id="sports-table"
            title={t('figures.bySport')}
            rows={(sports ?? []).filter((r) => r.currency === shown)}
            currency={shown}
            csvHref={csv('/dashboards/breakdown?by=sport')}
          />
          <BreakdownTable
            id="games-table"
            title={t('figures.byGame')}
            rows={(games ?? []).filter((r) => r.currency === shown).slice(0, 50)}
            currency={shown}
            withProduct
            csvHref={csv('/dashboards/breakdown?by=game')}
          />
          <RtpTable rows={(rtp ?? []).filter((r) => r.currency === shown)} csvHref={csv('/dashboards/rtp')} />
        </>
      )}
    </section>
  );
}

/** The period's every day or hour, with zeros where nothing happened (the API leaves those out). */
function everyBucket(f: FiguresAnswer, currency: string): (FiguresRow & { bucket: string })[] {
  const step = f.granularity === 'hour' ? 3_600_000 : DAY_MS;
  const known = new Map(
    f.series.filter((x) => x.currency === currency).map((x) => [new Date(x.bucket ?? 0).toISOString(), x]),
  );
  const rows: (FiguresRow & { bucket: string })[] = [];
  for (let at = Date.parse(f.from); at < Date.parse(f.to) && rows.length < 800; at += step) {
    const bucket = new Date(at).toISOString();
    rows.push({ ...(known.get(bucket) ?? { ...EMPTY, currency }), bucket });
  }
  return rows;
}

const EMPTY: FiguresRow = {
  currency: '',
  turnoverMinor: '0',
  payoutsMinor: '0',
  ggrMinor: '0',
  margin: null,
  openStakeMinor: '0',
  bets: 0,
  rounds: 0,
  depositsMinor: '0',
  deposits: 0,
  withdrawalsMinor: '0',
  withdrawals: 0,
  activePlayers: null,
};

function Tile({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className={own.tile}>
      <dt className={own.tileLabel}>{label}</dt>
      <dd className={own.tileValue}>
        {value}
        {sub ? <span className={own.tileSub}>{sub}</span> : null}
      </dd>
    </div>
  );
}

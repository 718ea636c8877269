/**
 * The toto's pages: the current draw (its 15 matches with teams, kick-off, prices and the public
 * prediction percentages) with the coupon builder (1/X/2 toggles, several per match; price =
 * combinations × stake per combination), the player's coupons, past draws with the winners per
 * category, the nominees and the next draw.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { Button, EmptyState } from '@parlay/ui/index.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText, newKey, totoApi } from '../api.ts';
import { BalanceLine, Countdown, SignInPrompt, SkeletonCards, useBalance, when } from '../common/common.tsx';
import styles from '../LottoApp.module.css';
import type { TotoArchive, TotoCoupon, TotoCouponPage, TotoDraw, TotoMatch, TotoNext } from '../model.ts';
import { couponCombinations, nameIn, togglePick } from '../rules.ts';

const OUTCOMES = ['1', 'X', '2'] as const;
/** The stakes per combination offered: these multiples of the draw's minimum. */
export const STAKE_MULTIPLES = [1, 2, 3, 5, 10] as const;

function Teams({ match, lng }: { match: Pick<TotoMatch, 'home' | 'away' | 'champ'>; lng: string }) {
  return (
    <span className={styles.teams}>
      <span className={styles.teamNames}>{`${nameIn(match.home, lng)} — ${nameIn(match.away, lng)}`}</span>
      <span className={styles.muted}>{nameIn(match.champ, lng)}</span>
    </span>
  );
}

function PredictionBars({ match }: { match: TotoMatch }) {
  const t = useT('lotto');
  const format = useFormat();
  const parts = [
    ['1', match.predictions.home],
    ['X', match.predictions.draw],
    ['2', match.predictions.away],
  ] as const;
  return (
    <div
      className={styles.bars}
      role="img"
      aria-label={t('toto.predictions_label', {
        home: format.number(match.predictions.home),
        draw: format.number(match.predictions.draw),
        away: format.number(match.predictions.away),
      })}
    >
      {parts.map(([o, pct]) => (
        <span key={o} className={styles.barRow}>
          <span className={styles.barLabel}>{o}</span>
          <span className={styles.barTrack}>
            <span className={styles.barFill} style={{ width: `${Math.min(100, pct)}%` }} />
          </span>
          <span className={styles.barValue}>{format.number(pct, { fractionDigits: 1 })}%</span>
        </span>
      ))}
    </div>
  );
}

function resultText(t: (key: string) => string, result: TotoMatch['result']): string {
  return result === null ? t('toto.result_pending') : result === 'void' ? t('toto.result_void') : result;
}

export function TotoDrawPage({
  draw,
  lng,
  signedIn,
  timeZone,
  serverNowMs,
}: {
  draw: TotoDraw | null;
  lng: string;
  signedIn: boolean;
  timeZone: number;
  serverNowMs: number;
}) {
  const t = useT('lotto');
  const tErrors = useT('errors');
  const format = useFormat();
  const [picks, setPicks] = useState<string[]>(() => (draw ? draw.matches.map(() => '') : []));
  const [multiple, setMultiple] = useState<number>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bought, setBought] = useState<TotoCoupon | null>(null);
  const balance = useBalance(signedIn);
  const purchaseKey = useRef<{ order: string; key: string } | null>(null);
  const stakeId = useId();
  if (!draw) return <EmptyState title={t('toto.no_draw')} text={t('toto.no_draw_text')} />;
  const open = draw.status === 'open';
  const combos = couponCombinations(picks);
  const unit = BigInt(draw.minStakeMinor) * BigInt(multiple);
  const price = BigInt(combos) * unit;
  const closesInitial = Math.max(0, Math.round((Date.parse(draw.closesAt) - serverNowMs) / 1000));

  const buy = async () => {
    if (combos === 0 || busy) return;
    const order = { drawId: draw.drawId, picks, unitStakeMinor: unit.toString() };
    const text = JSON.stringify(order);
    if (purchaseKey.current?.order !== text) purchaseKey.current = { order: text, key: newKey() };
    setBusy(true);
    setError(null);
    const answer = await totoApi.buy(order, purchaseKey.current.key);
    setBusy(false);
    if (answer.ok) {
      setBought(answer.data);
      purchaseKey.current = null;
      void loadAccounts();
    } else setError(errorText(tErrors, t, answer));
  };
  const fillAll = (pick: string) => setPicks(draw.matches.map(() => pick));

  return (
    <div className={styles.builderLayout} data-testid="toto-draw">
      <section className={styles.panel} aria-labelledby="toto-matches-heading">
        <div className={styles.cardHead}>
          <h2 id="toto-matches-heading" className={styles.sectionTitle}>
            {t('toto.draw_title', { number: draw.number })}
          </h2>
          <span className={styles.badge}>{t(`toto_status.${draw.status}`)}</span>
        </div>
        {open ? (
          <Countdown
            atIso={draw.closesAt}
            initialSeconds={closesInitial}
            serverNowMs={serverNowMs}
            label={t('toto.closes_in')}
          />
        ) : null}
        <ol className={styles.matches}>
          {draw.matches.map((match, index) => (
            <li key={match.position} className={styles.match} data-testid="toto-match">
              <span className={styles.position}>{match.position}</span>
              <div className={styles.matchInfo}>
                <Teams match={match} lng={lng} />
                <span className={styles.muted}>{when(lng, match.startAt, timeZone)}</span>
              </div>
              {open ? (
                <fieldset className={`${styles.fieldset} ${styles.outcomes}`}>
                  <legend className={styles.hiddenLegend}>
                    {t('toto.pick_label', { n: match.position })}
                  </legend>
                  {OUTCOMES.map((o, i) => {
                    const on = (picks[index] ?? '').includes(o);
                    const odds = [match.oddsMilli.home, match.oddsMilli.draw, match.oddsMilli.away][i] ?? 0;
                    return (
                      <button
                        key={o}
                        type="button"
                        aria-pressed={on}
                        aria-label={t('toto.outcome_label', { outcome: o, n: match.position })}
                        className={`${styles.outcome} ${on ? styles.cellOn : ''}`}
                        onClick={() =>
                          setPicks((all) => all.map((p, j) => (j === index ? togglePick(p, o) : p)))
                        }
                      >
                        <strong>{o}</strong>
                        <span className={styles.odds}>
                          {format.number(odds / 1000, { fractionDigits: 2 })}
                        </span>
                      </button>
                    );
                  })}
                </fieldset>
              ) : (
                <span className={styles.result}>{resultText(t, match.result)}</span>
              )}
              <PredictionBars match={match} />
            </li>
          ))}
        </ol>
        {open ? (
          // One column (phones): the coupon panel is below the 15 matches, so this bar follows the
          // list at the screen's bottom with the combinations, the price and a link down to it.
          <div className={styles.stickySummary}>
            <span>{t('toto.combinations', { count: combos })}</span>
            <strong className={styles.price}>{combos > 0 ? format.money(price, draw.currency) : '—'}</strong>
            <a href="#toto-coupon" className={styles.link}>
              {t('toto.to_coupon')}
            </a>
          </div>
        ) : null}
      </section>
      <aside id="toto-coupon" className={styles.panel} aria-labelledby="toto-coupon-heading">
        <h2 id="toto-coupon-heading" className={styles.sectionTitle}>
          {t('toto.coupon_title')}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>{t('toto.pool')}</dt>
            <dd>{format.money(draw.poolMinor, draw.currency)}</dd>
          </div>
          <div>
            <dt>{t('toto.coupons_count')}</dt>
            <dd>{format.number(draw.coupons)}</dd>
          </div>
          {draw.jackpotInMinor !== null ? (
            <div>
              <dt>{t('toto.jackpot')}</dt>
              <dd>{format.money(draw.jackpotInMinor, draw.currency)}</dd>
            </div>
          ) : null}
        </dl>
        {open ? (
          <>
            <div className={styles.row}>
              <Button size="sm" variant="ghost" onClick={() => fillAll('1X2')}>
                {t('toto.fill_all')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => fillAll('')}>
                {t('builder.clear')}
              </Button>
            </div>
            <label className={styles.field} htmlFor={stakeId}>
              <span>{t('toto.stake')}</span>
              <select
                id={stakeId}
                className={styles.select}
                value={multiple}
                onChange={(e) => setMultiple(Number(e.target.value))}
              >
                {STAKE_MULTIPLES.map((m) => (
                  <option key={m} value={m}>
                    {format.money(BigInt(draw.minStakeMinor) * BigInt(m), draw.currency)}
                  </option>
                ))}
              </select>
            </label>
            <dl className={styles.facts}>
              <div>
                <dt>{t('toto.picked')}</dt>
                <dd data-testid="toto-picked">
                  {picks.filter((p) => p.length > 0).length} / {draw.matches.length}
                </dd>
              </div>
              <div>
                <dt>{t('builder.combinations_label')}</dt>
                <dd data-testid="toto-combinations">{format.number(combos)}</dd>
              </div>
              <div>
                <dt>{t('builder.price')}</dt>
                <dd className={styles.price} data-testid="toto-price">
                  {combos > 0 ? format.money(price, draw.currency) : '—'}
                </dd>
              </div>
            </dl>
            {signedIn ? (
              <>
                <BalanceLine balance={balance} />
                <Button
                  variant="primary"
                  disabled={combos === 0 || busy}
                  onClick={() => void buy()}
                  data-testid="toto-buy"
                >
                  {busy ? t('builder.buying') : t('toto.buy')}
                </Button>
              </>
            ) : (
              <SignInPrompt lng={lng} returnPath={`/${lng}/toto`} text={t('toto.sign_in_text')} />
            )}
            {error ? (
              <p role="alert" className={styles.error} data-testid="toto-error">
                {error}
              </p>
            ) : null}
            {bought ? (
              <div role="status" className={styles.success} data-testid="toto-bought">
                <p>
                  {t('toto.bought', { id: bought.couponId })}{' '}
                  {format.money(bought.stakeMinor, bought.currency)}
                </p>
                <a href={`/${lng}/toto/coupons`} className={styles.link}>
                  {t('toto.nav.coupons')}
                </a>
              </div>
            ) : null}
          </>
        ) : (
          <p className={styles.muted}>{t('toto.not_open')}</p>
        )}
      </aside>
      {draw.categories.length > 0 ? (
        <section className={`${styles.panel} ${styles.wide}`}>
          <Categories draw={draw} />
        </section>
      ) : null}
    </div>
  );
}

export function Categories({ draw }: { draw: TotoDraw }) {
  const t = useT('lotto');
  const format = useFormat();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="toto-categories">
        <caption className={styles.caption}>{t('toto.categories')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('toto.category')}</th>
            <th scope="col">{t('toto.fund')}</th>
            <th scope="col">{t('toto.winning_coupons')}</th>
            <th scope="col">{t('toto.per_combination')}</th>
          </tr>
        </thead>
        <tbody>
          {draw.categories.map((c) => (
            <tr key={c.category}>
              <th scope="row">{t('toto.correct', { count: c.category })}</th>
              <td>{format.money(c.fundMinor, draw.currency)}</td>
              <td>{format.number(c.winningCoupons)}</td>
              <td>{format.money(c.payoutPerCombinationMinor, draw.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TotoPastDraw({ draw, lng, timeZone }: { draw: TotoDraw; lng: string; timeZone: number }) {
  const t = useT('lotto');
  const format = useFormat();
  return (
    <div className={styles.stack} data-testid="toto-past">
      <section className={styles.panel}>
        <div className={styles.cardHead}>
          <h2 className={styles.sectionTitle}>{t('toto.draw_title', { number: draw.number })}</h2>
          <span className={styles.badge}>{t(`toto_status.${draw.status}`)}</span>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('toto.closed_at')}</dt>
            <dd>{when(lng, draw.closedAt ?? draw.closesAt, timeZone)}</dd>
          </div>
          <div>
            <dt>{t('toto.pool')}</dt>
            <dd>{format.money(draw.poolMinor, draw.currency)}</dd>
          </div>
          <div>
            <dt>{t('toto.coupons_count')}</dt>
            <dd>{format.number(draw.coupons)}</dd>
          </div>
          {draw.paidMinor !== null ? (
            <div>
              <dt>{t('toto.paid')}</dt>
              <dd>{format.money(draw.paidMinor, draw.currency)}</dd>
            </div>
          ) : null}
        </dl>
        <ol className={styles.matches}>
          {draw.matches.map((match) => (
            <li key={match.position} className={styles.match}>
              <span className={styles.position}>{match.position}</span>
              <div className={styles.matchInfo}>
                <Teams match={match} lng={lng} />
                <span className={styles.muted}>{when(lng, match.startAt, timeZone)}</span>
              </div>
              <span className={styles.result}>{resultText(t, match.result)}</span>
              <PredictionBars match={match} />
            </li>
          ))}
        </ol>
      </section>
      {draw.categories.length > 0 ? (
        <section className={styles.panel}>
          <Categories draw={draw} />
        </section>
      ) : (
        <p className={styles.muted}>{t('toto.not_distributed')}</p>
      )}
    </div>
  );
}

export function TotoArchivePage({
  archive,
  lng,
  timeZone,
}: {
  archive: TotoArchive | null;
  lng: string;
  timeZone: number;
}) {
  const t = useT('lotto');
  const format = useFormat();
  if (!archive || archive.data.length === 0)
    return <EmptyState title={t('toto.archive_empty')} text={t('toto.archive_empty_text')} />;
  const pages = Math.max(1, Math.ceil(archive.total / archive.pageSize));
  return (
    <div className={styles.stack} data-testid="toto-archive">
      <ul className={styles.list}>
        {archive.data.map((draw) => {
          const top = draw.categories.find((c) => c.winningCoupons > 0);
          return (
            <li key={draw.drawId} className={styles.listItem}>
              <div className={styles.listMain}>
                <a href={`/${lng}/toto/${draw.drawId}`} className={styles.link}>
                  {t('toto.draw_title', { number: draw.number })}
                </a>
                <span className={styles.muted}>{when(lng, draw.closedAt ?? draw.closesAt, timeZone)}</span>
              </div>
              <span className={styles.badge}>{t(`toto_status.${draw.status}`)}</span>
              <span className={styles.muted}>
                {t('toto.pool')}: {format.money(draw.poolMinor, draw.currency)}
                {top
                  ? ` · ${t('toto.correct', { count: top.category })}: ${format.number(top.winningCoupons)}`
                  : ''}
              </span>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t('common.pages')} className={styles.row}>
          {archive.page > 1 ? (
            <a className={styles.link} href={`/${lng}/toto/draws?page=${archive.page - 1}`}>
              {t('common.newer')}
            </a>
          ) : null}
          <span className={styles.muted}>{t('common.page_of', { page: archive.page, pages })}</span>
          {archive.page < pages ? (
            <a className={styles.link} href={`/${lng}/toto/draws?page=${archive.page + 1}`}>
              {t('common.older')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function TotoNominees({
  draw,
  lng,
  timeZone,
}: {
  draw: TotoDraw | null;
  lng: string;
  timeZone: number;
}) {
  const t = useT('lotto');
  const format = useFormat();
  if (draw?.status !== 'open') return <EmptyState title={t('toto.no_draw')} text={t('toto.no_draw_text')} />;
  return (
    <div className={styles.tableWrap} data-testid="toto-nominees">
      <table className={styles.table}>
        <caption className={styles.caption}>{t('toto.nominees_caption', { number: draw.number })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('toto.match')}</th>
            <th scope="col" className={styles.wideOnly}>
              {t('toto.kickoff')}
            </th>
            <th scope="col">1</th>
            <th scope="col">X</th>
            <th scope="col">2</th>
          </tr>
        </thead>
        <tbody>
          {draw.matches.map((m) => (
            <tr key={m.position}>
              <th scope="row">{m.position}</th>
              <td className={styles.wrap}>
                <Teams match={m} lng={lng} />
                <span className={`${styles.muted} ${styles.narrowOnly}`}>
                  {when(lng, m.startAt, timeZone)}
                </span>
              </td>
              <td className={styles.wideOnly}>{when(lng, m.startAt, timeZone)}</td>
              <td>{format.number(m.oddsMilli.home / 1000, { fractionDigits: 2 })}</td>
              <td>{format.number(m.oddsMilli.draw / 1000, { fractionDigits: 2 })}</td>
              <td>{format.number(m.oddsMilli.away / 1000, { fractionDigits: 2 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TotoNextPage({
  next,
  current,
  lng,
  timeZone,
}: {
  next: TotoNext | null;
  current: TotoDraw | null;
  lng: string;
  timeZone: number;
}) {
  const t = useT('lotto');
  if (!next || next.matches.length === 0)
    return <EmptyState title={t('toto.next_empty')} text={t('toto.next_empty_text')} />;
  return (
    <div className={styles.stack} data-testid="toto-next">
      <p className={styles.muted}>
        {next.opensAfter
          ? t('toto.next_opens', { at: when(lng, next.opensAfter, timeZone) })
          : current
            ? t('toto.next_after', { number: current.number })
            : null}
      </p>
      <ol className={styles.matches}>
        {next.matches.map((m, i) => (
          <li key={m.gameId} className={styles.match}>
            <span className={styles.position}>{i + 1}</span>
            <div className={styles.matchInfo}>
              <Teams match={m} lng={lng} />
              <span className={styles.muted}>{when(lng, m.startAt, timeZone)}</span>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function TotoCoupons({
  lng,
  signedIn,
  timeZone,
}: {
  lng: string;
  signedIn: boolean;
  timeZone: number;
}) {
  const t = useT('lotto');
  const tErrors = useT('errors');
  const format = useFormat();
  const [data, setData] = useState<TotoCouponPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    void totoApi.coupons().then((answer) => {
      if (stopped) return;
      if (answer.ok) setData(answer.data);
      else setError(errorText(tErrors, t, answer));
    });
    return () => {
      stopped = true;
    };
  }, [signedIn, t, tErrors]);
  if (!signedIn)
    return <SignInPrompt lng={lng} returnPath={`/${lng}/toto/coupons`} text={t('toto.sign_in_text')} />;
  if (error)
    return (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    );
  if (!data) return <SkeletonCards label={t('common.loading')} />;
  if (data.data.length === 0)
    return (
      <EmptyState
        title={t('toto.coupons_empty')}
        text={t('toto.coupons_empty_text')}
        action={{ label: t('toto.to_draw'), href: `/${lng}/toto` }}
      />
    );
  return (
    <ul className={styles.list} data-testid="toto-coupons">
      {data.data.map((c) => (
        <li
          key={c.couponId}
          className={`${styles.listItem} ${styles.couponItem}`}
          id={`toto-coupon-${c.couponId}`}
          data-testid={`toto-coupon-${c.couponId}`}
        >
          <div className={styles.listMain}>
            <strong>{t('toto.coupon_no', { id: c.couponId })}</strong>
            <a href={`/${lng}/toto/${c.drawId}`} className={styles.link}>
              {t('toto.draw_title', { number: c.drawNumber })}
            </a>
            <span className={styles.muted}>{when(lng, c.createdAt, timeZone)}</span>
          </div>
          <ol className={styles.pickList} aria-label={t('toto.picks')}>
            {c.picks.map((p, i) => (
              <li key={i}>
                <span className={styles.muted}>{i + 1}.</span> {p}
              </li>
            ))}
          </ol>
          <span className={styles.muted}>
            {t('toto.combinations', { count: c.combinations })} · {format.money(c.stakeMinor, c.currency)}
          </span>
          <span
            className={
              c.status === 'won' || c.status === 'paid'
                ? styles.badgeWon
                : c.status === 'lost'
                  ? styles.badgeLost
                  : styles.badge
            }
          >
            {c.payoutMinor !== null && c.payoutMinor !== '0'
              ? t(`toto.coupon_${c.status}_amount`, { amount: format.money(c.payoutMinor, c.currency) })
              : t(`toto.coupon_${c.status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

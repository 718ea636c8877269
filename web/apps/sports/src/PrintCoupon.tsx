/**
 * The print page of a bet (/print-coupon/{couponId}, the coupon id is the bet id): a plain receipt
 * for the signed-in owner with the site name, bet number, date, type, every selection with its
 * game, market, outcome and odds, the stake, the coefficient, the possible win and the status, and
 * a Print button. The server loads the bet with the player's session; a bet that is not theirs, or
 * does not exist, is the 404 page (the route's auth guard sends guests to log in first).
 */
import type { Bet } from '@parlay/client/bets-api.ts';
import { actualWinMinor } from '@parlay/client/bets-api.ts';
import { formatDecimal } from '@parlay/domain/odds/formats.ts';
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { type Clock, formatDateTime, zoneLabel } from '@parlay/mf/clock.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import { Button, Figures, Table } from '@parlay/ui/index.ts';
import styles from './PrintCoupon.module.css';

/** The bet to print, read with the player's session token; null when it is not theirs or unknown. */
export async function loadPrintBet(
  api: ApiFetch,
  lng: string,
  couponId: string | undefined,
  userToken: string | null,
): Promise<Bet | null> {
  if (!couponId || !/^[1-9]\d{0,18}$/.test(couponId) || !userToken) return null;
  try {
    const response = await api(`/web-api/betting/v1/bets/${couponId}?lng=${encodeURIComponent(lng)}`, {
      headers: { cookie: `user_token=${encodeURIComponent(userToken)}` },
    });
    if (response.status !== 200) return null;
    const bet = (await response.json()) as Bet;
    return typeof bet?.id === 'string' && Array.isArray(bet.legs) ? bet : null;
  } catch {
    return null;
  }
}

function money(minor: string | null, iso: string, lng: string): string {
  return minor === null ? '—' : formatMoney(minor, iso, lng);
}

function when(iso: string, lng: string, clock: Clock): string {
  // The player's zone and clock (as the shell passes them), so the server and the browser agree.
  return `${formatDateTime(iso, lng, clock)} (${zoneLabel(clock.timeZone)})`;
}

function typeText(bet: Bet, t: (key: string, values?: Record<string, string | number>) => string) {
  const count = bet.legs.length;
  if (bet.typeId === 2 || bet.typeId === 4)
    return t(`print.type_${bet.typeId}`, { value: bet.systemValue ?? 2, legs: count });
  return t(`print.type_${bet.typeId}`, { legs: count });
}

export function PrintCoupon({ bet, lng, clock }: { bet: Bet; lng: string; clock: Clock }) {
  const t = useT('sports');
  const win = actualWinMinor(bet);
  const settled = bet.settledAt !== null || bet.status === 'cashed_out';
  return (
    <article className={styles.receipt} aria-labelledby="print-title">
      <header className={styles.head}>
        <p className={styles.site}>{t('print.site')}</p>
        <h1 id="print-title" className={styles.title}>
          {t('print.title', { id: bet.id })}
        </h1>
      </header>
      <Figures className={styles.facts}>
        <div>
          <dt>{t('print.placed')}</dt>
          <dd>{when(bet.placedAt, lng, clock)}</dd>
        </div>
        <div>
          <dt>{t('print.type')}</dt>
          <dd>{typeText(bet, t)}</dd>
        </div>
        <div>
          <dt>{t('print.status')}</dt>
          <dd data-testid="print-status">{t(`print.statuses.${bet.status}`)}</dd>
        </div>
      </Figures>
      <Table className={styles.legs}>
        <caption className={styles.caption}>{t('print.legs')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('print.game')}</th>
            <th scope="col">{t('print.market')}</th>
            <th scope="col">{t('print.outcome')}</th>
            <th scope="col" className={styles.num}>
              {t('print.odds')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bet.legs.map((leg, index) => (
            <tr key={leg.outcomeId}>
              <td>{index + 1}</td>
              <td>
                {leg.names ? (
                  <>
                    <span className={styles.strong}>{leg.names.gameLabel}</span>
                    <span className={styles.muted}>
                      {leg.names.champName} · {when(leg.names.startAt, lng, clock)}
                    </span>
                  </>
                ) : (
                  t('print.unknown_game')
                )}
              </td>
              <td>{leg.names?.marketLabel ?? '—'}</td>
              <td>
                {leg.names?.outcomeLabel ?? '—'}
                {leg.isBanker ? ` (${t('print.banker')})` : ''}
              </td>
              <td className={styles.num}>{formatDecimal(leg.oddsMilli)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Figures className={styles.totals}>
        <div>
          <dt>{t('print.stake')}</dt>
          <dd>{money(bet.originalStakeMinor, bet.currency, lng)}</dd>
        </div>
        <div>
          <dt>{t('print.coef')}</dt>
          <dd>{bet.coefMilli === null ? '—' : formatDecimal(bet.coefMilli)}</dd>
        </div>
        <div>
          <dt>{t(bet.cashedOutMinor !== '0' ? 'print.possible_win_rest' : 'print.possible_win')}</dt>
          <dd>{money(bet.possibleWinMinor, bet.currency, lng)}</dd>
        </div>
        {bet.cashedOutMinor !== '0' ? (
          <div>
            <dt>{t('print.cashed_out')}</dt>
            <dd>{money(bet.cashedOutMinor, bet.currency, lng)}</dd>
          </div>
        ) : null}
        {settled ? (
          <div>
            <dt>{t('print.paid')}</dt>
            <dd>{money(win ?? '0', bet.currency, lng)}</dd>
          </div>
        ) : null}
      </Figures>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => window.print()}>
          {t('print.print')}
        </Button>
        <a className={styles.link} href={`/${lng}/office/history`}>
          {t('print.history')}
        </a>
      </div>
    </article>
  );
}

/**
 * One bet of the history: the summary (date, number, type, stake, odds, possible and actual win,
 * status), a disclosure with its legs (game, market, outcome, odds, leg result, score) and, for an
 * open bet, the cash-out panel and the print link.
 */
import { actualWinMinor, type Bet, isOpenBet } from '@parlay/client/bets-api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Card, Figures, Table } from '@parlay/ui/index.ts';
import { useId, useState } from 'react';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Bets.module.css';
import { money, odds, statusTone, typeLabel, when } from './bet-text.ts';
import { CashoutPanel } from './CashoutPanel.tsx';

const TONE_CLASS = {
  open: styles.toneOpen,
  won: styles.toneWon,
  lost: styles.toneLost,
  cashed: styles.toneCashed,
  neutral: styles.toneNeutral,
};

/** The final score, the score now for a game in play, or a dash before the start. */
function scoreText(leg: Bet['legs'][number], t: (key: string, values?: Record<string, string>) => string) {
  if (!leg.names) return '—';
  if (leg.names.isGameOver) return leg.names.score;
  if (Date.parse(leg.names.startAt) > Date.now()) return '—';
  return t('bets.leg.now', { score: leg.names.score });
}

function Legs({ bet, lng }: { bet: Bet; lng: string }) {
  const clock = useOfficeClock();
  const t = useT('office');
  return (
    <Table className={styles.legs}>
      <caption className={styles.visuallyHidden}>{t('bets.legs_caption', { id: bet.id })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('bets.leg.game')}</th>
          <th scope="col">{t('bets.leg.market')}</th>
          <th scope="col">{t('bets.leg.outcome')}</th>
          <th scope="col" className={styles.num}>
            {t('bets.leg.odds')}
          </th>
          <th scope="col">{t('bets.leg.result')}</th>
          <th scope="col">{t('bets.leg.score')}</th>
        </tr>
      </thead>
      <tbody>
        {bet.legs.map((leg) => (
          <tr key={leg.outcomeId}>
            <td data-label={t('bets.leg.game')}>
              {leg.names ? (
                <>
                  <span className={styles.strong}>{leg.names.gameLabel}</span>
                  <span className={styles.muted}>
                    {leg.names.champName} · {when(leg.names.startAt, lng, clock)}
                    {leg.isLive ? ` · ${t('bets.leg.live', { score: leg.scoreAtPlacement })}` : ''}
                  </span>
                </>
              ) : (
                t('bets.leg.unknown')
              )}
              {leg.isBanker ? <span className={styles.badge}>{t('bets.leg.banker')}</span> : null}
            </td>
            <td data-label={t('bets.leg.market')}>{leg.names?.marketLabel ?? '—'}</td>
            <td data-label={t('bets.leg.outcome')}>
              {leg.names?.outcomeLabel ?? '—'}
              {leg.amountMinor !== null ? (
                <span className={styles.muted}>{money(leg.amountMinor, bet.currency, lng)}</span>
              ) : null}
            </td>
            <td data-label={t('bets.leg.odds')} className={styles.num}>
              {odds(leg.oddsMilli)}
            </td>
            <td data-label={t('bets.leg.result')}>{t(`bets.result.${leg.result ?? 'open'}`)}</td>
            <td data-label={t('bets.leg.score')}>{scoreText(leg, t)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function BetCard({
  bet,
  lng,
  onChanged,
}: {
  bet: Bet;
  lng: string;
  onChanged: (notice?: string) => void;
}) {
  const t = useT('office');
  const te = useT('errors');
  const clock = useOfficeClock();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const win = actualWinMinor(bet);
  const open = isOpenBet(bet);
  const tone = statusTone(bet.status);
  const partlyCashed = open && bet.cashedOutMinor !== '0';
  return (
    <Card
      as="article"
      className={styles.bet}
      aria-labelledby={`${id}-title`}
      data-bet-id={bet.id}
      data-status={bet.status}
    >
      <header className={styles.betHead}>
        <h3 id={`${id}-title`} className={styles.betTitle}>
          <span>{typeLabel(bet, t)}</span>
          <span className={styles.muted}>{t('bets.number', { id: bet.id })}</span>
        </h3>
        <span className={`${styles.status} ${TONE_CLASS[tone]}`}>
          {t(`bets.status.${bet.status}`)}
          {partlyCashed ? ` · ${t('bets.partly_cashed')}` : ''}
        </span>
      </header>
      <Figures className={styles.figures}>
        <div>
          <dt>{t('bets.placed')}</dt>
          <dd>{when(bet.placedAt, lng, clock)}</dd>
        </div>
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd className={styles.num}>
            {money(bet.originalStakeMinor, bet.currency, lng)}
            {partlyCashed ? (
              <span className={styles.muted}>
                {t('bets.in_play', { amount: money(bet.stakeMinor, bet.currency, lng) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('bets.odds')}</dt>
          <dd className={styles.num}>
            {odds(bet.coefMilli)}
            {bet.isExpressBonus ? <span className={styles.badge}>{t('bets.express_bonus')}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('bets.possible_win')}</dt>
          <dd className={styles.num}>{open ? money(bet.possibleWinMinor, bet.currency, lng) : '—'}</dd>
        </div>
        <div>
          <dt>{t('bets.actual_win')}</dt>
          <dd
            className={`${styles.num} ${win !== null && win !== '0' ? styles.positive : ''}`}
            data-testid="actual-win"
          >
            {money(win, bet.currency, lng)}
          </dd>
        </div>
      </Figures>
      {bet.reasonCode ? (
        <p className={styles.muted}>{t('bets.reason', { code: te(bet.reasonCode.toLowerCase()) })}</p>
      ) : null}
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={expanded}
          aria-controls={`${id}-legs`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('bets.hide_legs') : t('bets.show_legs', { n: bet.legs.length })}
        </Button>
        <a className={styles.link} href={`/${lng}/print-coupon/${bet.id}`} target="_blank" rel="noopener">
          {t('bets.print')}
        </a>
      </div>
      <div id={`${id}-legs`} hidden={!expanded}>
        {expanded ? <Legs bet={bet} lng={lng} /> : null}
      </div>
      {bet.status === 'accepted' ? <CashoutPanel bet={bet} onDone={onChanged} /> : null}
    </Card>
  );
}

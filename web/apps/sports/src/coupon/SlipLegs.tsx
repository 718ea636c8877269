/** The slip's selections: game, market, outcome, live price with its move, state, banker, amount, remove. */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { changeCoupon } from '@parlay/mf/coupon-store.ts';
import { LockIcon, ODDS_MOVE_MS, VisuallyHidden } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { useOddsFormat } from '../context.tsx';
import controls from './SlipControls.module.css';
import styles from './SlipLegs.module.css';
import type { SlipLeg } from './slip-figures.ts';
import { dispatchSlip } from './slip-store.ts';
import type { BetSlipModel } from './use-bet-slip.ts';

const STATUS_KEYS = {
  locked: 'slip.leg.locked',
  finished: 'slip.leg.finished',
  unavailable: 'slip.leg.unavailable',
} as const;

/** True while the last move is recent (3 s), re-rendering once when it expires. */
function useRecent(atMs: number | null): boolean {
  const [, setNow] = useState(0);
  const recent = atMs !== null && Date.now() - atMs < ODDS_MOVE_MS;
  useEffect(() => {
    if (!recent || atMs === null) return;
    const timer = setTimeout(() => setNow(Date.now()), ODDS_MOVE_MS - (Date.now() - atMs) + 20);
    return () => clearTimeout(timer);
  }, [recent, atMs]);
  return recent;
}

function Leg({ leg, model, t }: { leg: SlipLeg; model: BetSlipModel; t: TranslateFn }) {
  const format = useOddsFormat();
  const { figures } = model;
  const s = leg.selection;
  const name = s.outcomeLabel ?? String(s.outcomeId);
  const moved = useRecent(leg.move?.atMs ?? null);
  const dir = moved ? leg.move?.dir : undefined;
  const closed = leg.status !== 'open';
  const amountId = `slip-amount-${s.outcomeId}`;
  return (
    <li className={styles.leg} data-status={leg.status} data-outcome-id={s.outcomeId} data-testid="slip-leg">
      <div className={styles.legMain}>
        <div className={styles.legText}>
          <span className={styles.legOutcome}>{name}</span>
          <span className={styles.legMarket}>{s.marketLabel}</span>
          <span className={styles.legGame}>
            {leg.isLive ? <span className={styles.liveDot} aria-hidden="true" /> : null}
            {s.gameLabel}
            {leg.score ? <b className={styles.legScore}> {leg.score}</b> : null}
          </span>
        </div>
        <span className={styles.legPrice} data-move={dir} data-testid="slip-leg-price">
          {dir ? <span aria-hidden="true">{dir === 'up' ? '▲ ' : '▼ '}</span> : null}
          {dir ? (
            <VisuallyHidden>{t(dir === 'up' ? 'slip.leg.moved_up' : 'slip.leg.moved_down')}</VisuallyHidden>
          ) : null}
          {format(leg.oddsMilli)}
        </span>
        <button
          type="button"
          className={controls.iconButton}
          aria-label={t('slip.remove', { name })}
          onClick={() => changeCoupon({ type: 'remove', outcomeId: s.outcomeId })}
        >
          ×
        </button>
      </div>
      {closed ? (
        <p className={styles.legStatus} role="note">
          <LockIcon /> {t(STATUS_KEYS[leg.status as keyof typeof STATUS_KEYS])}
        </p>
      ) : null}
      {!closed && figures.kind === 'system' ? (
        <label className={controls.check}>
          <input
            type="checkbox"
            checked={leg.isBanker}
            disabled={!leg.canToggleBanker && !leg.isBanker}
            onChange={() => dispatchSlip({ type: 'bankerToggled', outcomeId: s.outcomeId })}
          />
          {t('slip.banker', { name })}
        </label>
      ) : null}
      {!closed && figures.kind === 'multiple' ? (
        <div className={styles.legAmount}>
          <label htmlFor={amountId}>{t('slip.amount_for', { name, currency: figures.currency })}</label>
          <input
            id={amountId}
            className={controls.input}
            inputMode="decimal"
            autoComplete="off"
            value={leg.amountText}
            placeholder={figures.amountText}
            aria-invalid={leg.amountMinor === null || undefined}
            onChange={(e) =>
              dispatchSlip({ type: 'betAmountTyped', outcomeId: s.outcomeId, text: e.target.value })
            }
          />
        </div>
      ) : null}
    </li>
  );
}

export function SlipLegs({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const { figures } = model;
  return (
    <>
      <ul className={styles.legs} aria-label={t('slip.selections')}>
        {figures.legs.map((leg) => (
          <Leg key={leg.selection.outcomeId} leg={leg} model={model} t={t} />
        ))}
      </ul>
      {figures.excludedCount > 0 ? (
        <p className={controls.warning} role="status" data-testid="slip-excluded">
          {t('slip.excluded', { count: figures.excludedCount })}
        </p>
      ) : null}
    </>
  );
}

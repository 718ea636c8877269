/**
 * The slip's odds boosts (issue 20), next to the free bets: one toggle chip per boost of the
 * coupon's currency ("+10 % · up to 10.00"). Pressing one applies it to the coupon (pressing it again
 * removes it) and shows what it can add to a win; the Place bet button then sends its id
 * (odds-boosts.ts). Not offered with a free bet, a bonus account or a system.
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { useFormat } from '@parlay/i18n/runtime.tsx';
import { useEffect } from 'react';
import { useSportsContext } from '../context.tsx';
import { applicableFreeBet, useFreeBets } from './free-bets.ts';
import {
  applicableOddsBoost,
  chooseOddsBoost,
  forgetOddsBoosts,
  loadOddsBoosts,
  oddsBoostExtraMinor,
  useOddsBoosts,
} from './odds-boosts.ts';
import controls from './SlipControls.module.css';
import styles from './SlipStake.module.css';
import type { BetSlipModel } from './use-bet-slip.ts';

export function SlipOddsBoost({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const fmt = useFormat();
  const { lng } = useSportsContext();
  const boosts = useOddsBoosts();
  const freeBets = useFreeBets();
  const { figures, isSignedIn, account } = model;
  useEffect(() => {
    if (isSignedIn) void loadOddsBoosts(lng);
    else forgetOddsBoosts();
  }, [isSignedIn, lng]);
  const iso = figures.currency;
  const isBonusAccount = account?.type === 4;
  const isFreeBet =
    applicableFreeBet(freeBets, { typeId: figures.typeId, currency: iso, isBonusAccount }) !== null;
  const offered = boosts.list.filter((b) => b.currency === iso);
  if (!isSignedIn || isBonusAccount || isFreeBet || offered.length === 0) return null;
  if (figures.typeId !== 0 && figures.typeId !== 1) return null;
  const chosen = applicableOddsBoost(boosts, {
    typeId: figures.typeId,
    currency: iso,
    isBonusAccount,
    isFreeBet,
  });
  const extra = chosen ? oddsBoostExtraMinor(chosen, figures.stakeMinor, figures.coefMilli) : null;
  return (
    <fieldset className={styles.oddsBoosts} data-testid="slip-odds-boosts">
      <legend>{t('slip.odds_boost.title')}</legend>
      <div className={styles.boostChips}>
        {offered.map((b) => (
          <button
            key={b.id}
            type="button"
            className={styles.boostChip}
            aria-pressed={chosen?.id === b.id}
            onClick={() => chooseOddsBoost(chosen?.id === b.id ? null : b.id)}
            title={b.title ?? undefined}
            data-testid="slip-odds-boost"
          >
            {t('slip.odds_boost.option', {
              percent: fmt.number(b.percentBp / 100, { upTo: 2 }),
              cap: fmt.money(b.capMinor, iso),
            })}
          </button>
        ))}
      </div>
      {chosen ? (
        <p className={controls.hint} data-testid="slip-odds-boost-note" aria-live="polite">
          {t('slip.odds_boost.note')}
          {extra !== null ? ` · ${t('slip.odds_boost.extra', { amount: fmt.money(extra, iso) })}` : ''}
        </p>
      ) : null}
    </fieldset>
  );
}

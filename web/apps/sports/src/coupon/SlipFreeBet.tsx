/**
 * The slip's free bets (issue 20): a radio group of the player's free bets in the coupon's currency
 * ("No free bet" first). Choosing one fixes the stake at its amount and shows "free bet: stake not
 * returned" with what it can win; the Place bet button then sends its id (free-bets.ts).
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { useFormat } from '@parlay/i18n/runtime.tsx';
import { useEffect } from 'react';
import { useSportsContext } from '../context.tsx';
import {
  applicableFreeBet,
  chooseFreeBet,
  forgetFreeBets,
  freeBetWinMinor,
  loadFreeBets,
  useFreeBets,
} from './free-bets.ts';
import controls from './SlipControls.module.css';
import styles from './SlipStake.module.css';
import { minorText } from './slip-figures.ts';
import { dispatchSlip } from './slip-store.ts';
import type { BetSlipModel } from './use-bet-slip.ts';

export function SlipFreeBet({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const fmt = useFormat();
  const { lng } = useSportsContext();
  const freeBets = useFreeBets();
  const { figures, isSignedIn, account } = model;
  useEffect(() => {
    if (isSignedIn) void loadFreeBets(lng);
    else forgetFreeBets();
  }, [isSignedIn, lng]);
  const iso = figures.currency;
  const isBonusAccount = account?.type === 4;
  const offered = freeBets.list.filter((b) => b.currency === iso);
  if (!isSignedIn || isBonusAccount || offered.length === 0 || (figures.typeId !== 0 && figures.typeId !== 1))
    return null;
  const chosen = applicableFreeBet(freeBets, { typeId: figures.typeId, currency: iso, isBonusAccount });
  const choose = (id: string | null) => {
    chooseFreeBet(id);
    const bet = offered.find((b) => b.id === id);
    if (bet) dispatchSlip({ type: 'amountTyped', text: minorText(bet.amountMinor, iso) });
  };
  const win = chosen ? freeBetWinMinor(chosen.amountMinor, figures.coefMilli) : null;
  return (
    <fieldset className={styles.freeBets} data-testid="slip-free-bets">
      <legend>{t('slip.free_bet.title')}</legend>
      <label className={styles.freeBet}>
        <input type="radio" name="slip-free-bet" checked={chosen === null} onChange={() => choose(null)} />
        <span>{t('slip.free_bet.none')}</span>
      </label>
      {offered.map((b) => (
        <label key={b.id} className={styles.freeBet}>
          <input
            type="radio"
            name="slip-free-bet"
            value={b.id}
            checked={chosen?.id === b.id}
            onChange={() => choose(b.id)}
            data-testid="slip-free-bet"
          />
          <span>
            {t('slip.free_bet.option', { amount: fmt.money(b.amountMinor, iso) })}
            {b.title ? ` · ${b.title}` : ''}
          </span>
        </label>
      ))}
      {chosen ? (
        <p className={controls.hint} data-testid="slip-free-bet-note" aria-live="polite">
          {t('slip.free_bet.note')}
          {win !== null ? ` · ${t('slip.free_bet.win', { amount: fmt.money(win, iso) })}` : ''}
        </p>
      ) : null}
    </fieldset>
  );
}

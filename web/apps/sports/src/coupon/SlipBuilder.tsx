/**
 * The bet builder in the slip (builder/BetBuilder.tsx adds it): one selection of one game with its
 * legs listed by team names and its own price, a stake and its own Place button, placed through
 * POST /web-api/betting/v1/bet-builder/coupons (one Idempotency-Key per attempt, a network failure
 * retried once with the same key).
 */

import { parseAmount } from '@parlay/domain/money/amount.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { useFormat } from '@parlay/i18n/runtime.tsx';
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { openModal } from '@parlay/mf/host-api.ts';
import { useState } from 'react';
import { placeBuilder } from '../builder/builder-api.ts';
import { builderErrorText } from '../builder/builder-labels.ts';
import { type BuilderSlipItem, setBuilderSlip } from '../builder/builder-store.ts';
import { useOddsFormat, useSportsContext } from '../context.tsx';
import styles from './SlipBuilder.module.css';
import controls from './SlipControls.module.css';
import { rejectionText } from './slip-rejections.ts';
import type { BetSlipModel } from './use-bet-slip.ts';
import { newKey } from './use-placement.ts';

type Result =
  | { phase: 'idle' }
  | { phase: 'placing' }
  | { phase: 'accepted'; betId: string; coefMilli: number }
  | { phase: 'rejected'; text: string };

export function SlipBuilder({
  item,
  model,
  t,
}: {
  item: BuilderSlipItem;
  model: BetSlipModel;
  t: TranslateFn;
}) {
  const format = useOddsFormat();
  const fmt = useFormat();
  const { lng } = useSportsContext();
  const [amountText, setAmountText] = useState('');
  const [result, setResult] = useState<Result>({ phase: 'idle' });
  const iso = model.account?.iso ?? 'RUB';
  let amountMinor: bigint | null = null;
  try {
    amountMinor = amountText.trim() === '' ? null : parseAmount(amountText.trim(), iso);
  } catch {
    amountMinor = null;
  }
  const invalid = amountText.trim() !== '' && (amountMinor === null || amountMinor <= 0n);
  const possibleMinor =
    amountMinor !== null && amountMinor > 0n ? (amountMinor * BigInt(item.coefMilli)) / 1000n : null;

  const place = async () => {
    if (!model.isSignedIn) {
      openModal('login');
      return;
    }
    const account = model.account;
    if (!account || amountMinor === null || amountMinor <= 0n) return;
    setResult({ phase: 'placing' });
    const request = {
      accountId: account.id,
      amount: amountMinor.toString(),
      outcomeIds: item.legs.map((leg) => leg.outcomeId),
      coefMilli: item.coefMilli,
      changeCoefAction: model.state.settings.changeCoefAction,
    };
    const key = newKey('builder');
    let answer = await placeBuilder(request, key);
    if (!answer.ok && answer.code === 'NETWORK') answer = await placeBuilder(request, key);
    if (answer.ok && answer.status === 'accepted') {
      setResult({ phase: 'accepted', betId: answer.betId, coefMilli: answer.coefMilli });
      void loadAccounts();
      return;
    }
    const code = answer.ok ? answer.code : answer.code;
    setResult({
      phase: 'rejected',
      text: code.startsWith('BET_BUILDER_') ? builderErrorText(code, t) : rejectionText(code, t),
    });
  };

  const done = () => {
    setBuilderSlip(null);
    setResult({ phase: 'idle' });
  };

  return (
    <section className={styles.builder} aria-labelledby="slip-builder-title" data-testid="slip-builder">
      <div className={styles.head}>
        <div className={styles.text}>
          <span id="slip-builder-title" className={styles.badge}>
            {t('builder.title')}
          </span>
          <span className={styles.game}>{item.gameLabel}</span>
        </div>
        <strong className={styles.price} data-testid="slip-builder-price">
          {format(item.coefMilli)}
        </strong>
        <button
          type="button"
          className={controls.iconButton}
          aria-label={t('builder.remove_from_slip')}
          onClick={done}
        >
          ×
        </button>
      </div>
      <ul className={styles.legs} aria-label={t('builder.legs')}>
        {item.legs.map((leg) => (
          <li key={leg.outcomeId} data-testid="slip-builder-leg">
            {leg.label}
          </li>
        ))}
      </ul>
      {result.phase === 'accepted' ? null : (
        <div className={controls.field}>
          <label htmlFor="slip-builder-amount">{t('slip.amount', { currency: iso })}</label>
          <input
            id="slip-builder-amount"
            className={controls.input}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            aria-invalid={invalid || undefined}
            onChange={(e) => setAmountText(e.target.value)}
            data-testid="slip-builder-amount"
          />
          {invalid ? <p className={controls.error}>{t('slip.invalid_amount')}</p> : null}
          {possibleMinor !== null ? (
            <p className={controls.hint}>
              {t('slip.possible_win')}: {fmt.money(possibleMinor, iso)}
            </p>
          ) : null}
        </div>
      )}
      {result.phase === 'accepted' ? null : (
        <button
          type="button"
          className={`${controls.primaryButton} ${styles.place}`}
          disabled={
            result.phase === 'placing' || (model.isSignedIn && (amountMinor === null || amountMinor <= 0n))
          }
          aria-busy={result.phase === 'placing' || undefined}
          onClick={() => void place()}
          data-testid="slip-builder-place"
        >
          {model.isSignedIn ? t('builder.place') : t('slip.place_guest')}
        </button>
      )}
      <div role="status" aria-live="polite">
        {result.phase === 'accepted' ? (
          <div className={styles.accepted} data-testid="slip-builder-accepted">
            <p>{t('slip.accepted_at', { coef: format(result.coefMilli) })}</p>
            <a href={`/${lng}/print-coupon/${result.betId}`} target="_blank" rel="noopener">
              {t('slip.print', { id: result.betId })}
            </a>
          </div>
        ) : result.phase === 'rejected' ? (
          <p className={controls.error} data-testid="slip-builder-rejected">
            {result.text}
          </p>
        ) : null}
      </div>
      {result.phase === 'accepted' ? (
        <button type="button" className={controls.linkButton} onClick={done}>
          {t('slip.dismiss')}
        </button>
      ) : null}
    </section>
  );
}

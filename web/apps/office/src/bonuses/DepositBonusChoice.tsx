/**
 * The deposit form's bonus choice (office/recharge): the deposit bonuses of the player's next
 * deposit (GET /web-api/bonuses/v1/deposit-offers) as radio buttons after "No bonus". Nothing is
 * preselected unless the player chose at registration (a welcome promo code) or before; the choice
 * is stored (PUT /deposit-choice) when the form is submitted, and the bonus engine applies it to the
 * deposit it credits next.
 */
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { type ReactNode, useEffect, useState } from 'react';
import { call } from '../money/money-api.ts';
import styles from './Bonuses.module.css';

const API = '/web-api/bonuses/v1';
const NONE = '';

interface DepositOffer {
  code: string;
  title: Record<string, string>;
  reward: { kind: string; percentBp?: number; capMinor?: string; amountMinor?: string };
  conditions: { minDepositMinor: string };
}

function titleOf(offer: DepositOffer, lng: string): string {
  return offer.title[lng] ?? offer.title.en ?? Object.values(offer.title)[0] ?? offer.code;
}

/** The choice's fieldset and `commit()`, which stores it (answers an error code, or null). */
export function useDepositBonusChoice(
  lng: string,
  currency: string | undefined,
): { element: ReactNode; commit: () => Promise<string | null> } {
  const t = useT('office-bonus');
  const [offers, setOffers] = useState<DepositOffer[] | null>(null);
  const [selected, setSelected] = useState(NONE);
  useEffect(() => {
    if (!currency) return;
    void call<{ offers: DepositOffer[]; chosen: string | null }>(
      `${API}/deposit-offers?currency=${encodeURIComponent(currency)}`,
    ).then((answer) => {
      setOffers(answer.ok ? answer.data.offers : []);
      if (answer.ok) setSelected(answer.data.chosen ?? NONE);
    });
  }, [currency]);
  const commit = async () => {
    if (!offers || offers.length === 0) return null;
    const answer = await call(`${API}/deposit-choice`, {
      method: 'PUT',
      body: { campaign: selected === NONE ? null : selected },
    });
    return answer.ok ? null : answer.code;
  };
  if (!offers || offers.length === 0 || !currency) return { element: null, commit };
  const reward = (o: DepositOffer) =>
    o.reward.kind === 'match'
      ? t('deposit_choice.match', {
          percent: String((o.reward.percentBp ?? 0) / 100),
          cap: formatMoney(o.reward.capMinor ?? '0', currency, lng),
        })
      : o.reward.amountMinor
        ? formatMoney(o.reward.amountMinor, currency, lng)
        : '';
  const option = (value: string, label: string, hint: string) => (
    <label key={value || 'none'} className={styles.choice}>
      <input
        type="radio"
        name="deposit-bonus"
        value={value}
        checked={selected === value}
        onChange={() => setSelected(value)}
      />
      <span>
        {label}
        {hint ? <span className={styles.muted}> — {hint}</span> : null}
      </span>
    </label>
  );
  const element = (
    <fieldset className={styles.choices} data-testid="deposit-bonus-choice">
      <legend className={styles.subheading}>{t('deposit_choice.legend')}</legend>
      {option(NONE, t('deposit_choice.none'), '')}
      {offers.map((o) =>
        option(
          o.code,
          titleOf(o, lng),
          o.conditions.minDepositMinor === '0'
            ? reward(o)
            : `${reward(o)}; ${t('deposit_choice.min_deposit', { amount: formatMoney(o.conditions.minDepositMinor, currency, lng) })}`,
        ),
      )}
    </fieldset>
  );
  return { element, commit };
}

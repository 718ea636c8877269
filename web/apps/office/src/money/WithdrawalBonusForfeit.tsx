/**
 * The withdrawal form's warning about active bonuses: a withdrawal forfeits the player's active
 * bonuses in its currency (the server refuses it with BONUS_FORFEIT_CONFIRMATION_REQUIRED unless the
 * request sends `forfeitBonuses: true`). When the player has active bonuses in the account's
 * currency the form lists each one's name and bonus balance and asks for an explicit confirmation
 * (a required checkbox) before it sends.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useState } from 'react';
import styles from './Money.module.css';
import { call } from './money-api.ts';

/** An active bonus as GET /web-api/bonuses/v1/my and the refusal's details give it. */
export interface ForfeitBonus {
  id: string;
  campaign: string;
  kind: string;
  currency: string;
  balanceMinor: string;
  title?: Record<string, string>;
}

/** The bonus's name in the page language (the campaign's code when it has no title). */
export function bonusName(b: ForfeitBonus, lng: string): string {
  const titles = b.title ?? {};
  return titles[lng] ?? titles.en ?? Object.values(titles)[0] ?? b.campaign;
}

/** The bonuses a withdrawal would forfeit, from a refusal's details (an empty list when malformed). */
export function bonusesFromDetails(details: Record<string, unknown> | undefined): ForfeitBonus[] {
  const list = details?.bonuses;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (b): b is ForfeitBonus =>
      typeof b === 'object' &&
      b !== null &&
      typeof (b as ForfeitBonus).id === 'string' &&
      typeof (b as ForfeitBonus).currency === 'string' &&
      typeof (b as ForfeitBonus).balanceMinor === 'string',
  );
}

/**
 * The active bonuses in `currency` and whether the player confirmed their forfeit. `refusedWith`
 * takes the bonuses of a refusal (a bonus granted after the form loaded) and clears the confirmation.
 */
export function useWithdrawalForfeit(currency: string | undefined) {
  const [bonuses, setBonuses] = useState<ForfeitBonus[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    setBonuses([]);
    setConfirmed(false);
    if (!currency) return;
    let live = true;
    void call<{ bonuses: ForfeitBonus[] }>('/web-api/bonuses/v1/my').then((answer) => {
      if (live && answer.ok) setBonuses(answer.data.bonuses.filter((b) => b.currency === currency));
    });
    return () => {
      live = false;
    };
  }, [currency]);
  return {
    bonuses,
    confirmed,
    setConfirmed,
    refusedWith: (list: ForfeitBonus[]) => {
      setBonuses(list);
      setConfirmed(false);
    },
    /** Forgets the bonuses once a withdrawal forfeited them. */
    forfeited: () => {
      setBonuses([]);
      setConfirmed(false);
    },
  };
}

/** The warning and the confirmation checkbox; nothing when no bonus would be forfeited. */
export function WithdrawalForfeitWarning({
  bonuses,
  confirmed,
  onConfirm,
  lng,
}: {
  bonuses: ForfeitBonus[];
  confirmed: boolean;
  onConfirm: (value: boolean) => void;
  lng: string;
}) {
  const t = useT('office-money');
  const fmt = useFormat();
  if (bonuses.length === 0) return null;
  return (
    <fieldset
      className={styles.forfeit}
      aria-describedby="withdrawal-forfeit-note"
      data-testid="withdrawal-forfeit"
    >
      <legend className={styles.sectionTitle}>{t('deduce.forfeit_title')}</legend>
      <p id="withdrawal-forfeit-note" className={styles.warning}>
        {t('deduce.forfeit_note')}
      </p>
      <ul aria-label={t('deduce.forfeit_list')}>
        {bonuses.map((b) => (
          <li key={b.id}>
            {t('deduce.forfeit_item', {
              name: bonusName(b, lng),
              amount: fmt.money(b.balanceMinor, b.currency),
            })}
          </li>
        ))}
      </ul>
      <label className={styles.forfeitConfirm}>
        <input
          type="checkbox"
          name="forfeitBonuses"
          required
          checked={confirmed}
          onChange={(e) => onConfirm(e.target.checked)}
        />
        <span>{t('deduce.forfeit_confirm')}</span>
      </label>
    </fieldset>
  );
}

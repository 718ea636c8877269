/** The stake: − / + buttons, half and double, and a field that takes a typed amount in the currency's precision. */
import { localeOf } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useId, useState } from 'react';
import styles from './GamePage.module.css';
import {
  clampStake,
  doubleStake,
  halfStake,
  parseStake,
  type StakeBounds,
  stakeText,
  stepStake,
} from './stake.ts';

function decimalSign(lng: string): string {
  return (
    new Intl.NumberFormat(localeOf(lng)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

export function StakeControl({
  lng,
  stakeMinor,
  bounds,
  currency,
  money,
  disabled,
  onChange,
}: {
  lng: string;
  stakeMinor: bigint;
  bounds: StakeBounds;
  currency: string;
  money: (minor: bigint) => string;
  disabled: boolean;
  onChange: (minor: bigint) => void;
}) {
  const t = useT('casino');
  const id = useId();
  const sign = decimalSign(lng);
  const [text, setText] = useState(stakeText(stakeMinor, bounds.scale, sign));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(stakeText(stakeMinor, bounds.scale, sign));
    setInvalid(false);
  }, [stakeMinor, bounds.scale, sign]);

  const commit = () => {
    const parsed = parseStake(text, bounds.scale);
    if (parsed === null) {
      setInvalid(true);
      return;
    }
    const next = clampStake(parsed, bounds);
    setInvalid(next !== parsed);
    onChange(next);
    setText(stakeText(next, bounds.scale, sign));
  };
  const set = (minor: bigint) => onChange(minor);
  return (
    <div className={styles.stake}>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className={styles.stakeLabel}>
        {t('stake.label', { currency })}
      </label>
      <div className={styles.stakeRow}>
        <button
          type="button"
          className={styles.stakeButton}
          aria-label={t('stake.decrease')}
          disabled={disabled || stakeMinor <= bounds.minMinor}
          onClick={() => set(stepStake(stakeMinor, -1, bounds))}
        >
          −
        </button>
        <input
          id={`${id}-input`}
          className={`${styles.input} ${styles.stakeInput}`}
          inputMode="decimal"
          value={text}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
        <button
          type="button"
          className={styles.stakeButton}
          aria-label={t('stake.increase')}
          disabled={disabled || stakeMinor >= bounds.maxMinor}
          onClick={() => set(stepStake(stakeMinor, 1, bounds))}
        >
          +
        </button>
        <button
          type="button"
          className={styles.stakeButton}
          aria-label={t('stake.half')}
          disabled={disabled}
          onClick={() => set(halfStake(stakeMinor, bounds))}
        >
          ½
        </button>
        <button
          type="button"
          className={styles.stakeButton}
          aria-label={t('stake.double')}
          disabled={disabled}
          onClick={() => set(doubleStake(stakeMinor, bounds))}
        >
          ×2
        </button>
      </div>
      <p id={`${id}-hint`} className={invalid ? styles.error : styles.muted}>
        {t('stake.range', { min: money(bounds.minMinor), max: money(bounds.maxMinor) })}
      </p>
    </div>
  );
}

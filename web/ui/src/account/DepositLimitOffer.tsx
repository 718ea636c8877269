/**
 * The optional deposit-limit offer (issue 8, beyond the spec): after a registration and on the
 * recharge page before the first deposit, the player may set a deposit limit (types 20, 21, 22)
 * with one short form; it calls the limits service's set endpoint. "No, thanks" hides it. Shown by the
 * auth app (after a registration) and the office (recharge page); texts of namespace "limits".
 */
import { formatLimitValue, limitsApi } from '@parlay/client/limits-api.ts';
import { typesOf } from '@parlay/domain/limits/limit-types.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { type FormEvent, useId, useState } from 'react';
import styles from './DepositLimitOffer.module.css';

const DEPOSIT_TYPES = typesOf('deposit');

export function DepositLimitOffer({ lng }: { lng: string }) {
  const t = useT('limits');
  const id = useId();
  const [type, setType] = useState<number>(DEPOSIT_TYPES[0]!);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (!Number.isSafeInteger(value) || value < 1) return setError(t('offer.amount_invalid'));
    setBusy(true);
    setError(null);
    const answer = await limitsApi.set(type, value);
    setBusy(false);
    if (!answer.ok) return setError(answer.message ?? t('error.save'));
    const limit = answer.data.data;
    setDone(
      t('offer.done', {
        name: t(`types.${type}`),
        value: formatLimitValue(limit, limit.limitValue, t, lng),
      }),
    );
  };

  return (
    <section className={styles.offer} aria-labelledby={`${id}-title`} data-testid="deposit-limit-offer">
      <h3 id={`${id}-title`} className={styles.title}>
        {t('offer.title')}
      </h3>
      {done ? (
        <p role="status" className={styles.done}>
          {done}
        </p>
      ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          <p className={styles.text}>{t('offer.text')}</p>
          <label className={styles.field}>
            <span>{t('offer.period')}</span>
            <select name="limitType" value={type} onChange={(e) => setType(Number(e.target.value))}>
              {DEPOSIT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`types.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>{t('offer.amount')}</span>
            <input
              name="limitValue"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" size="sm" variant="primary" disabled={busy}>
              {t('offer.submit')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
              {t('offer.skip')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

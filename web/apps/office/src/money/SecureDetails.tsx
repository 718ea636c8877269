/**
 * One payment with its details. Full details (the payout card or wallet) are secure data: the
 * player re-enters the password, which opens them for 30 minutes through the server's httpOnly
 * grant cookie (site-shell §7, §9).
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime } from '@parlay/mf/clock.ts';
import { Button, Field, Skeleton } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Money.module.css';
import { call, type PaymentEntry } from './money-api.ts';

interface PaymentAnswer {
  payment: PaymentEntry;
  details: { destination: string | null } | null;
  granted: boolean;
}

export function SecureDetails({ paymentId, lng }: { paymentId: string; lng: string }) {
  const t = useT('office-money');
  const fmt = useFormat();
  const clock = useOfficeClock();
  const [answer, setAnswer] = useState<PaymentAnswer | null | 'missing'>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () =>
    call<PaymentAnswer>(`/web-api/payments/v1/payments/${paymentId}`).then((a) =>
      setAnswer(a.ok ? a.data : 'missing'),
    );
  useEffect(() => {
    void load();
  }, [paymentId]);
  if (answer === null) return <Skeleton height="120px" />;
  if (answer === 'missing')
    return (
      <section className={styles.card}>
        <p role="alert">{t('errors.PAYMENT_NOT_FOUND')}</p>
      </section>
    );
  const { payment, details } = answer;
  // The password is asked every time the details are opened; the grant then lasts 30 minutes.
  const open = async () => {
    if (password === '') return setError('secure.password_required');
    setBusy(true);
    setError(null);
    const reauth = await call('/web-api/auth/v1/reauth', { body: { password } });
    if (!reauth.ok) {
      setBusy(false);
      return setError(
        reauth.code === 'INVALID_CREDENTIALS' ? 'secure.wrong_password' : `errors.${reauth.code}`,
      );
    }
    const granted = await call('/web-api/payments/v1/secure-data/grant', { method: 'POST', body: {} });
    setBusy(false);
    if (!granted.ok) return setError(`errors.${granted.code}`);
    setPassword('');
    await load();
  };
  const date = formatDateTime(payment.createdAt, lng, clock);
  return (
    <section className={styles.card} aria-labelledby="payment-heading">
      <h2 id="payment-heading" className={styles.sectionTitle}>
        {t(`historypay.${payment.direction}`)} · {fmt.moneyAmount(payment.amount, payment.currency)}
      </h2>
      <dl className={styles.stack}>
        <div className={styles.inline}>
          <dt>{t('history.date')}</dt>
          <dd>{date}</dd>
        </div>
        <div className={styles.inline}>
          <dt>{t('historypay.state')}</dt>
          <dd>{t(`state.${payment.state}`, { defaultValue: payment.state })}</dd>
        </div>
        {payment.destination !== null ? (
          <div className={styles.inline}>
            <dt>{t('deduce.destination')}</dt>
            <dd data-testid="payment-destination">{details?.destination ?? payment.destination}</dd>
          </div>
        ) : null}
      </dl>
      {payment.destination !== null && !details ? (
        <form
          className={styles.stack}
          onSubmit={(e) => {
            e.preventDefault();
            void open();
          }}
        >
          <Field className={styles.field}>
            <label htmlFor="secure-password">{t('secure.password')}</label>
            <input
              id="secure-password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="secure-hint"
            />
            <span
              id="secure-hint"
              className={error ? styles.error : styles.muted}
              role={error ? 'alert' : undefined}
            >
              {error ? t(error, { defaultValue: t('errors.generic') }) : t('secure.hint')}
            </span>
          </Field>
          <Button type="submit" disabled={busy}>
            {t('secure.show')}
          </Button>
        </form>
      ) : details ? (
        <p className={styles.muted}>{t('secure.open')}</p>
      ) : null}
    </section>
  );
}

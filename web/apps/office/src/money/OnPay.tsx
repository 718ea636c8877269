/** The return pages of the payment provider: /{lng}/onpay/success|fail|pending|cancel and /onpay/withdraw/… */

import { useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { useEffect } from 'react';
import styles from './Money.module.css';

export function OnPay({ routeId, lng }: { routeId: string; lng: string }) {
  const t = useT('office-money');
  const withdraw = routeId.startsWith('onpay-withdraw-');
  const outcome = routeId.replace(/^onpay-(withdraw-)?/, '');
  useEffect(() => {
    void loadAccounts();
  }, []);
  const kind =
    outcome === 'success' ? styles.positive : outcome === 'pending' ? styles.warning : styles.negative;
  return (
    <section className={styles.card} aria-live="polite">
      <p role="status" className={`${styles.result} ${kind}`}>
        {t(`onpay.${withdraw ? 'withdraw' : 'deposit'}.${outcome}`)}
      </p>
      <p className={styles.inline}>
        <a href={`/${lng}/office/historypay`}>{t('onpay.history_link')}</a>
        {outcome === 'success' ? null : (
          <a href={`/${lng}/office/${withdraw ? 'deduce' : 'recharge'}`}>{t('onpay.retry_link')}</a>
        )}
        <a href={`/${lng}/`}>{t('onpay.home_link')}</a>
      </p>
    </section>
  );
}

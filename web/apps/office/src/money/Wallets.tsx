/** Wallets: the player's accounts with balances; add a currency, remove an empty one, set the active one. */

import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import {
  addCurrency,
  type PlayerAccount,
  removeCurrency,
  setActiveAccount,
} from '@parlay/mf/accounts-store.ts';
import { notify } from '@parlay/mf/host-api.ts';
import { Button, Field, Skeleton } from '@parlay/ui/index.ts';
import { useState } from 'react';
import styles from './Money.module.css';
import { useAccounts } from './useAccounts.ts';

/** Currencies the site offers for extra accounts. */
export const OFFERED_CURRENCIES = [
  'RUB',
  'USD',
  'EUR',
  'UAH',
  'KZT',
  'BYN',
  'UZS',
  'AZN',
  'TRY',
  'INR',
  'BRL',
];

export function AccountLine({ account }: { account: PlayerAccount }) {
  const t = useT('office-money');
  const fmt = useFormat();
  return (
    <>
      <span className={styles.accountName}>
        {t(`account_type.${account.type}`)} · {account.iso}
        {account.isActive ? <span className={styles.badge}>{t('wallets.active')}</span> : null}
      </span>
      <span className={styles.amount} data-testid={`balance-${account.iso}`}>
        {fmt.moneyAmount(account.money, account.iso, { code: false })} {account.symbol}
      </span>
    </>
  );
}

export function Wallets({ compact = false }: { compact?: boolean }) {
  const t = useT('office-money');
  const state = useAccounts();
  const [currency, setCurrency] = useState('');
  const [busy, setBusy] = useState(false);
  const held = new Set(state.accounts.map((a) => a.iso));
  const offered = OFFERED_CURRENCIES.filter((c) => !held.has(c));
  const onBingo = typeof window !== 'undefined' && /\/bingo(\/|$)/.test(window.location.pathname);

  const run = async (
    work: () => Promise<{ ok: boolean; message: string; id?: string }>,
    success: (m: string, id?: string) => string | null,
  ) => {
    setBusy(true);
    const answer = await work();
    setBusy(false);
    if (!answer.ok)
      return notify({
        kind: 'error',
        text: t(`errors.${answer.message}`, { defaultValue: t('errors.generic') }),
      });
    const text = success(answer.message, answer.id);
    if (text) notify({ kind: 'success', text });
  };

  if (state.status === 'idle' || state.status === 'loading') return <Skeleton height="96px" />;
  if (state.status === 'error') return <p role="alert">{t('errors.generic')}</p>;
  return (
    <section className={styles.card} aria-labelledby="wallets-heading">
      <h2 id="wallets-heading" className={styles.sectionTitle}>
        {t('wallets.title')}
      </h2>
      {state.isAccountFrozen ? (
        <p role="alert" className={styles.warning}>
          {t('wallets.frozen')}
        </p>
      ) : null}
      <ul className={styles.accounts}>
        {state.accounts.map((account) => (
          <li key={account.id} className={styles.accountRow}>
            <AccountLine account={account} />
            {compact ? null : (
              <span className={styles.rowActions}>
                {account.isActive ? null : (
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      run(
                        () => setActiveAccount(account.id),
                        (message, id) => (onBingo ? null : t(message, { id: id ?? account.id })),
                      )
                    }
                  >
                    {t('wallets.make_active', { iso: account.iso })}
                  </Button>
                )}
                {account.type === 9 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy || account.moneyMinor !== '0'}
                    title={account.moneyMinor !== '0' ? t('wallets.remove_only_empty') : undefined}
                    onClick={() =>
                      run(
                        () => removeCurrency(account.id),
                        () => t('wallets.removed', { iso: account.iso }),
                      )
                    }
                  >
                    {t('wallets.remove', { iso: account.iso })}
                  </Button>
                ) : null}
              </span>
            )}
          </li>
        ))}
      </ul>
      {compact || offered.length === 0 ? null : (
        <form
          className={styles.inline}
          onSubmit={(event) => {
            event.preventDefault();
            if (!currency) return;
            void run(
              () => addCurrency(currency),
              () => t('wallets.added', { iso: currency }),
            ).then(() => setCurrency(''));
          }}
        >
          <Field as="label" className={styles.field}>
            <span>{t('wallets.add_label')}</span>
            <select value={currency} onChange={(e) => setCurrency(e.target.value)} required>
              <option value="">{t('wallets.choose')}</option>
              {offered.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" disabled={busy || !currency}>
            {t('wallets.add')}
          </Button>
        </form>
      )}
    </section>
  );
}

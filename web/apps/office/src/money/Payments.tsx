/** Recharge (deposit) and deduce (withdrawal): method catalogue with limits and fees, amount entry, and the request. */

import { type Formatters, useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts, type PlayerAccount } from '@parlay/mf/accounts-store.ts';
import { notify } from '@parlay/mf/host-api.ts';
import { DepositLimitOffer } from '@parlay/ui/account/DepositLimitOffer.tsx';
import { Button, Field, Skeleton } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { useDepositBonusChoice } from '../bonuses/DepositBonusChoice.tsx';
import styles from './Money.module.css';
import {
  amountProblem,
  call,
  newKey,
  type PaymentEntry,
  type PaymentMethod,
  scaleOf,
  toMinor,
} from './money-api.ts';
import {
  DepositLimitRefusal,
  type Details,
  LIMIT_REFUSALS,
  methodName,
  refusalText,
} from './payment-errors.tsx';
import { useAccounts } from './useAccounts.ts';
import { AccountLine } from './Wallets.tsx';
import {
  bonusesFromDetails,
  useWithdrawalForfeit,
  WithdrawalForfeitWarning,
} from './WithdrawalBonusForfeit.tsx';

type Direction = 'deposit' | 'withdrawal';

function useMethods(direction: Direction, currency: string | undefined) {
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  useEffect(() => {
    if (!currency) return;
    setMethods(null);
    void call<{ methods: PaymentMethod[] }>(
      `/web-api/payments/v1/methods?direction=${direction}&currency=${currency}`,
    ).then((answer) => setMethods(answer.ok ? answer.data.methods : []));
  }, [direction, currency]);
  return methods;
}

function feeText(m: PaymentMethod, t: ReturnType<typeof useT>, fmt: Formatters): string {
  if (m.feeBasisPoints === 0 && m.feeFixedMinor === '0') return t('methods.no_fee');
  return t('methods.fee', { percent: fmt.number(m.feeBasisPoints / 100, { upTo: 2 }) });
}

/** A method's smallest and largest amounts in the page language: "From 100.00 to 50,000.00 RUB". */
function limitsText(m: PaymentMethod, t: ReturnType<typeof useT>, fmt: Formatters): string {
  const amount = (value: string) => fmt.moneyAmount(value, m.currency, { code: false });
  return t('methods.limits', { min: amount(m.min), max: amount(m.max), iso: m.currency });
}

function MethodPicker({
  methods,
  selected,
  onSelect,
}: {
  methods: PaymentMethod[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const t = useT('office-money');
  const fmt = useFormat();
  if (methods.length === 0) return <p>{t('methods.none')}</p>;
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.sectionTitle}>{t('methods.title')}</legend>
      {methods.map((m) => (
        <label key={m.id} className={`${styles.method} ${selected === m.id ? styles.methodSelected : ''}`}>
          <input
            type="radio"
            name="method"
            value={m.id}
            checked={selected === m.id}
            onChange={() => onSelect(m.id)}
          />
          <span className={styles.methodName}>{methodName(m, t)}</span>
          <span className={styles.muted}>
            {limitsText(m, t, fmt)} · {feeText(m, t, fmt)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function useAmount(account: PlayerAccount | null, method: PaymentMethod | undefined, direction: Direction) {
  const [amount, setAmount] = useState('');
  const scale = account ? scaleOf(account.money) : 2;
  let problem = amount === '' ? null : amountProblem(amount, scale);
  if (!problem && amount !== '' && method) {
    const minor = toMinor(amount, scale);
    if (minor < BigInt(method.minMinor)) problem = 'amount.below_min';
    else if (minor > BigInt(method.maxMinor)) problem = 'amount.above_max';
    else if (direction === 'withdrawal' && account && minor > BigInt(account.moneyMinor))
      problem = 'amount.above_balance';
  }
  return { amount, setAmount, problem, scale };
}

/** Whether the player has deposited yet (null while unknown): the first deposit offers a deposit limit. */
function useHasDeposit(): boolean | null {
  const [hasDeposit, setHasDeposit] = useState<boolean | null>(null);
  useEffect(() => {
    void call<{ has_deposit: boolean }>('/web-api/payments/v1/profile').then((answer) =>
      setHasDeposit(answer.ok ? answer.data.has_deposit : true),
    );
  }, []);
  return hasDeposit;
}

export function Recharge({ lng }: { lng: string }) {
  const t = useT('office-money');
  const { activeAccount } = useAccounts();
  const methods = useMethods('deposit', activeAccount?.iso);
  const [methodId, setMethodId] = useState<number | null>(null);
  const method = methods?.find((m) => m.id === methodId) ?? methods?.[0];
  const { amount, setAmount, problem } = useAmount(activeAccount, method, 'deposit');
  const hasDeposit = useHasDeposit();
  const bonus = useDepositBonusChoice(lng, activeAccount?.iso);
  // ?method=<code> preselects a method (the mobile-cash modal links to mobile_cash).
  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('method');
    const wanted = code ? methods?.find((m) => m.code === code) : undefined;
    if (wanted) setMethodId(wanted.id);
  }, [methods]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ code: string; details: Details } | null>(null);

  if (!activeAccount || !methods) return <Skeleton height="240px" />;
  const submit = async () => {
    if (!method || problem || amount === '') return setError(problem ?? 'amount.required');
    setBusy(true);
    setError(null);
    setRefusal(null);
    // The chosen deposit bonus is stored first: the engine applies it to the deposit credited next.
    const bonusProblem = await bonus.commit();
    if (bonusProblem) {
      setBusy(false);
      return setError(`errors.${bonusProblem}`);
    }
    const answer = await call<{ redirectUrl: string }>('/web-api/payments/v1/deposits', {
      body: { accountId: activeAccount.id, methodId: method.id, amount: amount.replace(',', '.'), lng },
      headers: { 'idempotency-key': newKey('dep') },
    });
    if (!answer.ok) {
      setBusy(false);
      // The player's own limits are explained with their figures (which limit, what is left, when).
      if (LIMIT_REFUSALS.has(answer.code)) return setRefusal({ code: answer.code, details: answer.details });
      return setError(`errors.${answer.code}`);
    }
    window.location.assign(answer.data.redirectUrl);
  };
  return (
    <>
      {hasDeposit === false ? <DepositLimitOffer lng={lng} /> : null}
      <form
        className={styles.card}
        aria-labelledby="recharge-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="recharge-heading" className={styles.sectionTitle}>
          {t('recharge.title')}
        </h2>
        <p className={styles.accountRow}>
          <AccountLine account={activeAccount} />
        </p>
        <MethodPicker methods={methods} selected={method?.id ?? null} onSelect={setMethodId} />
        <AmountField
          amount={amount}
          setAmount={setAmount}
          iso={activeAccount.iso}
          problem={problem ?? error}
          method={method}
        />
        {refusal ? <DepositLimitRefusal code={refusal.code} details={refusal.details} lng={lng} /> : null}
        {bonus.element}
        <Button type="submit" variant="primary" disabled={busy || !method}>
          {busy ? t('recharge.redirecting') : t('recharge.submit')}
        </Button>
        <p className={styles.muted}>{t('recharge.note')}</p>
      </form>
    </>
  );
}

function AmountField({
  amount,
  setAmount,
  iso,
  problem,
  method,
}: {
  amount: string;
  setAmount: (v: string) => void;
  iso: string;
  problem: string | null;
  method: PaymentMethod | undefined;
}) {
  const t = useT('office-money');
  const tErrors = useT('errors');
  const fmt = useFormat();
  return (
    <Field as="label" className={styles.field}>
      <span>{t('amount.label', { iso })}</span>
      <input
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={problem ? 'true' : 'false'}
        aria-describedby="amount-hint"
      />
      <span
        id="amount-hint"
        className={problem ? styles.error : styles.muted}
        role={problem ? 'alert' : undefined}
      >
        {problem
          ? t(problem, {
              min: method ? fmt.moneyAmount(method.min, iso, { code: false }) : '',
              max: method ? fmt.moneyAmount(method.max, iso, { code: false }) : '',
              iso,
              defaultValue: problem.startsWith('errors.')
                ? refusalText(problem.slice('errors.'.length), t, tErrors)
                : t('errors.generic'),
            })
          : method
            ? limitsText(method, t, fmt)
            : ''}
      </span>
    </Field>
  );
}

/** Whether withdrawals wait for identification (payment profile is_need_identification); null while unknown. */
function useNeedsIdentification(): boolean | null {
  const [needs, setNeeds] = useState<boolean | null>(null);
  useEffect(() => {
    void call<{ is_need_identification: boolean }>('/web-api/payments/v1/profile').then((answer) =>
      setNeeds(answer.ok ? answer.data.is_need_identification : false),
    );
  }, []);
  return needs;
}

function IdentificationGate({ lng }: { lng: string }) {
  const t = useT('office-money');
  return (
    <div role="alert" className={styles.warning} data-testid="identification-gate">
      <p>{t('deduce.identification_needed')}</p>
      <p>
        <a href={`/${lng}/office/verification`}>{t('deduce.verification_link')}</a>
      </p>
    </div>
  );
}

export function Deduce({ lng }: { lng: string }) {
  const t = useT('office-money');
  const tErrors = useT('errors');
  const fmt = useFormat();
  const needsIdentification = useNeedsIdentification();
  const { activeAccount, isAccountFrozen } = useAccounts();
  const methods = useMethods('withdrawal', activeAccount?.iso);
  const [methodId, setMethodId] = useState<number | null>(null);
  const method = methods?.find((m) => m.id === methodId) ?? methods?.[0];
  const { amount, setAmount, problem } = useAmount(activeAccount, method, 'withdrawal');
  const [destination, setDestination] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requests, setRequests] = useState<PaymentEntry[] | null>(null);
  // Active bonuses in this currency are forfeited by a withdrawal: listed, and confirmed before it is sent.
  const forfeit = useWithdrawalForfeit(activeAccount?.iso);
  const reload = () =>
    call<{ entities: PaymentEntry[] }>('/web-api/payments/v1/payments?direction=withdrawal&pageSize=10').then(
      (a) => setRequests(a.ok ? a.data.entities : []),
    );
  useEffect(() => {
    void reload();
  }, []);

  if (!activeAccount || !methods) return <Skeleton height="240px" />;
  const submit = async () => {
    if (!method || problem || amount === '') return setError(problem ?? 'amount.required');
    if (forfeit.bonuses.length > 0 && !forfeit.confirmed)
      return setError('errors.BONUS_FORFEIT_CONFIRMATION_REQUIRED');
    setBusy(true);
    setError(null);
    const answer = await call<{ payment: PaymentEntry }>('/web-api/payments/v1/withdrawals', {
      body: {
        accountId: activeAccount.id,
        methodId: method.id,
        amount: amount.replace(',', '.'),
        lng,
        destination,
        ...(forfeit.bonuses.length > 0 && forfeit.confirmed ? { forfeitBonuses: true } : {}),
      },
      headers: { 'idempotency-key': newKey('wd') },
    });
    setBusy(false);
    if (!answer.ok) {
      // A bonus granted after the form loaded: list it and ask again.
      if (answer.code === 'BONUS_FORFEIT_CONFIRMATION_REQUIRED')
        forfeit.refusedWith(bonusesFromDetails(answer.details));
      return setError(`errors.${answer.code}`);
    }
    if (forfeit.bonuses.length > 0) forfeit.forfeited();
    notify({ kind: 'success', text: t('deduce.requested') });
    setAmount('');
    void loadAccounts();
    void reload();
  };
  const cancel = async (id: string) => {
    const answer = await call<{ payment: PaymentEntry }>(`/web-api/payments/v1/withdrawals/${id}/cancel`, {
      method: 'POST',
      body: {},
    });
    if (!answer.ok)
      return notify({
        kind: 'error',
        text: refusalText(answer.code, t, tErrors),
      });
    notify({ kind: 'success', text: t('deduce.cancelled') });
    void loadAccounts();
    void reload();
  };
  return (
    <>
      <form
        className={styles.card}
        aria-labelledby="deduce-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="deduce-heading" className={styles.sectionTitle}>
          {t('deduce.title')}
        </h2>
        <p className={styles.accountRow}>
          <AccountLine account={activeAccount} />
        </p>
        {isAccountFrozen ? (
          <p role="alert" className={styles.warning}>
            {t('wallets.frozen')}
          </p>
        ) : null}
        {needsIdentification || error === 'errors.VERIFICATION_REQUIRED' ? (
          <IdentificationGate lng={lng} />
        ) : null}
        <p className={styles.muted}>{t('deduce.real_money_only')}</p>
        <MethodPicker methods={methods} selected={method?.id ?? null} onSelect={setMethodId} />
        <AmountField
          amount={amount}
          setAmount={setAmount}
          iso={activeAccount.iso}
          problem={problem ?? (error === 'errors.VERIFICATION_REQUIRED' ? null : error)}
          method={method}
        />
        <Field as="label" className={styles.field}>
          <span>{t('deduce.destination')}</span>
          <input
            name="destination"
            autoComplete="off"
            value={destination}
            minLength={4}
            maxLength={100}
            required
            onChange={(e) => setDestination(e.target.value)}
          />
        </Field>
        <WithdrawalForfeitWarning
          bonuses={forfeit.bonuses}
          confirmed={forfeit.confirmed}
          onConfirm={(value) => {
            forfeit.setConfirmed(value);
            if (value && error === 'errors.BONUS_FORFEIT_CONFIRMATION_REQUIRED') setError(null);
          }}
          lng={lng}
        />
        <Button type="submit" variant="primary" disabled={busy || !method || needsIdentification === true}>
          {t('deduce.submit')}
        </Button>
      </form>
      <section className={styles.card} aria-labelledby="requests-heading">
        <h2 id="requests-heading" className={styles.sectionTitle}>
          {t('deduce.requests')}
        </h2>
        {requests === null ? (
          <Skeleton height="64px" />
        ) : requests.length === 0 ? (
          <p className={styles.muted}>{t('history.empty')}</p>
        ) : (
          <ul className={styles.accounts}>
            {requests.map((p) => (
              <li key={p.id} className={styles.accountRow}>
                <span>
                  {fmt.moneyAmount(p.amount, p.currency)} · {p.destination ?? ''}
                </span>
                <span className={styles.rowActions}>
                  <span className={styles.badge}>{t(`state.${p.state}`)}</span>
                  {p.isCancellable ? (
                    <Button size="sm" onClick={() => void cancel(p.id)}>
                      {t('deduce.cancel')}
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * The stake part of the slip: system value, account with balance, amount with steps and quick-stake
 * chips, coefficient, express bonus, possible win, maximum payout, limit messages, the odds-change
 * notice, promo codes and the VIP request.
 */

import { stepAmountMinor } from '@parlay/domain/coupon/index.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { useFormat } from '@parlay/i18n/runtime.tsx';
import { type InputHTMLAttributes, useEffect, useState } from 'react';
import { useOddsFormat, useSportsContext } from '../context.tsx';
import { couponApi, type PromoCodeItem } from './coupon-api.ts';
import { applicableFreeBet, useFreeBets } from './free-bets.ts';
import { LimitNotice } from './LimitNotice.tsx';
import { explainLimit } from './limit-explanation.ts';
import { applicableOddsBoost, useOddsBoosts } from './odds-boosts.ts';
import { placeRequest } from './place-request.ts';
import controls from './SlipControls.module.css';
import { SlipFreeBet } from './SlipFreeBet.tsx';
import { SlipOddsBoost } from './SlipOddsBoost.tsx';
import styles from './SlipStake.module.css';
import { sendVipRequest } from './SlipVip.tsx';
import { minorText } from './slip-figures.ts';
import { rejectionText } from './slip-rejections.ts';
import { dispatchSlip } from './slip-store.ts';
import type { BetSlipModel } from './use-bet-slip.ts';

/** A multiplier in thousandths as "1.05" (integer arithmetic). */
function multiplier(milli: number): string {
  return `${Math.floor(milli / 1000)}.${String(milli % 1000)
    .padStart(3, '0')
    .slice(0, 2)}`;
}

const CHIP_STEPS = [1n, 2n, 5n];

/** True when a chosen free bet fixes the stake at its amount (free-bets.ts). */
function useFreeBetStake(model: BetSlipModel): boolean {
  const freeBets = useFreeBets();
  return (
    applicableFreeBet(freeBets, {
      typeId: model.figures.typeId,
      currency: model.figures.currency,
      isBonusAccount: model.account?.type === 4,
    }) !== null
  );
}

function SystemSelect({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const fmt = useFormat();
  const { figures } = model;
  if (figures.kind !== 'system' || figures.systemValues.length === 0) return null;
  return (
    <div className={controls.field}>
      <label htmlFor="slip-system">{t('slip.system.label')}</label>
      <select
        id="slip-system"
        className={controls.input}
        value={figures.systemValue}
        onChange={(e) => dispatchSlip({ type: 'systemValueSelected', value: Number(e.target.value) })}
      >
        {figures.systemValues.map((item) => (
          <option key={item.value} value={item.value}>
            {t('slip.system.option', { value: item.value, offset: item.offset, count: item.combo })}
            {item.minBetAmountMinor !== null
              ? ` · ${t('slip.system.min', { amount: fmt.money(item.minBetAmountMinor, figures.currency) })}`
              : ''}
          </option>
        ))}
      </select>
      {figures.bankerCount > 0 ? (
        <p className={controls.hint}>{t('slip.system.bankers', { count: figures.bankerCount })}</p>
      ) : null}
    </div>
  );
}

function AccountSelect({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const fmt = useFormat();
  const { accounts, account, state } = model;
  if (!model.isSignedIn || !account) return null;
  const balance = state.settings.isBalanceShown;
  const options = [...accounts.accounts, ...accounts.bonuses];
  if (!state.settings.isSelectAccountShown || options.length < 2) {
    return balance ? (
      <p className={styles.line} data-testid="slip-balance">
        <span>{t('slip.balance')}</span>
        <b>{fmt.moneyAmount(account.money, account.iso)}</b>
      </p>
    ) : null;
  }
  return (
    <div className={controls.field}>
      <label htmlFor="slip-account">{t('slip.account')}</label>
      <select
        id="slip-account"
        className={controls.input}
        value={account.id}
        onChange={(e) => dispatchSlip({ type: 'accountSelected', accountId: e.target.value })}
      >
        {options.map((a) => (
          <option key={a.id} value={a.id}>
            {a.type === 4 ? t('slip.bonus_account', { iso: a.iso }) : a.iso}
            {balance ? ` — ${fmt.moneyAmount(a.money, a.iso)}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The coupon's stake as the player types it (the slip's amount field and the quick coupon's): with
 * auto-max on it shows the maximum stake, read-only.
 */
export function StakeInput({
  model,
  ...input
}: { model: BetSlipModel } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'aria-describedby'
>) {
  const { figures, state } = model;
  const auto = state.settings.isAutoMax;
  const fixed = useFreeBetStake(model);
  return (
    <input
      {...input}
      inputMode="decimal"
      autoComplete="off"
      value={auto ? figures.amountText : state.amountText}
      placeholder={figures.amountText}
      readOnly={auto || fixed}
      aria-invalid={figures.amountProblem !== null || undefined}
      onChange={(e) => dispatchSlip({ type: 'amountTyped', text: e.target.value })}
    />
  );
}

function AmountField({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const fmt = useFormat();
  const { figures, state } = model;
  const fixed = useFreeBetStake(model);
  if (figures.kind === 'multiple') return null;
  const iso = figures.currency;
  const base = figures.amountMinor ?? figures.initialAmountMinor;
  const set = (minor: bigint) => dispatchSlip({ type: 'amountTyped', text: minorText(minor, iso) });
  const auto = state.settings.isAutoMax || fixed;
  return (
    <div className={controls.field}>
      <label htmlFor="slip-amount">{t('slip.amount', { currency: iso })}</label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={`${controls.iconButton} ${styles.stepButton}`}
          aria-label={t('slip.step_down', { step: fmt.money(figures.stepMinor, iso) })}
          disabled={auto}
          onClick={() => set(stepAmountMinor(base, figures.stepMinor, -1))}
        >
          −
        </button>
        <StakeInput
          model={model}
          id="slip-amount"
          className={`${controls.input} ${styles.amountInput}`}
          aria-describedby="slip-amount-hint"
        />
        <button
          type="button"
          className={`${controls.iconButton} ${styles.stepButton}`}
          aria-label={t('slip.step_up', { step: fmt.money(figures.stepMinor, iso) })}
          disabled={auto}
          onClick={() => set(stepAmountMinor(base, figures.stepMinor, 1))}
        >
          +
        </button>
      </div>
      {auto ? null : (
        <fieldset className={styles.chips}>
          <legend className={controls.srOnly}>{t('slip.quick_stakes')}</legend>
          {CHIP_STEPS.map((times) => {
            const chip = figures.initialAmountMinor * times;
            return (
              <button key={String(times)} type="button" className={styles.chip} onClick={() => set(chip)}>
                {fmt.money(chip, iso, { trim: true, code: false })}
              </button>
            );
          })}
          {figures.maxMinor !== null ? (
            <button type="button" className={styles.chip} onClick={() => set(figures.maxMinor ?? 0n)}>
              {t('slip.max')}
            </button>
          ) : null}
        </fieldset>
      )}
    </div>
  );
}

function Figures({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const fmt = useFormat();
  const format = useOddsFormat();
  const { figures, state } = model;
  const iso = figures.currency;
  // A free bet shows its own possible win (the stake is not returned): SlipFreeBet.
  const isFreeBet = useFreeBetStake(model);
  return (
    <dl className={styles.figures} aria-live="polite" data-testid="slip-figures">
      {figures.coefMilli !== null ? (
        <div className={styles.line}>
          <dt>{t('slip.coef')}</dt>
          <dd data-testid="slip-coef">{format(Number(figures.coefMilli))}</dd>
        </div>
      ) : null}
      {figures.expressBonusCoefMilli !== null && !isFreeBet ? (
        <div className={`${styles.line} ${styles.bonus}`}>
          <dt>{t('slip.express_bonus')}</dt>
          <dd data-testid="slip-express-bonus">
            {t('slip.express_bonus_value', {
              percent: fmt.number((figures.expressBonusCoefMilli - 1000) / 10, { upTo: 1 }),
              coef: multiplier(figures.expressBonusCoefMilli),
            })}
          </dd>
        </div>
      ) : null}
      {figures.kind === 'multiple' ? (
        <div className={styles.line}>
          <dt>{t('slip.total_stake')}</dt>
          <dd data-testid="slip-total-stake">{fmt.money(figures.stakeMinor, iso)}</dd>
        </div>
      ) : null}
      {state.settings.exactCoefMilli !== null ? (
        <div className={styles.line}>
          <dt>{t('slip.exact_coef')}</dt>
          <dd>{format(state.settings.exactCoefMilli)}</dd>
        </div>
      ) : null}
      {state.settings.isPossibleWinShown && figures.possibleWinMinor !== null && !isFreeBet ? (
        <div className={`${styles.line} ${styles.win}`}>
          <dt>{t('slip.possible_win')}</dt>
          <dd data-testid="slip-possible-win">{fmt.money(figures.possibleWinMinor, iso)}</dd>
        </div>
      ) : null}
      {figures.maxPayoutMinor !== null ? (
        <div className={`${styles.line} ${styles.muted}`}>
          <dt>{t('slip.max_payout')}</dt>
          <dd>{fmt.money(figures.maxPayoutMinor, iso)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function Messages({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const fmt = useFormat();
  const format = useOddsFormat();
  const { figures } = model;
  const iso = figures.currency;
  const problem = figures.amountProblem;
  const { lng } = useSportsContext();
  return (
    <>
      <p
        id="slip-amount-hint"
        className={problem ? controls.error : controls.hint}
        role={problem ? 'alert' : undefined}
      >
        {problem === 'BELOW_MIN' && figures.minMinor !== null
          ? t('slip.below_min', { amount: fmt.money(figures.minMinor, iso) })
          : problem === 'ABOVE_MAX' && figures.maxMinor !== null
            ? t('slip.above_max', { amount: fmt.money(figures.maxMinor, iso) })
            : problem === 'INVALID'
              ? t('slip.invalid_amount')
              : figures.minMinor !== null || figures.maxMinor !== null
                ? t('slip.limits', {
                    min: figures.minMinor !== null ? fmt.money(figures.minMinor, iso) : '—',
                    max: figures.maxMinor !== null ? fmt.money(figures.maxMinor, iso) : '—',
                  })
                : ''}
      </p>
      {problem === 'ABOVE_MAX' && figures.maxMinor !== null ? (
        <LimitNotice
          explanation={
            explainLimit(
              'STAKE_TOO_HIGH',
              { limitKind: 'max_stake', maxMinor: figures.maxMinor.toString() },
              iso,
            )!
          }
          lng={lng}
          t={t}
        />
      ) : null}
      {figures.isPayoutAboveMax ? (
        <p className={controls.error} role="alert">
          {t('slip.payout_above_max')}
        </p>
      ) : null}
      <div aria-live="assertive">
        {figures.oddsChange ? (
          <div className={styles.oddsChange} data-testid="slip-odds-change">
            <p>
              {t('slip.odds_changed', {
                from: format(figures.oddsChange.fromMilli),
                to: format(figures.oddsChange.toMilli),
              })}
              {figures.oddsChange.label ? ` (${figures.oddsChange.label})` : ''}
            </p>
            <button
              type="button"
              className={controls.acceptButton}
              onClick={() =>
                dispatchSlip({
                  type: 'pricesAccepted',
                  oddsByBetId: Object.fromEntries(
                    figures.placeable.map((leg) => [String(leg.selection.outcomeId), leg.oddsMilli]),
                  ),
                })
              }
            >
              {t('slip.accept_odds')}
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}

function Promo({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const { figures, state, isSignedIn } = model;
  const [listed, setListed] = useState<PromoCodeItem[]>([]);
  // Open while a code is in use, and then as the player leaves it (emptying the field keeps it open).
  const [open, setOpen] = useState(state.promoCode !== '');
  useEffect(() => {
    if (!isSignedIn) return;
    let live = true;
    void couponApi.promoCodes().then((answer) => {
      if (live && answer.ok) setListed(answer.data);
    });
    return () => {
      live = false;
    };
  }, [isSignedIn]);
  if (!figures.isPromoCodeAllowed) return null;
  const check = model.quote?.promo;
  const promoProblem =
    state.promoCode && check && !check.valid ? (check.reason ?? 'PROMO_CODE_INVALID') : null;
  return (
    <details
      className={styles.promo}
      open={open || state.promoCode !== ''}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('slip.promo.title')}</summary>
      <div className={controls.field}>
        <label htmlFor="slip-promo">{t('slip.promo.manual')}</label>
        <input
          id="slip-promo"
          className={controls.input}
          autoComplete="off"
          value={state.promoCode}
          aria-invalid={promoProblem !== null || undefined}
          aria-describedby="slip-promo-check"
          onChange={(e) => dispatchSlip({ type: 'promoTyped', code: e.target.value })}
        />
        <p id="slip-promo-check" className={promoProblem ? controls.error : controls.hint} aria-live="polite">
          {promoProblem
            ? rejectionText(promoProblem, t)
            : model.quote?.promo?.valid && state.promoCode
              ? t('slip.promo.valid')
              : ''}
        </p>
      </div>
      {listed.length > 0 ? (
        <div className={controls.field}>
          <label htmlFor="slip-promo-list">{t('slip.promo.listed')}</label>
          <select
            id="slip-promo-list"
            className={controls.input}
            value={listed.some((p) => p.code === state.promoCode) ? state.promoCode : ''}
            onChange={(e) => dispatchSlip({ type: 'promoTyped', code: e.target.value })}
          >
            <option value="">{t('slip.promo.none')}</option>
            {listed.map((p) => (
              <option key={p.code} value={p.code}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </details>
  );
}

function VipRequest({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const { figures, state, account } = model;
  const [sending, setSending] = useState(false);
  const above = figures.amountProblem === 'ABOVE_MAX';
  if (!figures.isVipBetAvailable || !model.isSignedIn || !account || !(above || state.settings.isVipBet))
    return null;
  const send = async () => {
    const request = placeRequest({ ...figures, blocker: null }, state, account.id);
    if (!request) return;
    setSending(true);
    await sendVipRequest(request, t);
    setSending(false);
  };
  return (
    <div className={styles.vip}>
      <p className={controls.hint}>{t('slip.vip.hint')}</p>
      <button type="button" className={controls.secondaryButton} disabled={sending} onClick={send}>
        {t('slip.vip.request')}
      </button>
    </div>
  );
}

export function SlipStake({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const isFreeBet = useFreeBetStake(model);
  // An odds boost replaces a promo code (odds-boosts.ts): the promo field is hidden while one is applied.
  const boosts = useOddsBoosts();
  const isBoosted =
    applicableOddsBoost(boosts, {
      typeId: model.figures.typeId,
      currency: model.figures.currency,
      isBonusAccount: model.account?.type === 4,
      isFreeBet,
    }) !== null;
  return (
    <div className={styles.stake}>
      <SystemSelect model={model} t={t} />
      <AccountSelect model={model} t={t} />
      <SlipFreeBet model={model} t={t} />
      <SlipOddsBoost model={model} t={t} />
      <AmountField model={model} t={t} />
      <Messages model={model} t={t} />
      <Figures model={model} t={t} />
      {isFreeBet || isBoosted ? null : <Promo model={model} t={t} />}
      <VipRequest model={model} t={t} />
    </div>
  );
}

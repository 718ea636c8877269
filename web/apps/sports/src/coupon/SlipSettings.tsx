/**
 * The coupon settings of coupon-accounts §3 in a popover, with the §4 rules applied by the domain
 * reducer: turning one-click on asks first and clears the coupon; drop-on-score-change turns
 * one-click off; clearing the exact coefficient turns drop-on-score-change off.
 */

import type { ChangeCoefAction, CouponSettings } from '@parlay/domain/coupon/index.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { changeCoupon } from '@parlay/mf/coupon-store.ts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import controls from './SlipControls.module.css';
import styles from './SlipSettings.module.css';
import { amountFromText, minorText } from './slip-figures.ts';
import { dispatchSlip } from './slip-store.ts';
import type { BetSlipModel } from './use-bet-slip.ts';

const ACTIONS: readonly ChangeCoefAction[] = [0, 1, 2];

type Flag =
  | 'isAutoMax'
  | 'isBalanceShown'
  | 'isPossibleWinShown'
  | 'isSelectAccountShown'
  | 'isCouponFixed'
  | 'isVipBet'
  | 'isOneTapCashout';
const FLAGS: readonly Flag[] = [
  'isAutoMax',
  'isBalanceShown',
  'isPossibleWinShown',
  'isSelectAccountShown',
  'isCouponFixed',
  'isVipBet',
  'isOneTapCashout',
];

/** Decimal odds text to thousandths ("1.85" → 1850); null when empty or not odds. */
export function oddsTextToMilli(text: string): number | null {
  const match = /^(\d{1,5})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return milli > 1000 ? milli : null;
}

const milliText = (milli: number | null): string =>
  milli === null
    ? ''
    : `${Math.floor(milli / 1000)}.${
        String(milli % 1000)
          .padStart(3, '0')
          .replace(/0+$/, '') || '0'
      }`;

/** A money setting typed in major units, saved when it is a valid amount (or emptied to 0). */
function MoneySetting({
  id,
  label,
  iso,
  valueMinor,
  onChange,
}: {
  id: string;
  label: string;
  iso: string;
  valueMinor: bigint;
  onChange: (minor: bigint) => void;
}) {
  const [text, setText] = useState(valueMinor > 0n ? minorText(valueMinor, iso) : '');
  const invalid = text.trim() !== '' && amountFromText(text, iso) === null;
  return (
    <div className={controls.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={controls.input}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          setText(e.target.value);
          const minor = e.target.value.trim() === '' ? 0n : amountFromText(e.target.value, iso);
          if (minor !== null) onChange(minor);
        }}
      />
    </div>
  );
}

function OneClick({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const { state, figures } = model;
  const s = state.settings;
  const patch = (p: Partial<CouponSettings>) => dispatchSlip({ type: 'settingsChanged', patch: p });
  // The button pressed goes away (on → confirm → off): the focus moves to the one that replaces it.
  const toggle = useRef<HTMLDivElement>(null);
  const refocus = () => requestAnimationFrame(() => toggle.current?.querySelector('button')?.focus());
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('slip.one_click.title')}</legend>
      <MoneySetting
        id="slip-one-click-amount"
        label={t('slip.one_click.amount', { currency: figures.currency })}
        iso={figures.currency}
        valueMinor={s.oneClickAmountMinor}
        onChange={(minor) => patch({ oneClickAmountMinor: minor })}
      />
      <MoneySetting
        id="slip-one-click-bonus"
        label={t('slip.one_click.bonus_amount', { currency: figures.currency })}
        iso={figures.currency}
        valueMinor={s.bonusAccountOneClickAmountMinor}
        onChange={(minor) => patch({ bonusAccountOneClickAmountMinor: minor })}
      />
      <div ref={toggle}>
        {s.isActiveOneClick ? (
          <button
            type="button"
            className={controls.secondaryButton}
            onClick={() => {
              dispatchSlip({ type: 'settingsRuled', action: { type: 'oneClickTurnedOff' } });
              refocus();
            }}
          >
            {t('slip.one_click.turn_off')}
          </button>
        ) : state.isOneClickConfirmOpen ? (
          <div className={styles.confirm} role="alertdialog" aria-labelledby="slip-one-click-confirm">
            <p id="slip-one-click-confirm">{t('slip.one_click.confirm')}</p>
            <div className={controls.copyRow}>
              <button
                type="button"
                className={controls.acceptButton}
                onClick={() => {
                  dispatchSlip({ type: 'settingsRuled', action: { type: 'oneClickConfirmed' } });
                  changeCoupon({ type: 'clear' });
                  refocus();
                }}
              >
                {t('slip.one_click.confirm_yes')}
              </button>
              <button
                type="button"
                className={controls.secondaryButton}
                onClick={() => {
                  dispatchSlip({ type: 'settingsRuled', action: { type: 'oneClickCancelled' } });
                  refocus();
                }}
              >
                {t('slip.one_click.confirm_no')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className={controls.secondaryButton}
            disabled={s.oneClickAmountMinor <= 0n}
            onClick={() => {
              dispatchSlip({
                type: 'settingsRuled',
                action: { type: 'oneClickRequested', isAllowedBySite: true },
              });
              refocus();
            }}
          >
            {t('slip.one_click.turn_on')}
          </button>
        )}
      </div>
      <p className={controls.hint}>{s.isActiveOneClick ? t('slip.one_click.on') : t('slip.one_click.off')}</p>
    </fieldset>
  );
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), [href]';

/** Keeps Tab and Shift+Tab inside the settings while they are open. */
function trapTab(event: KeyboardEvent<HTMLDivElement>, container: HTMLElement): void {
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export function SlipSettings({
  model,
  t,
  onClose,
}: {
  model: BetSlipModel;
  t: TranslateFn;
  onClose: () => void;
}) {
  const { state, figures } = model;
  const s = state.settings;
  const [exactText, setExactText] = useState(milliText(s.exactCoefMilli));
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, []);
  // Escape closes the settings wherever the focus is (even when the focused button went away), and
  // only them: the capture listener stops the bet slip sheet around them closing too.
  useEffect(() => {
    const close = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
    };
    window.addEventListener('keydown', close, true);
    return () => window.removeEventListener('keydown', close, true);
  }, [onClose]);
  const patch = (p: Partial<CouponSettings>) => dispatchSlip({ type: 'settingsChanged', patch: p });
  const iso = figures.currency;
  return (
    <div
      id="bet-slip-settings"
      ref={panel}
      className={styles.settings}
      role="dialog"
      aria-modal="true"
      aria-labelledby="bet-slip-settings-title"
      onKeyDown={(event) => {
        if (event.key === 'Tab' && panel.current) trapTab(event, panel.current);
      }}
    >
      <div className={styles.settingsHead}>
        <h3 id="bet-slip-settings-title" className={styles.settingsTitle}>
          {t('slip.settings.title')}
        </h3>
        <button
          type="button"
          className={controls.iconButton}
          onClick={onClose}
          aria-label={t('slip.settings.close')}
        >
          ×
        </button>
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('slip.settings.odds_change')}</legend>
        {ACTIONS.map((action) => (
          <label key={action} className={controls.radio}>
            <input
              type="radio"
              name="slip-change-coef"
              checked={s.changeCoefAction === action}
              onChange={() =>
                dispatchSlip({
                  type: 'settingsRuled',
                  action: { type: 'changeCoefActionSet', value: action },
                })
              }
            />
            <span>
              <b>{t(`slip.settings.action_${action}`)}</b>
              <small>{t(`slip.settings.action_${action}_hint`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('slip.settings.show')}</legend>
        {FLAGS.map((flag) => (
          <label key={flag} className={controls.check}>
            <input type="checkbox" checked={s[flag]} onChange={(e) => patch({ [flag]: e.target.checked })} />
            {t(`slip.settings.${flag}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('slip.settings.step')}</legend>
        <label className={controls.check}>
          <input
            type="checkbox"
            checked={s.isManualAmountStep}
            onChange={(e) => patch({ isManualAmountStep: e.target.checked })}
          />
          {t('slip.settings.isManualAmountStep')}
        </label>
        {s.isManualAmountStep ? (
          <MoneySetting
            id="slip-step"
            label={t('slip.settings.step_amount', { currency: iso })}
            iso={iso}
            valueMinor={s.amountStepByCurrencyIso[iso] ?? figures.stepMinor}
            onChange={(minor) =>
              patch({ amountStepByCurrencyIso: { ...s.amountStepByCurrencyIso, [iso]: minor } })
            }
          />
        ) : null}
      </fieldset>
      <OneClick model={model} t={t} />
      <fieldset className={styles.fieldset}>
        <legend>{t('slip.settings.exact')}</legend>
        <div className={controls.field}>
          <label htmlFor="slip-exact-coef">{t('slip.settings.exact_coef')}</label>
          <input
            id="slip-exact-coef"
            className={controls.input}
            inputMode="decimal"
            autoComplete="off"
            value={exactText}
            aria-describedby="slip-exact-hint"
            onChange={(e) => {
              setExactText(e.target.value);
              const milli = oddsTextToMilli(e.target.value);
              if (milli !== null || e.target.value.trim() === '') {
                dispatchSlip({ type: 'settingsRuled', action: { type: 'exactCoefSet', valueMilli: milli } });
              }
            }}
          />
          <p id="slip-exact-hint" className={controls.hint}>
            {t('slip.settings.exact_hint')}
          </p>
        </div>
        <label className={controls.check}>
          <input
            type="checkbox"
            checked={s.isDropOnScoreChange}
            onChange={(e) =>
              dispatchSlip({
                type: 'settingsRuled',
                action: { type: 'dropOnScoreChangeSet', value: e.target.checked },
              })
            }
          />
          {t('slip.settings.isDropOnScoreChange')}
        </label>
        <p className={controls.hint}>{t('slip.settings.drop_hint')}</p>
      </fieldset>
    </div>
  );
}

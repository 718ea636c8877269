/**
 * The quick coupon (coupon-accounts §3 isVisibleQuickCoupon, §5): a compact floating coupon on pages
 * tagged quickCoupon whenever the full bet slip is not on screen: the selection count, the total
 * odds, the stake, one tap to place and one to open the full slip. With one-click bets on it says
 * so and shows each one-click result. It shares the slip's model, so both show the same coupon.
 */

import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { useFormat } from '@parlay/i18n/runtime.tsx';
import { useOddsFormat } from '../context.tsx';
import styles from './QuickCoupon.module.css';
import controls from './SlipControls.module.css';
import { StakeInput } from './SlipStake.tsx';
import { rejectionText } from './slip-rejections.ts';
import type { BetSlipModel } from './use-bet-slip.ts';

/** Whether the quick coupon has anything to show: selections, one-click mode or a placement result. */
export function hasQuickCoupon(model: BetSlipModel): boolean {
  return (
    model.selections.length > 0 ||
    (model.state.settings.isActiveOneClick && model.isSignedIn) ||
    model.placement.phase !== 'idle'
  );
}

function QuickResult({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const format = useOddsFormat();
  const { placement } = model;
  switch (placement.phase) {
    case 'idle':
      return null;
    case 'placing':
    case 'pending':
      return <span>{t('slip.placing')}</span>;
    case 'accepted':
      return (
        <span className={styles.accepted} data-testid="quick-accepted">
          {placement.coefMilli !== null
            ? t('slip.accepted_at', { coef: format(placement.coefMilli) })
            : t('slip.accepted')}
          {placement.isOneClick ? ` · ${t('slip.one_click.label')}` : ''}
        </span>
      );
    case 'rejected':
      return (
        <span className={styles.rejected} data-testid="quick-rejected">
          {rejectionText(placement.code, t)}
        </span>
      );
  }
}

export function QuickCoupon({
  model,
  t,
  onOpen,
}: {
  model: BetSlipModel;
  t: TranslateFn;
  onOpen: () => void;
}) {
  const fmt = useFormat();
  const format = useOddsFormat();
  const { selections, figures, state, placement, isSignedIn } = model;
  const count = selections.length;
  const iso = figures.currency;
  const busy = placement.phase === 'placing' || placement.phase === 'pending';
  const oneClick = state.settings.isActiveOneClick && isSignedIn;
  const needsSlip = count > 0 && figures.blocker !== null && figures.blocker !== 'AMOUNT';
  return (
    <section className={styles.quick} aria-label={t('slip.quick.label')} data-testid="quick-coupon">
      <div className={styles.row}>
        <button
          type="button"
          className={styles.open}
          onClick={onOpen}
          aria-label={t('slip.quick.open', { count })}
        >
          <span className={`${controls.count} ${styles.count}`} data-testid="quick-count">
            {count}
          </span>
          <span className={styles.openText} aria-hidden="true">
            {t('slip.title')}
          </span>
        </button>
        {count > 0 ? (
          <>
            <p className={styles.coef}>
              <span className={styles.caption}>{t('slip.coef')}</span>
              <b data-testid="quick-coef">
                {figures.coefMilli !== null ? format(Number(figures.coefMilli)) : '—'}
              </b>
            </p>
            {figures.kind === 'multiple' ? (
              <p className={styles.coef}>
                <span className={styles.caption}>{t('slip.total_stake')}</span>
                <b>{fmt.money(figures.stakeMinor, iso)}</b>
              </p>
            ) : (
              <label className={styles.stake} htmlFor="quick-amount">
                <span className={styles.caption}>{t('slip.amount', { currency: iso })}</span>
                <StakeInput model={model} id="quick-amount" className={`${controls.input} ${styles.input}`} />
              </label>
            )}
            <button
              type="button"
              className={`${controls.primaryButton} ${styles.place}`}
              aria-busy={busy || undefined}
              disabled={busy || (isSignedIn && figures.blocker !== null)}
              onClick={model.placeBet}
              data-testid="quick-place"
            >
              {isSignedIn ? t('slip.place') : t('slip.place_guest')}
            </button>
          </>
        ) : oneClick ? (
          <p className={styles.note}>
            {t('slip.quick.one_click', { amount: fmt.money(state.settings.oneClickAmountMinor, iso) })}
          </p>
        ) : null}
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {needsSlip ? <span>{t('slip.quick.check')}</span> : <QuickResult model={model} t={t} />}
      </p>
    </section>
  );
}

/**
 * The one big Place bet button and its result (DESIGN.md): progress while placing, the live-delay
 * countdown, "Bet accepted at 1.85" with the print link, or the rejection reason — announced to
 * screen readers, and never at the cost of the slip.
 */

import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { useFormat } from '@parlay/i18n/runtime.tsx';
import { useEffect, useState } from 'react';
import { useOddsFormat, useSportsContext } from '../context.tsx';
import { LimitNotice } from './LimitNotice.tsx';
import { explainLimit } from './limit-explanation.ts';
import controls from './SlipControls.module.css';
import styles from './SlipPlace.module.css';
import { rejectionText } from './slip-rejections.ts';
import type { BetSlipModel } from './use-bet-slip.ts';
import type { Placement } from './use-placement.ts';

function useCountdown(untilMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (untilMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [untilMs]);
  return untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - now) / 1000));
}

function Result({ placement, t, currency }: { placement: Placement; t: TranslateFn; currency: string }) {
  const format = useOddsFormat();
  const { lng } = useSportsContext();
  const seconds = useCountdown(placement.phase === 'pending' ? placement.untilMs : null);
  switch (placement.phase) {
    case 'idle':
      return null;
    case 'placing':
      return <p className={styles.progressText}>{t('slip.placing')}</p>;
    case 'pending':
      return (
        <p className={styles.progressText} data-testid="slip-pending">
          {t('slip.pending', { seconds })}
        </p>
      );
    case 'accepted':
      return (
        <div className={styles.accepted} data-testid="slip-accepted">
          <p>
            {placement.coefMilli !== null
              ? t('slip.accepted_at', { coef: format(placement.coefMilli) })
              : t('slip.accepted')}
            {placement.isOneClick ? ` · ${t('slip.one_click.label')}` : ''}
          </p>
          <a
            className={styles.link}
            href={`/${lng}/print-coupon/${placement.betId}`}
            target="_blank"
            rel="noopener"
          >
            {t('slip.print', { id: placement.betId })}
          </a>
        </div>
      );
    case 'rejected': {
      const limit = explainLimit(placement.code, placement.details, currency);
      return (
        <>
          <p className={styles.rejected} data-testid="slip-rejected">
            {rejectionText(placement.code, t)}
          </p>
          {limit ? <LimitNotice explanation={limit} lng={lng} t={t} /> : null}
        </>
      );
    }
  }
}

export function SlipPlace({
  model,
  t,
  resultOnly = false,
}: {
  model: BetSlipModel;
  t: TranslateFn;
  resultOnly?: boolean;
}) {
  const fmt = useFormat();
  const { figures, placement } = model;
  const busy = placement.phase === 'placing' || placement.phase === 'pending';
  const blocked = figures.blocker !== null;
  return (
    <div className={styles.place}>
      {resultOnly ? null : (
        <button
          type="button"
          className={`${controls.primaryButton} ${styles.placeButton}`}
          aria-busy={busy || undefined}
          aria-describedby="slip-result"
          disabled={busy || (model.isSignedIn && blocked)}
          onClick={model.placeBet}
          data-testid="place-bet"
        >
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          <span>{model.isSignedIn ? t('slip.place') : t('slip.place_guest')}</span>
          {model.isSignedIn && !blocked && figures.stakeMinor > 0n ? (
            <span className={styles.placeAmount}>{fmt.money(figures.stakeMinor, figures.currency)}</span>
          ) : null}
        </button>
      )}
      <div id="slip-result" role="status" aria-live="polite" className={styles.result}>
        <Result placement={placement} t={t} currency={figures.currency} />
      </div>
      {placement.phase === 'accepted' || placement.phase === 'rejected' ? (
        <button type="button" className={controls.linkButton} onClick={model.resetPlacement}>
          {t('slip.dismiss')}
        </button>
      ) : null}
    </div>
  );
}

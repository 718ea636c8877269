/**
 * The bet slip (DESIGN.md "Bet slip"): tabs Bet slip / My bets, type switcher, the selections with
 * live prices, system and bankers, stake, account, figures, promo code, VIP request, settings,
 * coupon codes and one big Place bet button with its result.
 */
import { type TranslateFn, useT } from '@parlay/i18n/runtime.tsx';
import { changeCoupon } from '@parlay/mf/coupon-store.ts';
import { Button, Tabs } from '@parlay/ui/index.ts';
import { useCallback, useRef, useState } from 'react';
import { useBuilderSlip } from '../builder/builder-store.ts';
import { useSportsContext } from '../context.tsx';
import styles from './BetSlip.module.css';
import { MyBets } from './MyBets.tsx';
import { SlipBuilder } from './SlipBuilder.tsx';
import { SlipCode } from './SlipCode.tsx';
import controls from './SlipControls.module.css';
import { SlipLegs } from './SlipLegs.tsx';
import { SlipPlace } from './SlipPlace.tsx';
import { SlipSettings } from './SlipSettings.tsx';
import { SlipStake } from './SlipStake.tsx';
import { VipStatus } from './SlipVip.tsx';
import type { SlipKind } from './slip-state.ts';
import { dispatchSlip } from './slip-store.ts';
import type { BetSlipModel } from './use-bet-slip.ts';

const KIND_KEYS: Record<SlipKind, string> = {
  single: 'slip.kind.single',
  express: 'slip.kind.express',
  system: 'slip.kind.system',
  multiple: 'slip.kind.multiple',
};

function TypeSwitcher({ kinds, kind, t }: { kinds: SlipKind[]; kind: SlipKind; t: TranslateFn }) {
  return (
    <fieldset className={styles.kinds}>
      <legend className={controls.srOnly}>{t('slip.kind.label')}</legend>
      {(Object.keys(KIND_KEYS) as SlipKind[]).map((k) => (
        <button
          key={k}
          type="button"
          aria-pressed={k === kind}
          disabled={!kinds.includes(k)}
          className={styles.kind}
          onClick={() => dispatchSlip({ type: 'kindSelected', kind: k })}
        >
          {t(KIND_KEYS[k])}
        </button>
      ))}
    </fieldset>
  );
}

export function BetSlip({
  model,
  onClose,
  onHide,
}: {
  model: BetSlipModel;
  onClose?: (() => void) | undefined;
  /** Hides the desktop slip column (the quick coupon or a "show" button takes its place). */
  onHide?: (() => void) | undefined;
}) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const { selections, state, figures } = model;
  const [settingsOpen, setSettingsOpen] = useState(false);
  // A bet builder (builder/builder-store.ts) is one more selection, placed on its own.
  const builder = useBuilderSlip();
  const count = selections.length + (builder ? 1 : 0);
  const gear = useRef<HTMLButtonElement>(null);
  // Closing the settings gives the focus back to the gear button that opened them.
  const closeSettings = useCallback(() => {
    setSettingsOpen(false);
    requestAnimationFrame(() => gear.current?.focus());
  }, []);
  return (
    <section className={styles.slip} aria-labelledby="bet-slip-heading" data-testid="bet-slip">
      <header className={styles.header}>
        <h2 id="bet-slip-heading" className={styles.title} tabIndex={-1}>
          {t('slip.title')}
          <span className={controls.count} data-testid="slip-count">
            {count}
          </span>
        </h2>
        <div className={styles.headerActions}>
          <button
            ref={gear}
            type="button"
            className={controls.iconButton}
            aria-haspopup="dialog"
            aria-expanded={settingsOpen}
            aria-controls="bet-slip-settings"
            aria-label={t('slip.settings.open')}
            onClick={() => setSettingsOpen((open) => !open)}
          >
            ⚙
          </button>
          {onHide && !onClose ? (
            <button
              type="button"
              className={`${controls.iconButton} ${styles.hideColumn}`}
              onClick={onHide}
              aria-label={t('slip.quick.hide_column')}
              data-testid="hide-slip"
            >
              ⇥
            </button>
          ) : null}
          {onClose ? (
            <button
              type="button"
              className={controls.iconButton}
              onClick={onClose}
              aria-label={t('slip.close')}
            >
              ×
            </button>
          ) : null}
        </div>
      </header>
      {settingsOpen ? <SlipSettings model={model} t={t} onClose={closeSettings} /> : null}
      <Tabs
        items={[
          { id: 'slip', label: t('slip.tab.slip'), count },
          { id: 'bets', label: t('slip.tab.bets') },
        ]}
        selected={state.tab}
        onSelect={(id) => dispatchSlip({ type: 'tabSelected', tab: id === 'bets' ? 'bets' : 'slip' })}
        label={t('slip.tab.label')}
        idPrefix="bet-slip"
        className={styles.tabs}
      />
      <div
        id="bet-slip-panel"
        role="tabpanel"
        aria-labelledby={`bet-slip-tab-${state.tab}`}
        className={styles.panel}
      >
        {state.tab === 'slip' && builder ? <SlipBuilder item={builder} model={model} t={t} /> : null}
        {state.tab === 'bets' ? (
          <MyBets lng={lng} />
        ) : selections.length === 0 && builder ? null : selections.length === 0 ? (
          <>
            <p className={styles.empty}>
              {state.settings.isActiveOneClick && model.isSignedIn
                ? t('slip.one_click.empty')
                : t('slip.empty')}
            </p>
            <SlipPlace model={model} t={t} resultOnly />
            <VipStatus t={t} />
            <SlipCode model={model} t={t} />
          </>
        ) : (
          <>
            {figures.kinds.length > 1 ? (
              <TypeSwitcher kinds={figures.kinds} kind={figures.kind} t={t} />
            ) : null}
            <SlipLegs model={model} t={t} />
            <SlipStake model={model} t={t} />
            <SlipPlace model={model} t={t} />
            <VipStatus t={t} />
            <div className={styles.footer}>
              <Button size="sm" variant="ghost" onClick={() => changeCoupon({ type: 'clear' })}>
                {t('slip.clear')}
              </Button>
            </div>
            <SlipCode model={model} t={t} />
          </>
        )}
      </div>
    </section>
  );
}

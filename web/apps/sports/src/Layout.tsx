/**
 * The three-column layout of the sports pages (DESIGN.md): left the sports menu, centre the page, right
 * the bet slip and live widgets. Under 1100 px a single column; the menu and the slip become drawers.
 * On desktop the player may hide the menu column and the slip column (side-panels.ts). Pages tagged quickCoupon in the route table show the
 * quick coupon whenever the full slip is not on screen (the sheet closed on mobile, the column hidden
 * on desktop); other pages offer a "Show the bet slip" button instead.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { COUPON_OPEN_EVENT } from '@parlay/mf/coupon-store.ts';
import { Breadcrumbs, Button, type Crumb } from '@parlay/ui/index.ts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { BetSlipPanel } from './BetSlipPanel.tsx';
import { useBuilderSlip } from './builder/builder-store.ts';
import { useSportsContext } from './context.tsx';
import { hasQuickCoupon, QuickCoupon } from './coupon/QuickCoupon.tsx';
import { useBetSlip } from './coupon/use-bet-slip.ts';
import { useHydrationMarker } from './hydration-marker.ts';
import styles from './Layout.module.css';
import { LiveWidget } from './LiveWidget.tsx';
import type { MenuModel } from './page-model.ts';
import { SportsMenu } from './SportsMenu.tsx';
import { setPanelHidden, useHiddenPanels } from './side-panels.ts';

export interface LayoutProps {
  menu: MenuModel;
  heading: string;
  breadcrumbs: Crumb[];
  routeId: string;
  /** The page carries the quickCoupon tag (from the server's route match). */
  quickCoupon: boolean;
  children: ReactNode;
}

type Drawer = 'menu' | 'slip' | null;

const DESKTOP_QUERY = '(min-width: 1100px)';

const isDesktop = () => typeof window !== 'undefined' && window.matchMedia(DESKTOP_QUERY).matches;

export function SportsLayout({ menu, heading, breadcrumbs, routeId, quickCoupon, children }: LayoutProps) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const marker = useHydrationMarker<HTMLDivElement>();
  const [drawer, setDrawer] = useState<Drawer>(null);
  const model = useBetSlip(lng, t);
  // A bet builder in the slip (builder/builder-store.ts) counts as one selection.
  const builder = useBuilderSlip();
  const count = model.selections.length + (builder ? 1 : 0);
  const hidden = useHiddenPanels();
  const columnHidden = hidden.right;
  const quick = quickCoupon;

  // Opening the coupon: on desktop the slip column comes back, on mobile the bottom sheet opens.
  const openSlip = useCallback(() => {
    if (isDesktop()) {
      setPanelHidden('right', false);
      requestAnimationFrame(() => document.getElementById('bet-slip-heading')?.focus());
    } else {
      setDrawer('slip');
    }
  }, []);
  useEffect(() => {
    window.addEventListener(COUPON_OPEN_EVENT, openSlip);
    return () => window.removeEventListener(COUPON_OPEN_EVENT, openSlip);
  }, [openSlip]);
  useEffect(() => {
    if (!drawer) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawer(null);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [drawer]);
  const showQuick = quick && drawer !== 'slip' && hasQuickCoupon(model);
  return (
    <div
      className={styles.layout}
      ref={marker}
      data-hydrated="false"
      data-route={routeId}
      data-drawer={drawer ?? undefined}
      data-menu-column={hidden.left ? 'hidden' : 'shown'}
      data-slip-column={columnHidden ? 'hidden' : 'shown'}
      data-quick-coupon={showQuick ? 'shown' : undefined}
    >
      <aside
        className={`${styles.left} ${drawer === 'menu' ? styles.open : ''}`}
        aria-label={t('menu.label')}
      >
        <div className={styles.drawerHead}>
          <Button
            variant="ghost"
            size="sm"
            className={styles.closeDrawer}
            onClick={() => setDrawer(null)}
            aria-label={t('menu.close')}
          >
            ×
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={styles.hideMenu}
            onClick={() => {
              setPanelHidden('left', true);
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>('[data-testid="show-menu"]')?.focus(),
              );
            }}
            data-testid="hide-menu"
          >
            ⇤ {t('menu.hide_column')}
          </Button>
        </div>
        <SportsMenu menu={menu} />
      </aside>
      <div className={styles.centre}>
        <div className={styles.mobileBar}>
          <Button size="sm" onClick={() => setDrawer('menu')} aria-haspopup="dialog">
            ☰ {t('menu.open')}
          </Button>
          <Button size="sm" onClick={() => setDrawer('slip')} aria-haspopup="dialog">
            {t('slip.title')} <span className={styles.slipCount}>{count}</span>
          </Button>
        </div>
        {hidden.left ? (
          <Button
            size="sm"
            className={styles.showMenu}
            onClick={() => {
              setPanelHidden('left', false);
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>('[data-testid="hide-menu"]')?.focus(),
              );
            }}
            data-testid="show-menu"
          >
            ☰ {t('menu.show_column')}
          </Button>
        ) : null}
        {breadcrumbs.length > 1 ? <Breadcrumbs items={breadcrumbs} label={t('breadcrumbs')} /> : null}
        <h1 className={styles.heading}>{heading}</h1>
        {children}
      </div>
      <aside
        className={`${styles.right} ${drawer === 'slip' ? styles.open : ''}`}
        aria-label={t('slip.area')}
      >
        <BetSlipPanel
          model={model}
          onClose={drawer === 'slip' ? () => setDrawer(null) : undefined}
          onHide={() => setPanelHidden('right', true)}
        />
        <LiveWidget />
      </aside>
      {showQuick ? (
        <div className={styles.quickSlot}>
          <QuickCoupon model={model} t={t} onOpen={openSlip} />
        </div>
      ) : null}
      {columnHidden && !showQuick ? (
        <button type="button" className={styles.showSlip} onClick={openSlip} data-testid="show-slip">
          {t('slip.quick.show_column')} <span className={styles.slipCount}>{count}</span>
        </button>
      ) : null}
      {drawer ? (
        <button
          type="button"
          className={styles.scrim}
          aria-label={t('menu.close')}
          onClick={() => setDrawer(null)}
        />
      ) : null}
    </div>
  );
}

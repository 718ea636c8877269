/**
 * The three-column layout of the sports pages (DESIGN.md): left the sports menu, centre the page, right
 * the bet slip and live widgets. Under 1100 px a single column; the menu and the slip become drawers.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { COUPON_OPEN_EVENT } from '@parlay/mf/coupon-store.ts';
import { Breadcrumbs, Button, type Crumb } from '@parlay/ui/index.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { BetSlipPanel } from './BetSlipPanel.tsx';
import { useSelections } from './context.tsx';
import styles from './Layout.module.css';
import { LiveWidget } from './LiveWidget.tsx';
import type { MenuModel } from './page-model.ts';
import { SportsMenu } from './SportsMenu.tsx';

export interface LayoutProps {
  menu: MenuModel;
  heading: string;
  breadcrumbs: Crumb[];
  hydrated: boolean;
  routeId: string;
  children: ReactNode;
}

type Drawer = 'menu' | 'slip' | null;

export function SportsLayout({ menu, heading, breadcrumbs, hydrated, routeId, children }: LayoutProps) {
  const t = useT('sports');
  const [drawer, setDrawer] = useState<Drawer>(null);
  const selections = useSelections();
  useEffect(() => {
    const open = () => setDrawer('slip');
    window.addEventListener(COUPON_OPEN_EVENT, open);
    return () => window.removeEventListener(COUPON_OPEN_EVENT, open);
  }, []);
  useEffect(() => {
    if (!drawer) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawer(null);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [drawer]);
  return (
    <div
      className={styles.layout}
      data-hydrated={hydrated ? 'true' : 'false'}
      data-route={routeId}
      data-drawer={drawer ?? undefined}
    >
      <aside
        className={`${styles.left} ${drawer === 'menu' ? styles.open : ''}`}
        aria-label={t('menu.label')}
      >
        <div className={styles.drawerHead}>
          <Button variant="ghost" size="sm" onClick={() => setDrawer(null)} aria-label={t('menu.close')}>
            ×
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
            {t('slip.title')} <span className={styles.slipCount}>{selections.length}</span>
          </Button>
        </div>
        {breadcrumbs.length > 1 ? <Breadcrumbs items={breadcrumbs} label={t('breadcrumbs')} /> : null}
        <h1 className={styles.heading}>{heading}</h1>
        {children}
      </div>
      <aside
        className={`${styles.right} ${drawer === 'slip' ? styles.open : ''}`}
        aria-label={t('slip.area')}
      >
        <BetSlipPanel onClose={drawer === 'slip' ? () => setDrawer(null) : undefined} />
        <LiveWidget />
      </aside>
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

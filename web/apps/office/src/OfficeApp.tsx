/**
 * The office micro-app's pages (personal office and payment returns): the page frame (breadcrumbs, heading), the money
 * sections (wallets, recharge, deduce, histories, verification, payment returns) and, for sections still to come, an honest empty state.
 */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import type { AreaProps } from '@parlay/mf/area-page.ts';
import { type Clock, DEFAULT_CLOCK } from '@parlay/mf/clock.ts';
import { EmptyState, NavLink, PageFrame } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import { BetHistoryPage } from './bets/BetHistoryPage.tsx';
import { BonusesSection, isBonusRoute } from './bonuses/BonusesSection.tsx';
import { CashbackSection } from './cashback/CashbackSection.tsx';
import { IdeasSection } from './ideas/IdeasSection.tsx';
import { isMoneyRoute, MoneySection } from './money/MoneySection.tsx';
import styles from './OfficeApp.module.css';
import { OfficeClockContext } from './office-clock.tsx';
import { PersonalSection } from './personal/PersonalSection.tsx';
import { QrLoginApprove, QrLoginDesktop } from './qr/QrLogin.tsx';
import { ReferralSection } from './referral/ReferralSection.tsx';
import { ResponsiblePage } from './responsible.tsx';
import { SecuritySection } from './security/SecuritySection.tsx';
import { SettingsSection } from './settings/SettingsSection.tsx';
import { AppealHistory } from './support/AppealHistory.tsx';
import { SupportSection } from './support/SupportSection.tsx';

function OfficePage({ lng, frame, menu }: Omit<AreaProps, 'dictionaries'>) {
  const t = useT('office');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div
      className={styles.page}
      data-menu={menu.length > 0 ? 'section' : 'none'}
      data-hydrated={hydrated ? 'true' : 'false'}
    >
      {menu.length > 0 ? (
        <nav className={styles.menu} aria-label={t('menu_label')}>
          {menu.map((item) => (
            <NavLink key={item.href} href={item.href} active={item.current}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      ) : null}
      {menu.length > 0 ? (
        // On narrow screens the menu is one compact selector, so the section starts at the top.
        <label className={styles.menuSelect}>
          <span className={styles.menuSelectLabel}>{t('menu_label')}</span>
          <select
            value={menu.find((item) => item.current)?.href ?? ''}
            onChange={(e) => window.location.assign(e.target.value)}
            data-testid="office-menu-select"
          >
            {menu.some((item) => item.current) ? null : <option value="">{frame.heading}</option>}
            {menu.map((item) => (
              <option key={item.href} value={item.href}>
                {item.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <PageFrame
        heading={frame.heading}
        breadcrumbs={frame.breadcrumbs}
        breadcrumbsLabel={frame.breadcrumbsLabel}
        data-route={frame.routeId}
      >
        {frame.routeId === 'office-history' ? (
          <BetHistoryPage lng={lng} />
        ) : isMoneyRoute(frame.routeId) ? (
          <MoneySection routeId={frame.routeId} lng={lng} params={frame.params} />
        ) : frame.routeId === 'office-security' ? (
          <SecuritySection />
        ) : frame.routeId === 'office-account' ? (
          <PersonalSection />
        ) : frame.routeId === 'office-qrlogin' ? (
          <QrLoginApprove />
        ) : frame.routeId === 'qr-login' ? (
          <QrLoginDesktop lng={lng} />
        ) : frame.routeId === 'office-settings' ? (
          <SettingsSection lng={lng} />
        ) : frame.routeId === 'office-share-idea' ? (
          <IdeasSection />
        ) : frame.routeId === 'office-support' ? (
          <SupportSection lng={lng} />
        ) : isBonusRoute(frame.routeId) ? (
          <BonusesSection routeId={frame.routeId} lng={lng} />
        ) : frame.routeId === 'office-responsible' ? (
          <ResponsiblePage lng={lng} />
        ) : frame.routeId === 'office-bringfriend' ? (
          <ReferralSection lng={lng} />
        ) : frame.routeId === 'office-vipcashback' || frame.routeId === 'office-premiumcashback' ? (
          <CashbackSection lng={lng} routeId={frame.routeId} />
        ) : frame.routeId === 'block-appeal-history' ? (
          <AppealHistory lng={lng} />
        ) : (
          <EmptyState
            title={t(`empty.${frame.area}.title`)}
            text={t(`empty.${frame.area}.text`)}
            action={{ label: t('home_link'), href: `/${lng}/` }}
          />
        )}
      </PageFrame>
    </div>
  );
}

/** The area props and the player's clock (office-clock.tsx). */
export interface OfficeProps extends AreaProps {
  clock?: Clock;
}

/** The office app root, identical on the server and in the browser for the same props. */
export function OfficeApp({ lng, frame, dictionaries, menu, clock = DEFAULT_CLOCK }: OfficeProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <OfficeClockContext.Provider value={clock}>
        <OfficePage lng={lng} frame={frame} menu={menu} />
      </OfficeClockContext.Provider>
    </I18nProvider>
  );
}

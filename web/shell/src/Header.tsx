import { isOddsFormatId, ODDS_FORMAT_IDS } from '@parlay/domain/odds/formats.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import { AVAILABLE_LANGUAGES } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { getSelections, openCoupon, subscribeSelections } from '@parlay/mf/coupon-store.ts';
import { openModal } from '@parlay/mf/host-api.ts';
import {
  DEFAULT_ODDS_VIEW,
  getOddsView,
  type OddsViewId,
  setOddsView,
  subscribeOddsView,
} from '@parlay/mf/odds-view.ts';
import { Button, NavLink, SportIcon } from '@parlay/ui/index.ts';
import { type MouseEvent, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import styles from './Header.module.css';
import { type HeaderMenuItem, isActive } from './header-menu.ts';
import type { Theme } from './request-context.ts';
import { matchRoute, switchLanguagePath } from './routes.ts';
import { ServerClock } from './ServerClock.tsx';
import { GUEST_SNAPSHOT, type SessionSnapshot } from './session/session-store.ts';
import { UserArea } from './session/UserArea.tsx';

/** Props of the shell's own view (its mount/hydrate props): the header bar. */
export interface HeaderProps {
  lng: Language;
  pathname: string;
  theme: Theme;
  dictionaries: Dictionaries;
  /** Hours from UTC for the server clock (the player's time zone). */
  timeZone?: number;
  /** The player's 12 h clock setting (is12h), for the server clock. */
  is12h?: boolean;
  /** The odds format of the coef_view_id cookie, so the selector renders the same on both sides. */
  oddsView?: OddsViewId;
  /** The session and balance the page was rendered with (the user area hydrates the same). */
  session?: SessionSnapshot;
  /** The apps' header entries, named in the page language (header-menu.ts). */
  menu?: readonly HeaderMenuItem[];
}

const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads the theme from this cookie on the next request
  document.cookie = `theme=${theme}; path=/; max-age=${THEME_COOKIE_MAX_AGE_S}; samesite=lax`;
}

function LanguageSwitch({ lng, pathname }: { lng: Language; pathname: string }) {
  const t = useT('common');
  return (
    <nav className={styles.languages} aria-label={t('language.switch_label')}>
      {AVAILABLE_LANGUAGES.map((code) => (
        <a
          key={code}
          className={styles.language}
          href={switchLanguagePath(pathname, code)}
          hrefLang={code}
          lang={code}
          // The visible code starts the accessible name, so voice control users can say what they see.
          aria-label={`${code.toUpperCase()} — ${t(`language.${code}`)}`}
          aria-current={code === lng ? 'true' : undefined}
        >
          {code.toUpperCase()}
        </a>
      ))}
    </nav>
  );
}

function ThemeToggle({ initialTheme }: { initialTheme: Theme }) {
  const t = useT('common');
  const [theme, setTheme] = useState(initialTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      aria-label={t(next === 'light' ? 'theme.to_light' : 'theme.to_dark')}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      <span className={styles.themeIcon} aria-hidden="true">
        {theme === 'dark' ? '☀' : '☾'}
      </span>
    </Button>
  );
}

function OddsFormatSelect({ initial }: { initial: OddsViewId }) {
  const t = useT('common');
  const view = useSyncExternalStore(subscribeOddsView, getOddsView, () => initial);
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before the header hydrated changed the server-drawn select but reached no handler:
  // the first commit takes it, so what the select shows is what is stored.
  useLayoutEffect(() => {
    const drawn = Number(select.current?.value);
    if (isOddsFormatId(drawn) && drawn !== getOddsView()) setOddsView(drawn);
  }, []);
  return (
    <label className={styles.oddsFormat}>
      <span className={styles.stripLabel}>{t('odds_format.label')}</span>
      <select
        ref={select}
        className={styles.select}
        value={view}
        // The visible label is hidden on narrow screens; the select keeps its name there too.
        aria-label={t('odds_format.label')}
        data-testid="odds-format"
        onChange={(event) => setOddsView(Number(event.target.value) as OddsViewId)}
      >
        {ODDS_FORMAT_IDS.map((id) => (
          <option key={id} value={id}>
            {t(`odds_format.${id}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

const NO_SELECTIONS: ReturnType<typeof getSelections> = [];

/** Mobile bottom tab bar (DESIGN.md): the apps' tab entries (Sports, Live, Casino) with the coupon in the middle and the menu last. */
function TabBar({
  lng,
  routeId,
  pathname,
  menu,
}: {
  lng: Language;
  routeId: string | null;
  pathname: string;
  menu: readonly HeaderMenuItem[];
}) {
  const t = useT('common');
  const count = useSyncExternalStore(
    subscribeSelections,
    () => getSelections().length,
    () => NO_SELECTIONS.length,
  );
  const rest = pathname.slice(lng.length + 1);
  const tabs = menu.filter((item) => item.tab);
  const link = (item: HeaderMenuItem) => (
    <a
      key={item.id}
      className={styles.tab}
      href={`/${lng}${item.tab?.path ?? item.path}`}
      aria-current={isActive(item.active, routeId, rest) ? 'page' : undefined}
    >
      {/* A drawn icon for sports: an emoji depends on the device's fonts. */}
      {item.tab?.sportIcon ? (
        <SportIcon slug={item.tab.icon} size={18} />
      ) : (
        <span aria-hidden="true">{item.tab?.icon}</span>
      )}
      {item.label}
    </a>
  );
  const middle = Math.ceil(tabs.length / 2);
  return (
    <nav className={styles.tabBar} aria-label={t('nav.tab_bar')}>
      {tabs.slice(0, middle).map(link)}
      <button type="button" className={styles.tab} onClick={openCoupon} data-testid="tab-coupon">
        <span className={styles.tabCount} data-count={count} key={count}>
          {count}
        </span>
        {t('nav.coupon')}
      </button>
      {tabs.slice(middle).map(link)}
      <button type="button" className={styles.tab} onClick={() => openModal('navigation-menu')}>
        <span aria-hidden="true">☰</span>
        {t('nav.menu')}
      </button>
    </nav>
  );
}

/**
 * "Skip to content" lands on the page's first open price when it has one: on sports pages the main
 * element starts with the sports menu, dozens of links a keyboard player would otherwise tab through.
 * Elsewhere (and before hydration) the link's own target, the main element, takes the focus.
 */
function skipToFirstPrice(event: MouseEvent<HTMLAnchorElement>): void {
  const price = document.querySelector<HTMLButtonElement>(
    '#parlay-page button[data-outcome-id]:not(:disabled)',
  );
  if (!price) return;
  event.preventDefault();
  price.focus();
  price.scrollIntoView({ block: 'center' });
}

function HeaderBar({
  lng,
  pathname,
  theme,
  timeZone = 3,
  is12h = false,
  oddsView = DEFAULT_ODDS_VIEW,
  session = GUEST_SNAPSHOT,
  menu = [],
}: Omit<HeaderProps, 'dictionaries'>) {
  const t = useT('common');
  const routeId = matchRoute(pathname)?.route.id ?? null;
  const rest = pathname.slice(lng.length + 1);
  const active = (item: HeaderMenuItem) => isActive(item.active, routeId, rest);
  const inBar = menu.filter((item) => item.priority !== 'more');
  return (
    <header className={styles.header}>
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to the main element (it works before hydration and without scripts); the click only moves the focus further, to the first price */}
      <a className={styles.skip} href="#parlay-page" onClick={skipToFirstPrice}>
        {t('skip_to_content')}
      </a>
      <div className={styles.strip}>
        <div className={styles.stripInner}>
          <ServerClock timeZone={timeZone} is12h={is12h} />
          <div className={styles.stripTools}>
            <OddsFormatSelect initial={oddsView} />
            <LanguageSwitch lng={lng} pathname={pathname} />
          </div>
        </div>
      </div>
      <div className={styles.inner}>
        <a className={styles.logo} href={`/${lng}/`} aria-label={t('logo_label')}>
          Par<span className={styles.logoMark}>lay</span>
        </a>
        <nav className={styles.nav} aria-label={t('nav.main')}>
          {inBar.map((item) => (
            <NavLink
              key={item.id}
              href={`/${lng}${item.path}`}
              active={active(item)}
              className={`${styles.navItem} ${styles[`bar${item.priority}`] ?? ''}`}
            >
              {item.label}
            </NavLink>
          ))}
          <details className={styles.more}>
            <summary className={styles.moreSummary}>{t('nav.more')}</summary>
            <div className={styles.moreMenu}>
              {menu
                .filter((item) => item.priority !== 1)
                .map((item) => (
                  <NavLink
                    key={item.id}
                    href={`/${lng}${item.path}`}
                    active={active(item)}
                    className={item.priority === 'more' ? undefined : styles[`more${item.priority}`]}
                  >
                    {item.label}
                  </NavLink>
                ))}
            </div>
          </details>
        </nav>
        <div className={styles.tools}>
          <ThemeToggle initialTheme={theme} />
          <UserArea lng={lng} rendered={session} />
        </div>
      </div>
      <TabBar lng={lng} routeId={routeId} pathname={pathname} menu={menu} />
    </header>
  );
}

/** The header with its own translator (from the shell dictionaries). */
export function ShellHeader({ dictionaries, ...props }: HeaderProps) {
  const translator = useMemo(() => createTranslator(props.lng, dictionaries), [props.lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <HeaderBar {...props} />
    </I18nProvider>
  );
}

import { ODDS_FORMAT_IDS } from '@parlay/domain/odds/formats.ts';
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
import { useMemo, useState, useSyncExternalStore } from 'react';
import styles from './Header.module.css';
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
  return (
    <label className={styles.oddsFormat}>
      <span className={styles.stripLabel}>{t('odds_format.label')}</span>
      <select
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

/** Mobile bottom tab bar (DESIGN.md): Sports, Live, Coupon with its count, Casino, Menu. */
function TabBar({ lng, routeId, pathname }: { lng: Language; routeId: string | null; pathname: string }) {
  const t = useT('common');
  const count = useSyncExternalStore(
    subscribeSelections,
    () => getSelections().length,
    () => NO_SELECTIONS.length,
  );
  const live = pathname.includes('/live');
  return (
    <nav className={styles.tabBar} aria-label={t('nav.tab_bar')}>
      <a
        className={styles.tab}
        href={`/${lng}/`}
        aria-current={routeId === 'home' || (routeId?.startsWith('sports') && !live) ? 'page' : undefined}
      >
        {/* A drawn icon: an emoji depends on the device's fonts. */}
        <SportIcon slug="football" size={18} />
        {t('nav.sports')}
      </a>
      <a className={styles.tab} href={`/${lng}/home/live`} aria-current={live ? 'page' : undefined}>
        <span aria-hidden="true">●</span>
        {t('nav.live')}
      </a>
      <button type="button" className={styles.tab} onClick={openCoupon} data-testid="tab-coupon">
        <span className={styles.tabCount} data-count={count} key={count}>
          {count}
        </span>
        {t('nav.coupon')}
      </button>
      <a className={styles.tab} href={`/${lng}/casino`}>
        <span aria-hidden="true">♠</span>
        {t('nav.casino')}
      </a>
      <button type="button" className={styles.tab} onClick={() => openModal('navigation-menu')}>
        <span aria-hidden="true">☰</span>
        {t('nav.menu')}
      </button>
    </nav>
  );
}

function HeaderBar({
  lng,
  pathname,
  theme,
  timeZone = 3,
  is12h = false,
  oddsView = DEFAULT_ODDS_VIEW,
  session = GUEST_SNAPSHOT,
}: Omit<HeaderProps, 'dictionaries'>) {
  const t = useT('common');
  const routeId = matchRoute(pathname)?.route.id ?? null;
  const live = pathname.startsWith(`/${lng}/home/live`);
  const sports = routeId === 'home' || (routeId?.startsWith('sports') === true && !live);
  // [dictionary key, href, active, priority]: priority 2 and 3 links move into "More" on narrower
  // desktops (Header.module.css), so the bar never overflows into the tools in either language.
  const links: [string, string, boolean, 1 | 2 | 3][] = [
    ['nav.sports', `/${lng}/home/line`, sports, 1],
    ['nav.live', `/${lng}/home/live`, live, 1],
    [
      'nav.esports',
      `/${lng}/esports/real`,
      routeId?.startsWith('esports') === true && !pathname.includes('/virtual'),
      1,
    ],
    ['nav.casino', `/${lng}/casino`, pathname === `/${lng}/casino`, 1],
    ['nav.live_casino', `/${lng}/casino/live`, pathname.startsWith(`/${lng}/casino/live`), 2],
    ['nav.slots', `/${lng}/slots`, pathname.startsWith(`/${lng}/slots`), 2],
    ['nav.fast_games', `/${lng}/fast-games`, routeId === 'fast-games', 2],
    ['nav.virtual', `/${lng}/esports/virtual`, pathname.startsWith(`/${lng}/esports/virtual`), 3],
    ['nav.lotto', `/${lng}/lotto`, routeId?.startsWith('lotto') === true, 3],
    ['nav.toto', `/${lng}/toto`, routeId?.startsWith('toto') === true, 3],
    ['nav.promotions', `/${lng}/promotions`, routeId === 'promotions', 3],
  ];
  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#parlay-page">
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
          {links.map(([key, href, active, priority]) => (
            <NavLink
              key={key}
              href={href}
              active={active}
              className={`${styles.navItem} ${styles[`bar${priority}`] ?? ''}`}
            >
              {t(key)}
            </NavLink>
          ))}
          <details className={styles.more}>
            <summary className={styles.moreSummary}>{t('nav.more')}</summary>
            <div className={styles.moreMenu}>
              {links
                .filter(([, , , priority]) => priority > 1)
                .map(([key, href, active, priority]) => (
                  <NavLink key={key} href={href} active={active} className={styles[`more${priority}`]}>
                    {t(key)}
                  </NavLink>
                ))}
              <NavLink href={`/${lng}/results`} active={routeId === 'results'}>
                {t('nav.results')}
              </NavLink>
              <NavLink href={`/${lng}/multi`} active={routeId === 'multi'}>
                {t('nav.multi')}
              </NavLink>
              <NavLink href={`/${lng}/information/contacts`} active={routeId === 'contacts'}>
                {t('nav.contacts')}
              </NavLink>
            </div>
          </details>
        </nav>
        <div className={styles.tools}>
          <ThemeToggle initialTheme={theme} />
          <UserArea lng={lng} rendered={session} />
        </div>
      </div>
      <TabBar lng={lng} routeId={routeId} pathname={pathname} />
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

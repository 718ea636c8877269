import type { Language } from '@parlay/i18n/languages.ts';
import { AVAILABLE_LANGUAGES } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { Button, NavLink } from '@parlay/ui/index.ts';
import { useMemo, useState } from 'react';
import styles from './Header.module.css';
import type { Theme } from './request-context.ts';
import { matchRoute, switchLanguagePath } from './routes.ts';

/** Props of the shell's own view (its mount/hydrate props): the header bar. */
export interface HeaderProps {
  lng: Language;
  pathname: string;
  theme: Theme;
  dictionaries: Dictionaries;
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

function HeaderBar({ lng, pathname, theme }: Omit<HeaderProps, 'dictionaries'>) {
  const t = useT('common');
  const routeId = matchRoute(pathname)?.route.id ?? null;
  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#parlay-page">
        {t('skip_to_content')}
      </a>
      <div className={styles.inner}>
        <a className={styles.logo} href={`/${lng}/`} aria-label={t('logo_label')}>
          Par<span className={styles.logoMark}>lay</span>
        </a>
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <NavLink href={`/${lng}/`} active={routeId === 'home'}>
            {t('nav.sports')}
          </NavLink>
          <NavLink href={`/${lng}/information/contacts`} active={routeId === 'contacts'}>
            {t('nav.contacts')}
          </NavLink>
        </nav>
        <div className={styles.tools}>
          <LanguageSwitch lng={lng} pathname={pathname} />
          <ThemeToggle initialTheme={theme} />
        </div>
      </div>
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

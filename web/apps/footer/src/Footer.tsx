import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { NavLink, VisuallyHidden } from '@parlay/ui/index.ts';
import { useMemo } from 'react';
import styles from './Footer.module.css';

export interface FooterProps {
  lng: Language;
  /** The copyright year, decided on the server so hydration matches across New Year's Eve. */
  year: number;
  dictionaries: Dictionaries;
}

function FooterContent({ lng, year }: Omit<FooterProps, 'dictionaries'>) {
  const t = useT('footer');
  return (
    <div className={styles.footer}>
      <nav className={styles.links} aria-label={t('nav_label')}>
        <NavLink href={`/${lng}/information/about`}>{t('links.about')}</NavLink>
        <NavLink href={`/${lng}/information/contacts`}>{t('links.contacts')}</NavLink>
      </nav>
      <p className={styles.responsible}>
        <span className={styles.badge} aria-hidden="true">
          {t('age_badge')}
        </span>
        <VisuallyHidden>{t('age_badge_label')}. </VisuallyHidden>
        <span>{t('responsible')}</span>
      </p>
      <p className={styles.copyright}>{t('copyright', { year })}</p>
    </div>
  );
}

export function Footer({ lng, year, dictionaries }: FooterProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <FooterContent lng={lng} year={year} />
    </I18nProvider>
  );
}

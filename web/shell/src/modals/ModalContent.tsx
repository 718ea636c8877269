/**
 * What each registered modal shows. Most are frames (title and a short text from the dictionary)
 * until the issue owning them delivers the content; cookie consent, the navigation menu, the
 * identification flavour and the terms-failure modal have their real content here.
 */
import type { Language } from '@parlay/i18n/languages.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { openModal } from '@parlay/mf/host-api.ts';
import { Button } from '@parlay/ui/index.ts';
import type { ReactNode } from 'react';
import { type ConsentView, CookieConsent } from '../behaviours/CookieConsent.tsx';
import type { CookiesType } from '../behaviours/consent.ts';
import type { HeaderMenuItem } from '../header-menu.ts';
import { conversionDays } from '../session/conversion-reminder.ts';
import { AppModalSlot } from './AppModalSlot.tsx';
import { FirstDepositOffer } from './FirstDepositOffer.tsx';
import styles from './modals.module.css';
import { identificationFlavour, type ModalId } from './registry.ts';
import { ConsultantModal, SupportHistory } from './SupportModals.tsx';

export interface ModalContentContext {
  t: TranslateFn;
  lng: Language;
  consent: CookiesType | null;
  verificationTypes: readonly string[] | undefined;
  installAvailable: boolean;
  onConsent(type: CookiesType): void;
  /** The consent banner's first view (customize when pressed on the server-rendered banner). */
  consentView?: ConsentView;
  onInstall(): void;
  close(): void;
  /** The player's time zone (hours from UTC) for dates shown in modals; the browser's when absent. */
  timeZone?: number;
  /** Whether a player is signed in (the consultant modal offers the support chat then). */
  signedIn?: boolean;
  /** The apps' header entries, named (the navigation menu lists every one). */
  menu?: readonly HeaderMenuItem[];
}

/** The title of a modal (identification depends on the configured verification types). */
export function modalTitle(
  id: ModalId,
  context: Pick<ModalContentContext, 't' | 'verificationTypes'>,
): string {
  if (id === 'identification') {
    return context.t(`modals.identification.title_${identificationFlavour(context.verificationTypes)}`);
  }
  return context.t(`modals.${id}.title`);
}

/**
 * The mobile menu (the tab bar's last tab): every area the apps put in the header (sports, live,
 * esports, casino, lotto, toto, promotions…, the bar's "More" included, which a phone never shows),
 * then the player's office, settings and log out (or log in and register for a guest).
 */
function NavigationMenu({
  t,
  lng,
  menu = [],
  signedIn,
  installAvailable,
  onInstall,
  close,
}: ModalContentContext) {
  const areas = [
    ...menu.map((item) => ({ href: `/${lng}${item.path}`, label: item.label })),
    { href: `/${lng}/information/about`, label: t('menu.about') },
  ];
  const account = signedIn
    ? [
        { href: `/${lng}/office/account`, label: t('menu.office') },
        { href: `/${lng}/office/settings`, label: t('menu.settings') },
      ]
    : [
        { href: `/${lng}/user/login`, label: t('menu.login') },
        { href: `/${lng}/registration`, label: t('menu.register') },
      ];
  return (
    <nav aria-label={t('modals.navigation-menu.text')}>
      <MenuLinks label={t('menu.areas')} links={areas} />
      <MenuLinks label={t('menu.account')} links={account}>
        {signedIn ? (
          <li>
            <button
              type="button"
              className={styles.menuLink}
              onClick={() => void import('../session/logout.ts').then(({ logout }) => logout(lng))}
            >
              {t('menu.logout')}
            </button>
          </li>
        ) : null}
      </MenuLinks>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            close();
            openModal('cookie-consent');
          }}
        >
          {t('menu.cookies')}
        </Button>
        {installAvailable ? (
          <Button variant="primary" onClick={onInstall}>
            {t('menu.install')}
          </Button>
        ) : null}
      </div>
    </nav>
  );
}

function MenuLinks({
  label,
  links,
  children,
}: {
  label: string;
  links: readonly { href: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <ul className={styles.menu} aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <a className={styles.menuLink} href={link.href}>
            {link.label}
          </a>
        </li>
      ))}
      {children}
    </ul>
  );
}

export function ModalContent({ id, context }: { id: ModalId; context: ModalContentContext }) {
  const { t } = context;
  switch (id) {
    case 'cookie-consent':
      return (
        <CookieConsent
          t={t}
          current={context.consent}
          onChoose={context.onConsent}
          initialView={context.consentView ?? 'main'}
        />
      );
    case 'navigation-menu':
      return <NavigationMenu {...context} />;
    case 'identification': {
      const flavour = identificationFlavour(context.verificationTypes);
      return (
        <div data-identification-flavour={flavour}>
          <p className={styles.text}>{t(`modals.identification.text_${flavour}`)}</p>
          <p className={styles.text}>{t('modals.identification.blocked')}</p>
          <div className={styles.actions}>
            <a
              className={styles.menuLink}
              href={`/${context.lng}/office/verification`}
              onClick={context.close}
            >
              {t('modals.identification.action')}
            </a>
            <Button onClick={context.close}>{t('close')}</Button>
          </div>
        </div>
      );
    }
    case 'cash':
      return (
        <>
          <p className={styles.text}>{t('modals.cash.text')}</p>
          <p className={styles.text}>{t('modals.cash.offer')}</p>
          <div className={styles.actions}>
            <a
              className={styles.menuLink}
              href={`/${context.lng}/office/recharge?method=mobile_cash`}
              onClick={context.close}
            >
              {t('modals.cash.action')}
            </a>
            <Button onClick={context.close}>{t('close')}</Button>
          </div>
        </>
      );
    case 'login':
    case 'registration':
    case 'forgot-password':
      return <AppModalSlot id={id} lng={context.lng} loadingText={t('session.auth_loading')} />;
    case 'account-conversion':
      return (
        <>
          <p className={styles.text}>
            {t('modals.account-conversion.text', { count: conversionDays() ?? 0 })}
          </p>
          <div className={styles.actions}>
            <a className={styles.menuLink} href={`/${context.lng}/confirm`} onClick={context.close}>
              {t('modals.account-conversion.action')}
            </a>
            <Button onClick={context.close}>{t('modals.account-conversion.later')}</Button>
          </div>
        </>
      );
    case 'support-request-history':
      return (
        <SupportHistory
          t={t}
          lng={context.lng}
          timeZone={context.timeZone ?? -new Date().getTimezoneOffset() / 60}
          close={context.close}
        />
      );
    case 'user-question':
      return (
        <ConsultantModal t={t} lng={context.lng} signedIn={context.signedIn === true} close={context.close} />
      );
    case 'first-deposit-bonus':
      return <FirstDepositOffer t={t} lng={context.lng} close={context.close} />;
    case 'confirm-terms-error':
      return (
        <>
          <p className={styles.text}>{t('modals.confirm-terms-error.text')}</p>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => window.location.reload()}>
              {t('modals.confirm-terms-error.action')}
            </Button>
          </div>
        </>
      );
    default:
      return (
        <>
          <p className={styles.text}>{t(`modals.${id}.text`)}</p>
          <p className={styles.text}>{t('modals.coming_soon')}</p>
          <div className={styles.actions}>
            <Button onClick={context.close}>{t('close')}</Button>
          </div>
        </>
      );
  }
}

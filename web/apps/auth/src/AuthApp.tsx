/**
 * The auth micro-app's pages: login (/user/login), registration (/registration), password recovery
 * (/user/passwordreset), the confirm-terms page, contact confirmation (/confirm) and activation
 * (/user/activatefast/{type}, /user/accountverify); the other account pages keep the empty state.
 * The same forms fill the shell's login, registration and forgot-password modals (AuthModal.tsx).
 */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import type { AreaProps } from '@parlay/mf/area-page.ts';
import { EmptyState, PageFrame } from '@parlay/ui/index.ts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import styles from './AuthApp.module.css';
import { ConfirmTerms } from './forms/ConfirmTerms.tsx';
import { ActivationLink, ContactConfirm } from './forms/ContactConfirm.tsx';
import { ForgotPasswordForm } from './forms/ForgotPasswordForm.tsx';
import { RegistrationForm } from './forms/RegistrationForm.tsx';
import { LoginPage } from './LoginPage.tsx';
import { StopNewsletter } from './StopNewsletter.tsx';

/** A client navigation the shell performs (it intercepts plain link clicks). */
function navigateTo(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  document.body.append(link);
  link.click();
  link.remove();
}

function AuthPage({ lng, frame }: Omit<AreaProps, 'dictionaries'>) {
  const t = useT('auth');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const formProps = {
    lng,
    onSwitch: (to: 'login' | 'registration' | 'forgot-password') =>
      navigateTo(
        to === 'login'
          ? `/${lng}/user/login`
          : to === 'registration'
            ? `/${lng}/registration`
            : `/${lng}/user/passwordreset`,
      ),
  };
  let content: ReactNode;
  switch (frame.routeId) {
    case 'login':
      content = <LoginPage {...formProps} />;
      break;
    case 'registration':
      content = <RegistrationForm {...formProps} returnUrl={`/${lng}/`} onDone={() => {}} />;
      break;
    case 'user-passwordreset':
      content = <ForgotPasswordForm {...formProps} returnUrl={null} onDone={() => {}} />;
      break;
    case 'confirm-terms':
      content = <ConfirmTerms lng={lng} />;
      break;
    case 'confirm':
      content = <ContactConfirm lng={lng} conversion={false} />;
      break;
    case 'user-accountverify':
      content = <ActivationLink lng={lng} />;
      break;
    case 'user-activatefast':
      content =
        frame.params.type === 'activatefast' ? (
          <ContactConfirm lng={lng} conversion={true} />
        ) : (
          <ActivationLink lng={lng} />
        );
      break;
    case 'user-stopnewsletter':
      content = <StopNewsletter lng={lng} />;
      break;
    default:
      content = (
        <EmptyState
          title={t(`empty.${frame.area}.title`)}
          text={t(`empty.${frame.area}.text`)}
          action={{ label: t('home_link'), href: `/${lng}/` }}
        />
      );
  }
  return (
    <div className={styles.page} data-hydrated={hydrated ? 'true' : 'false'}>
      <PageFrame
        heading={frame.heading}
        breadcrumbs={frame.breadcrumbs}
        breadcrumbsLabel={frame.breadcrumbsLabel}
        data-route={frame.routeId}
      >
        <div className={styles.card}>{content}</div>
      </PageFrame>
    </div>
  );
}

/** The auth app root, identical on the server and in the browser for the same props. */
export function AuthApp({ lng, frame, dictionaries, menu }: AreaProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <AuthPage lng={lng} frame={frame} menu={menu} />
    </I18nProvider>
  );
}

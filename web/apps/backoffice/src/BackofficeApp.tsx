/** The back office's pages: sign-in, or the shell (left navigation, top bar) around one section. */
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import type { AreaProps } from '@parlay/mf/area-page.ts';
import { useEffect, useMemo, useState } from 'react';
import { AdjustmentsSection } from './AdjustmentsSection.tsx';
import { AlertsSection } from './AlertsSection.tsx';
import { AuditSection } from './AuditSection.tsx';
import { BetsSection } from './BetsSection.tsx';
import { BlocksSection } from './BlocksSection.tsx';
import { BonusSection } from './BonusSection.tsx';
import { CasinoSection } from './CasinoSection.tsx';
import { ConfigSection } from './ConfigSection.tsx';
import { ContentSection } from './ContentSection.tsx';
import { Dashboard } from './Dashboard.tsx';
import { OperatorsSection } from './OperatorsSection.tsx';
import { PaymentsSection } from './PaymentsSection.tsx';
import { PlayersSection } from './PlayersSection.tsx';
import { RedirectsSection } from './RedirectsSection.tsx';
import { Shell } from './Shell.tsx';
import { SignIn } from './SignIn.tsx';
import { SupportSection } from './SupportSection.tsx';
import { TermsSection } from './TermsSection.tsx';
import { TradingSection } from './TradingSection.tsx';
import { WithdrawalsSection } from './WithdrawalsSection.tsx';

export function BackofficeApp({ lng, frame, dictionaries }: AreaProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  const route = frame.routeId;
  // Marks the page hydrated (data-hydrated) for tests and tools that wait on it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <I18nProvider translator={translator}>
      <div data-hydrated={hydrated ? 'true' : 'false'}>
        {route === 'backoffice-sign-in' ? (
          <SignIn lng={lng} />
        ) : (
          <Shell lng={lng} route={route}>
            {(me) =>
              route === 'backoffice-withdrawals' ? (
                <WithdrawalsSection me={me} />
              ) : route === 'backoffice-operators' ? (
                <OperatorsSection me={me} />
              ) : route === 'backoffice-audit' ? (
                <AuditSection me={me} />
              ) : route === 'backoffice-players' ? (
                <PlayersSection me={me} />
              ) : route === 'backoffice-adjustments' ? (
                <AdjustmentsSection me={me} />
              ) : route === 'backoffice-alerts' ? (
                <AlertsSection me={me} />
              ) : route === 'backoffice-support' ? (
                <SupportSection me={me} />
              ) : route === 'backoffice-trading' ? (
                <TradingSection me={me} lng={lng} />
              ) : route === 'backoffice-payments' ? (
                <PaymentsSection me={me} />
              ) : route === 'backoffice-bets' ? (
                <BetsSection me={me} />
              ) : route === 'backoffice-casino' ? (
                <CasinoSection me={me} lng={lng} />
              ) : route === 'backoffice-bonuses' ? (
                <BonusSection me={me} lng={lng} />
              ) : route === 'backoffice-content' ? (
                <ContentSection me={me} lng={lng} />
              ) : route === 'backoffice-blocks' ? (
                <BlocksSection me={me} />
              ) : route === 'backoffice-redirects' ? (
                <RedirectsSection me={me} />
              ) : route === 'backoffice-terms' ? (
                <TermsSection me={me} />
              ) : route === 'backoffice-config' ? (
                <ConfigSection me={me} lng={lng} />
              ) : (
                <Dashboard me={me} />
              )
            }
          </Shell>
        )}
      </div>
    </I18nProvider>
  );
}

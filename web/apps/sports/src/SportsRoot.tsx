/** The sports app root, identical on the server and in the browser for the same props. */
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { useEffect, useMemo, useState } from 'react';
import { SportsContext, type SportsContextValue } from './context.tsx';
import { SportsLayout } from './Layout.tsx';
import type { SportsPageProps } from './page-model.ts';
import { PageBody } from './pages.tsx';

export function SportsRoot(props: SportsPageProps) {
  const { lng, dictionaries } = props;
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const context = useMemo<SportsContextValue>(
    () => ({
      lng,
      timeZone: props.timeZone,
      renderedAtMs: props.renderedAtMs,
      oddsView: props.oddsView,
      sports: props.menu.sports,
      url: props.url,
    }),
    [lng, props.timeZone, props.renderedAtMs, props.oddsView, props.menu.sports, props.url],
  );
  const popup = props.page.kind === 'statistic' && props.page.popup;
  return (
    <I18nProvider translator={translator}>
      <SportsContext.Provider value={context}>
        {popup ? (
          <div data-hydrated={hydrated ? 'true' : 'false'}>
            <h1>{props.heading}</h1>
            <PageBody page={props.page} routeId={props.routeId} />
          </div>
        ) : (
          <SportsLayout
            menu={props.menu}
            heading={props.heading}
            breadcrumbs={props.breadcrumbs}
            hydrated={hydrated}
            routeId={props.routeId}
          >
            <PageBody page={props.page} routeId={props.routeId} />
          </SportsLayout>
        )}
      </SportsContext.Provider>
    </I18nProvider>
  );
}

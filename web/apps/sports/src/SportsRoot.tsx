/** The sports app root, identical on the server and in the browser for the same props. */
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { useMemo } from 'react';
import { SportsContext, type SportsContextValue } from './context.tsx';
import { useHydrationMarker } from './hydration-marker.ts';
import { SportsLayout } from './Layout.tsx';
import type { SportsPageProps } from './page-model.ts';
import { PageBody } from './pages.tsx';

export function SportsRoot(props: SportsPageProps) {
  const { lng, dictionaries } = props;
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  const marker = useHydrationMarker<HTMLDivElement>();
  const context = useMemo<SportsContextValue>(
    () => ({
      lng,
      timeZone: props.timeZone,
      renderedAtMs: props.renderedAtMs,
      oddsView: props.oddsView,
      sports: props.menu.sports,
      url: props.url,
      view: props.view,
    }),
    [lng, props.timeZone, props.renderedAtMs, props.oddsView, props.menu.sports, props.url, props.view],
  );
  const popup = props.page.kind === 'statistic' && props.page.popup;
  const print = props.page.kind === 'print';
  return (
    <I18nProvider translator={translator}>
      <SportsContext.Provider value={context}>
        {print ? (
          <div ref={marker} data-hydrated="false">
            <PageBody page={props.page} routeId={props.routeId} />
          </div>
        ) : popup ? (
          <div ref={marker} data-hydrated="false">
            <h1>{props.heading}</h1>
            <PageBody page={props.page} routeId={props.routeId} />
          </div>
        ) : (
          <SportsLayout
            menu={props.menu}
            heading={props.heading}
            breadcrumbs={props.breadcrumbs}
            routeId={props.routeId}
            quickCoupon={props.quickCoupon}
          >
            <PageBody page={props.page} routeId={props.routeId} />
          </SportsLayout>
        )}
      </SportsContext.Provider>
    </I18nProvider>
  );
}

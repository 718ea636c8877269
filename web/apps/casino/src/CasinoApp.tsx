/**
 * The casino micro-app's pages (casino, slots, live casino and games pages): the page frame (breadcrumbs, heading) and, until the
 * issue that builds this area lands, an honest empty state.
 */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import type { AreaProps } from '@parlay/mf/area-page.ts';
import { EmptyState, PageFrame } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import styles from './CasinoApp.module.css';

function CasinoPage({ lng, frame }: Omit<AreaProps, 'dictionaries'>) {
  const t = useT('casino');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className={styles.page} data-hydrated={hydrated ? 'true' : 'false'}>
      <PageFrame
        heading={frame.heading}
        breadcrumbs={frame.breadcrumbs}
        breadcrumbsLabel={frame.breadcrumbsLabel}
        data-route={frame.routeId}
      >
        <EmptyState
          title={t(`empty.${frame.area}.title`)}
          text={t(`empty.${frame.area}.text`)}
          action={{ label: t('home_link'), href: `/${lng}/` }}
        />
      </PageFrame>
    </div>
  );
}

/** The casino app root, identical on the server and in the browser for the same props. */
export function CasinoApp({ lng, frame, dictionaries, menu }: AreaProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <CasinoPage lng={lng} frame={frame} menu={menu} />
    </I18nProvider>
  );
}

/** Sports and esports pages other than home: the page frame and, until the sportsbook pages land, an empty state. */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import type { AreaProps } from '@parlay/shell/routing/area-page.ts';
import { EmptyState, PageFrame } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';

function SportsAreaPage({ lng, frame }: Omit<AreaProps, 'dictionaries' | 'menu'>) {
  const t = useT('sports');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <PageFrame
      heading={frame.heading}
      breadcrumbs={frame.breadcrumbs}
      breadcrumbsLabel={frame.breadcrumbsLabel}
      data-route={frame.routeId}
      data-hydrated={hydrated ? 'true' : 'false'}
    >
      <EmptyState
        title={t(`area_empty.${frame.area}.title`)}
        text={t(`area_empty.${frame.area}.text`)}
        action={{ label: t('home_link'), href: `/${lng}/` }}
      />
    </PageFrame>
  );
}

export function SportsArea({ lng, frame, dictionaries }: AreaProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <SportsAreaPage lng={lng} frame={frame} />
    </I18nProvider>
  );
}

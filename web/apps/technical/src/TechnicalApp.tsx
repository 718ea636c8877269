/**
 * The technical pages (site-shell §2, §8): the 404 page ("This page could not be found"), /500,
 * /oldbrowser and the block pages (block, block-ua, block-ie, site-updates, coming-soon, suspension).
 */
import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Heading, Link } from '@parlay/ui/index.ts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import styles from './TechnicalApp.module.css';

export const BLOCK_PAGE_IDS = [
  'block',
  'block-ua',
  'block-ie',
  'site-updates',
  'coming-soon',
  'suspension',
] as const;
export type TechnicalPage = 'not-found' | 'oldbrowser' | 'server-error' | (typeof BLOCK_PAGE_IDS)[number];

export interface TechnicalProps {
  lng: Language;
  page: TechnicalPage;
  dictionaries: Dictionaries;
}

function NotFound({ lng }: { lng: Language }) {
  const t = useT('technical');
  return (
    <>
      <Heading level={1}>{t('not_found')}</Heading>
      <p className={styles.text}>{t('not_found_text')}</p>
      <p className={styles.text}>
        <Link href={`/${lng}/`}>{t('go_home')}</Link>
      </p>
    </>
  );
}

function ServerError() {
  const t = useT('technical');
  return (
    <>
      <Heading level={1}>{t('server_error.heading')}</Heading>
      <p className={styles.text}>{t('server_error.text')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('server_error.refresh')}
      </Button>
    </>
  );
}

function Notice({ heading, text, support }: { heading: string; text: string; support?: boolean }) {
  const t = useT('technical');
  return (
    <>
      <Heading level={1}>{heading}</Heading>
      <p className={styles.text}>{text}</p>
      {support ? <p className={styles.muted}>{t('support')}</p> : null}
    </>
  );
}

function TechnicalPageView({ lng, page }: Omit<TechnicalProps, 'dictionaries'>) {
  const t = useT('technical');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  let content: ReactNode;
  if (page === 'not-found') content = <NotFound lng={lng} />;
  else if (page === 'server-error') content = <ServerError />;
  else if (page === 'oldbrowser')
    content = <Notice heading={t('oldbrowser.heading')} text={t('oldbrowser.text')} />;
  else content = <Notice heading={t(`blocks.${page}.heading`)} text={t(`blocks.${page}.text`)} support />;
  return (
    <section className={styles.page} data-technical-page={page} data-hydrated={hydrated ? 'true' : 'false'}>
      {content}
    </section>
  );
}

export function TechnicalApp({ lng, page, dictionaries }: TechnicalProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <TechnicalPageView lng={lng} page={page} />
    </I18nProvider>
  );
}

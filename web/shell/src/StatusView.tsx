import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { createReloadThrottle } from '@parlay/mf/view-state.ts';
import { Button, Heading, Link } from '@parlay/ui/index.ts';
import { useMemo } from 'react';
import styles from './StatusView.module.css';

export type StatusKind = 'not-found' | 'error';

export interface StatusViewProps {
  kind: StatusKind;
  lng: Language;
  dictionaries: Dictionaries;
  /** Reloads the failed micro-app in place (client-side error view); without it the page reloads. */
  onRetry?: () => boolean;
}

const reloadAllowed = createReloadThrottle();

function NotFound({ lng }: { lng: Language }) {
  const t = useT('errors');
  return (
    <section className={styles.status}>
      <Heading level={1}>{t('not_found')}</Heading>
      <p className={styles.message}>
        <Link href={`/${lng}/`}>{t('go_home')}</Link>
      </p>
    </section>
  );
}

/** Spec: a page that fails to load shows main_dictionary_load_error with a refresh button. */
function LoadError({ onRetry }: { onRetry?: (() => boolean) | undefined }) {
  const t = useT('errors');
  return (
    <section className={styles.status} role="alert">
      <Heading level={1}>{t('main_dictionary_load_error')}</Heading>
      <p className={styles.message}>{t('main_dictionary_refresh_page')}</p>
      <Button
        variant="primary"
        onClick={() => {
          if (onRetry) onRetry();
          else if (reloadAllowed(Date.now())) window.location.reload();
        }}
      >
        {t('refresh_button')}
      </Button>
    </section>
  );
}

/** The page views the shell renders itself: 404 and "failed to load". */
export function StatusView({ kind, lng, dictionaries, onRetry }: StatusViewProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      {kind === 'not-found' ? <NotFound lng={lng} /> : <LoadError onRetry={onRetry} />}
    </I18nProvider>
  );
}

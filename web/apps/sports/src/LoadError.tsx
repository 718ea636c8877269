/** The inline message of a list or page whose data could not be loaded. */
import { useT } from '@parlay/i18n/runtime.tsx';
import styles from './Pages.module.css';

export function LoadError({ status }: { status: number | null }) {
  const t = useT('sports');
  return (
    <p className={styles.error} role="alert">
      {status === null ? t('load_error_network') : t('load_error', { status })}
    </p>
  );
}

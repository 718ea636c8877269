/** Open sessions (the own, or an operator's for admins) with revocation. */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { post, type SessionRow } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { useDeskQuery } from './desk.tsx';

export function useDateTime() {
  const format = useFormat();
  return (iso: string) => {
    const at = new Date(iso);
    return `${format.date(at.getTime(), -at.getTimezoneOffset() / 60)} ${at.toTimeString().slice(0, 8)}`;
  };
}

export function SessionsTable({ path }: { path: string }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const { data, reload } = useDeskQuery<{ sessions: SessionRow[] }>(path);
  return (
    <DataTable
      rows={data?.sessions}
      empty={t('sessions.none')}
      columns={[
        { label: t('sessions.started') },
        { label: t('sessions.lastSeen') },
        { label: t('sessions.ip') },
        { label: t('sessions.browser') },
        { label: t('actions'), hidden: true },
      ]}
      row={(s) => (
        <tr key={s.id}>
          <td className={styles.num}>{when(s.createdAt)}</td>
          <td className={styles.num}>{when(s.lastSeenAt)}</td>
          <td className={styles.num}>{s.ip}</td>
          <td className={styles.clip} title={s.userAgent}>
            {s.userAgent}
          </td>
          <td className={styles.actions}>
            {s.current ? (
              <span className={styles.badge}>{t('sessions.current')}</span>
            ) : (
              <Button
                size="sm"
                onClick={() => void post(`/sessions/${s.id}/revoke`).then(() => reload())}
                aria-label={t('sessions.revokeLabel', { ip: s.ip, started: when(s.createdAt) })}
              >
                {t('sessions.revoke')}
              </Button>
            )}
          </td>
        </tr>
      )}
    />
  );
}

/** Open sessions (the own, or an operator's for admins) with revocation. */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Table } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, post, type SessionRow } from './api.ts';
import styles from './Backoffice.module.css';
import { leaveIfSignedOut } from './Shell.tsx';

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
  const [rows, setRows] = useState<SessionRow[] | null>(null);
  const load = useCallback(async () => {
    const answer = await call<{ sessions: SessionRow[] }>(path);
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.sessions);
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!rows) return <p className={styles.muted}>{t('loading')}</p>;
  if (rows.length === 0) return <p className={styles.muted}>{t('sessions.none')}</p>;
  return (
    <div className={styles.tableWrap}>
      <Table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('sessions.started')}</th>
            <th scope="col">{t('sessions.lastSeen')}</th>
            <th scope="col">{t('sessions.ip')}</th>
            <th scope="col">{t('sessions.browser')}</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
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
                    onClick={() => void post(`/sessions/${s.id}/revoke`).then(() => load())}
                    aria-label={t('sessions.revokeLabel', { ip: s.ip, started: when(s.createdAt) })}
                  >
                    {t('sessions.revoke')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

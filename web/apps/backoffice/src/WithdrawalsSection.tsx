/**
 * The withdrawal queue: pending withdrawals with player and amount, oldest first; approve (which
 * pays through the provider) or reject with a reason, each confirmed with what will happen.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, Table, TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me, post, type WithdrawalRow } from './api.ts';
import styles from './Backoffice.module.css';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

type Pending = { id: string; kind: 'approve' | 'reject' } | null;

export function WithdrawalsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const format = useFormat();
  const when = useDateTime();
  const mayDecide = me.actions.includes('withdrawals.decide');
  const [rows, setRows] = useState<WithdrawalRow[] | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await call<{ items: WithdrawalRow[] }>('/withdrawals');
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.items);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const money = (w: WithdrawalRow) => format.money(BigInt(w.amountMinor), w.currency);
  const player = (w: WithdrawalRow) => (w.playerName ? `${w.playerName} (#${w.userId})` : `#${w.userId}`);

  const decide = async (w: WithdrawalRow, kind: 'approve' | 'reject') => {
    setBusy(true);
    const answer =
      kind === 'approve'
        ? await post<{ state: string }>(`/withdrawals/${w.id}/approve`)
        : await post<{ state: string }>(`/withdrawals/${w.id}/reject`, { reason: reason.trim() });
    setBusy(false);
    leaveIfSignedOut(answer);
    setPending(null);
    setReason('');
    setNotice(
      answer.ok
        ? {
            kind: 'success',
            text: t(`withdrawals.${kind}d`, {
              id: w.id,
              amount: money(w),
              state: t(`states.${answer.data.state}`),
            }),
          }
        : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    await load();
  };

  return (
    <section className={styles.panel} aria-labelledby="bo-withdrawals">
      <h2 id="bo-withdrawals" className={styles.subheading}>
        {t('withdrawals.title')}
      </h2>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('withdrawals.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="withdrawal-queue">
            <thead>
              <tr>
                <th scope="col">{t('withdrawals.id')}</th>
                <th scope="col">{t('withdrawals.player')}</th>
                <th scope="col" className={styles.num}>
                  {t('withdrawals.amount')}
                </th>
                <th scope="col">{t('withdrawals.method')}</th>
                <th scope="col">{t('withdrawals.requested')}</th>
                {mayDecide ? (
                  <th scope="col">
                    <span className={styles.visuallyHidden}>{t('actions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((w) => (
                <tr key={w.id} data-testid={`withdrawal-${w.id}`}>
                  <td className={styles.num}>{w.id}</td>
                  <td>{player(w)}</td>
                  <td className={styles.num}>{money(w)}</td>
                  <td>{w.provider}</td>
                  <td className={styles.num}>{when(w.createdAt)}</td>
                  {mayDecide ? (
                    <td className={styles.actions}>
                      {pending?.id === w.id ? (
                        <div className={styles.confirm}>
                          <p>
                            {pending.kind === 'approve'
                              ? t('withdrawals.confirmApprove', { amount: money(w), player: player(w) })
                              : t('withdrawals.confirmReject', { amount: money(w), player: player(w) })}
                          </p>
                          {pending.kind === 'reject' ? (
                            <TextField
                              label={t('withdrawals.reason')}
                              value={reason}
                              minLength={3}
                              maxLength={200}
                              onChange={(e) => setReason(e.target.value)}
                            />
                          ) : null}
                          <div className={styles.buttons}>
                            <Button
                              variant="primary"
                              size="sm"
                              disabled={busy || (pending.kind === 'reject' && reason.trim().length < 3)}
                              onClick={() => void decide(w, pending.kind)}
                            >
                              {pending.kind === 'approve'
                                ? t('withdrawals.confirmApproveButton')
                                : t('withdrawals.confirmRejectButton')}
                            </Button>
                            <Button size="sm" onClick={() => setPending(null)}>
                              {t('cancel')}
                            </Button>
                          </div>
                        </div>
                      ) : (
                        <div className={styles.buttons}>
                          <Button
                            size="sm"
                            onClick={() => setPending({ id: w.id, kind: 'approve' })}
                            aria-label={t('withdrawals.approveLabel', { id: w.id, amount: money(w) })}
                          >
                            {t('withdrawals.approve')}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setPending({ id: w.id, kind: 'reject' })}
                            aria-label={t('withdrawals.rejectLabel', { id: w.id, amount: money(w) })}
                          >
                            {t('withdrawals.reject')}
                          </Button>
                        </div>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

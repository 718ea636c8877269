/**
 * Manual adjustments under four eyes: proposals waiting for a second operator (or all), each
 * approved (the money moves through the ledger) or rejected with a note after a confirmation.
 * An operator's own proposals show no decision buttons: the server refuses them anyway.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, Table, TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import p from './Players.module.css';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

interface AdjustmentRow {
  id: string;
  userId: string;
  accountId: string;
  currency: string;
  amountMinor: string;
  reason: string;
  status: 'proposed' | 'approved' | 'rejected';
  proposedBy: string;
  proposedAt: string;
  decidedBy: string | null;
}

type Pending = { id: string; kind: 'approve' | 'reject' } | null;

export function AdjustmentsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const format = useFormat();
  const when = useDateTime();
  const mayDecide = me.actions.includes('adjustments.approve');
  const [filter, setFilter] = useState<'proposed' | 'all'>('proposed');
  const [rows, setRows] = useState<AdjustmentRow[] | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async (which: 'proposed' | 'all') => {
    const answer = await call<{ adjustments: AdjustmentRow[] }>(
      `/adjustments${which === 'proposed' ? '?status=proposed' : ''}`,
    );
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.adjustments);
  }, []);
  useEffect(() => {
    void load(filter);
  }, [load, filter]);

  const money = (a: AdjustmentRow) => format.money(a.amountMinor, a.currency);
  const decide = async (a: AdjustmentRow, kind: 'approve' | 'reject') => {
    const answer =
      kind === 'approve'
        ? await post(`/adjustments/${a.id}/approve`)
        : await post(`/adjustments/${a.id}/reject`, { note: note.trim() });
    leaveIfSignedOut(answer);
    setPending(null);
    setNote('');
    setNotice(
      answer.ok
        ? { kind: 'success', text: t(`adjustments.${kind}d`, { id: a.id, amount: money(a) }) }
        : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    await load(filter);
  };

  return (
    <section className={styles.panel} aria-labelledby="bo-adjustments">
      <h2 id="bo-adjustments" className={styles.subheading}>
        {t('adjustments.title')}
      </h2>
      <p className={styles.muted}>{t('adjustments.lead')}</p>
      <div className={`${styles.inlineForm} ${p.filter}`}>
        <SelectField
          label={t('adjustments.show')}
          value={filter}
          onChange={(e) => setFilter(e.target.value === 'all' ? 'all' : 'proposed')}
        >
          <option value="proposed">{t('adjustments.waiting')}</option>
          <option value="all">{t('adjustments.all')}</option>
        </SelectField>
      </div>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('adjustments.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="adjustments">
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t('adjustments.id')}
                </th>
                <th scope="col">{t('adjustments.player')}</th>
                <th scope="col" className={styles.num}>
                  {t('adjustments.amount')}
                </th>
                <th scope="col">{t('adjustments.reason')}</th>
                <th scope="col">{t('adjustments.proposedAt')}</th>
                <th scope="col">{t('adjustments.status')}</th>
                {mayDecide ? <th scope="col">{t('actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} data-testid={`adjustment-${a.id}`}>
                  <td className={styles.num}>{a.id}</td>
                  <td>
                    <a href={`players?player=${a.userId}`}>#{a.userId}</a>
                  </td>
                  <td className={styles.num}>{money(a)}</td>
                  <td>{a.reason}</td>
                  <td className={styles.num}>{when(a.proposedAt)}</td>
                  <td>{t(`adjustments.statuses.${a.status}`)}</td>
                  {mayDecide ? (
                    <td className={styles.actions}>
                      {a.status !== 'proposed' ? null : a.proposedBy === me.id ? (
                        <span className={styles.muted}>{t('adjustments.own')}</span>
                      ) : pending?.id === a.id ? (
                        <div className={styles.confirm}>
                          <p>
                            {t(
                              pending.kind === 'approve'
                                ? 'adjustments.confirmApprove'
                                : 'adjustments.confirmReject',
                              {
                                amount: money(a),
                                player: `#${a.userId}`,
                              },
                            )}
                          </p>
                          {pending.kind === 'reject' ? (
                            <TextField
                              label={t('adjustments.note')}
                              value={note}
                              maxLength={500}
                              onChange={(e) => setNote(e.target.value)}
                            />
                          ) : null}
                          <div className={styles.buttons}>
                            <Button
                              variant="primary"
                              size="sm"
                              disabled={pending.kind === 'reject' && note.trim().length < 3}
                              onClick={() => void decide(a, pending.kind)}
                            >
                              {t(
                                pending.kind === 'approve'
                                  ? 'adjustments.approveButton'
                                  : 'adjustments.rejectButton',
                              )}
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
                            onClick={() => setPending({ id: a.id, kind: 'approve' })}
                            aria-label={t('adjustments.approveLabel', { id: a.id, amount: money(a) })}
                          >
                            {t('adjustments.approve')}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setPending({ id: a.id, kind: 'reject' })}
                            aria-label={t('adjustments.rejectLabel', { id: a.id, amount: money(a) })}
                          >
                            {t('adjustments.reject')}
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

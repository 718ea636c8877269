/**
 * Manual adjustments under four eyes: proposals waiting for a second operator (or all), each
 * approved (the money moves through the ledger) or rejected with a note after a confirmation.
 * An operator's own proposals show no decision buttons: the server refuses them anyway.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { useState } from 'react';
import { type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { type Decision, DecisionCell, useDecision } from './ConfirmBox.tsx';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useDeskQuery, useNotice } from './desk.tsx';
import { ShowFilter } from './FilterForm.tsx';
import { useDateTime } from './SessionsTable.tsx';

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

export function AdjustmentsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const mayDecide = me.actions.includes('adjustments.approve');
  const [filter, setFilter] = useState<'proposed' | 'all'>('proposed');
  const { data, reload } = useDeskQuery<{ adjustments: AdjustmentRow[] }>(
    `/adjustments${filter === 'proposed' ? '?status=proposed' : ''}`,
  );
  const decision = useDecision();
  const { notice, report } = useNotice();

  const money = (a: AdjustmentRow) => format.money(a.amountMinor, a.currency);
  const decide = async (a: AdjustmentRow, kind: Decision) => {
    const answer =
      kind === 'approve'
        ? await post(`/adjustments/${a.id}/approve`)
        : await post(`/adjustments/${a.id}/reject`, { note: decision.reason.trim() });
    decision.clear();
    report(answer, t(`adjustments.${kind}d`, { id: a.id, amount: money(a) }));
    await reload();
  };

  return (
    <Panel id="bo-adjustments" title={t('adjustments.title')} lead={t('adjustments.lead')}>
      <ShowFilter
        label={t('adjustments.show')}
        value={filter}
        onChange={(v) => setFilter(v === 'all' ? 'all' : 'proposed')}
      >
        <option value="proposed">{t('adjustments.waiting')}</option>
        <option value="all">{t('adjustments.all')}</option>
      </ShowFilter>
      <NoticeLine notice={notice} />
      <DataTable
        rows={data?.adjustments}
        empty={t('adjustments.empty')}
        testId="adjustments"
        columns={[
          { label: t('adjustments.id'), num: true },
          { label: t('adjustments.player') },
          { label: t('adjustments.amount'), num: true },
          { label: t('adjustments.reason') },
          { label: t('adjustments.proposedAt') },
          { label: t('adjustments.status') },
          mayDecide && { label: t('actions') },
        ]}
        row={(a) => (
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
                ) : (
                  <DecisionCell
                    id={a.id}
                    decision={decision}
                    reasonLimits={{ maxLength: 500 }}
                    onDecide={(kind) => void decide(a, kind)}
                    texts={{
                      button: { approve: t('adjustments.approve'), reject: t('adjustments.reject') },
                      label: {
                        approve: t('adjustments.approveLabel', { id: a.id, amount: money(a) }),
                        reject: t('adjustments.rejectLabel', { id: a.id, amount: money(a) }),
                      },
                      question: {
                        approve: t('adjustments.confirmApprove', {
                          amount: money(a),
                          player: `#${a.userId}`,
                        }),
                        reject: t('adjustments.confirmReject', { amount: money(a), player: `#${a.userId}` }),
                      },
                      confirm: {
                        approve: t('adjustments.approveButton'),
                        reject: t('adjustments.rejectButton'),
                      },
                      reason: t('adjustments.note'),
                    }}
                  />
                )}
              </td>
            ) : null}
          </tr>
        )}
      />
    </Panel>
  );
}

/**
 * The withdrawal queue: pending withdrawals with player and amount, oldest first; approve (which
 * pays through the provider) or reject with a reason, each confirmed with what will happen.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { useState } from 'react';
import { type Me, post, type WithdrawalRow } from './api.ts';
import styles from './Backoffice.module.css';
import { type Decision, DecisionCell, useDecision } from './ConfirmBox.tsx';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useDeskQuery, useNotice } from './desk.tsx';
import { useDateTime } from './SessionsTable.tsx';

export function WithdrawalsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const mayDecide = me.actions.includes('withdrawals.decide');
  const { data, reload } = useDeskQuery<{ items: WithdrawalRow[] }>('/withdrawals');
  const decision = useDecision();
  const { notice, report } = useNotice();
  const [busy, setBusy] = useState(false);

  const money = (w: WithdrawalRow) => format.money(BigInt(w.amountMinor), w.currency);
  const player = (w: WithdrawalRow) => (w.playerName ? `${w.playerName} (#${w.userId})` : `#${w.userId}`);

  const decide = async (w: WithdrawalRow, kind: Decision) => {
    setBusy(true);
    const answer =
      kind === 'approve'
        ? await post<{ state: string }>(`/withdrawals/${w.id}/approve`)
        : await post<{ state: string }>(`/withdrawals/${w.id}/reject`, { reason: decision.reason.trim() });
    setBusy(false);
    decision.clear();
    report(answer, (d) =>
      t(`withdrawals.${kind}d`, { id: w.id, amount: money(w), state: t(`states.${d.state}`) }),
    );
    await reload();
  };

  return (
    <Panel id="bo-withdrawals" title={t('withdrawals.title')}>
      <NoticeLine notice={notice} />
      <DataTable
        rows={data?.items}
        empty={t('withdrawals.empty')}
        testId="withdrawal-queue"
        columns={[
          { label: t('withdrawals.id') },
          { label: t('withdrawals.player') },
          { label: t('withdrawals.amount'), num: true },
          { label: t('withdrawals.method') },
          { label: t('withdrawals.requested') },
          mayDecide && { label: t('actions'), hidden: true },
        ]}
        row={(w) => (
          <tr key={w.id} data-testid={`withdrawal-${w.id}`}>
            <td className={styles.num}>{w.id}</td>
            <td>{player(w)}</td>
            <td className={styles.num}>{money(w)}</td>
            <td>{w.provider}</td>
            <td className={styles.num}>{when(w.createdAt)}</td>
            {mayDecide ? (
              <td className={styles.actions}>
                <DecisionCell
                  id={w.id}
                  decision={decision}
                  busy={busy}
                  reasonLimits={{ minLength: 3, maxLength: 200 }}
                  onDecide={(kind) => void decide(w, kind)}
                  texts={{
                    button: { approve: t('withdrawals.approve'), reject: t('withdrawals.reject') },
                    label: {
                      approve: t('withdrawals.approveLabel', { id: w.id, amount: money(w) }),
                      reject: t('withdrawals.rejectLabel', { id: w.id, amount: money(w) }),
                    },
                    question: {
                      approve: t('withdrawals.confirmApprove', { amount: money(w), player: player(w) }),
                      reject: t('withdrawals.confirmReject', { amount: money(w), player: player(w) }),
                    },
                    confirm: {
                      approve: t('withdrawals.confirmApproveButton'),
                      reject: t('withdrawals.confirmRejectButton'),
                    },
                    reason: t('withdrawals.reason'),
                  }}
                />
              </td>
            ) : null}
          </tr>
        )}
      />
    </Panel>
  );
}

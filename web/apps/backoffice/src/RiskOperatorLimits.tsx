/**
 * Operator-imposed money limits in a player's profile (issue 24): the wager, loss and deposit limits
 * an operator set, with reason, who and when; with limits.manage a form to impose one (the player
 * can then only make it stricter) and a button to lift it.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, SelectField, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import type { Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { Panel, useAction, useDeskQuery } from './desk.tsx';
import type { Profile } from './player-view.ts';
import { useDateTime } from './SessionsTable.tsx';

const MONEY_LIMIT_TYPES = [1, 2, 3, 10, 11, 12, 20, 21, 22] as const;

interface OperatorLimitRow {
  limitType: number;
  value: number;
  reason: string;
  setBy: string;
  setAt: string;
}

export function RiskOperatorLimits({
  me,
  profile,
  onChange,
}: {
  me: Me;
  profile: Profile;
  onChange(): Promise<void>;
}) {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const manage = me.actions.includes('limits.manage');
  const playerId = profile.player.id;
  const currency = (profile.player as { currency?: string }).currency ?? '';
  const { data, reload } = useDeskQuery<{ limits: OperatorLimitRow[] }>(
    `/players/${playerId}/operator-limits`,
  );
  const [type, setType] = useState('20');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const { run, shown } = useAction(async () => {
    setReason('');
    await reload();
    await onChange();
  });
  const amount = Number(value);
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= 999_999_998;
  const impose = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    void run(
      `/players/${playerId}/operator-limits`,
      { limitType: Number(type), value: amount, reason: reason.trim() },
      t('risk.limitImposed'),
    );
  };
  return (
    <Panel
      id="bo-operator-limits"
      title={t('risk.limitsTitle')}
      lead={t('risk.limitsLead')}
      testId="operator-limits"
    >
      <DataTable
        rows={data?.limits}
        empty={t('risk.noLimits')}
        columns={[
          { label: t('players.limits.kind') },
          { label: t('risk.value'), num: true },
          { label: t('risk.reasonColumn') },
          { label: t('risk.setBy') },
          manage && { label: t('actions') },
        ]}
        row={(r) => (
          <tr key={r.limitType}>
            <td>{t(`players.limits.types.${r.limitType}`)}</td>
            <td className={styles.num}>
              {format.number(r.value)} {currency}
            </td>
            <td>{r.reason}</td>
            <td>
              {r.setBy} · {when(r.setAt)}
            </td>
            {manage ? (
              <td className={styles.actions}>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={reason.trim().length < 3}
                  aria-label={t('risk.liftOf', { kind: t(`players.limits.types.${r.limitType}`) })}
                  onClick={() =>
                    void run(
                      `/players/${playerId}/operator-limits/${r.limitType}/lift`,
                      { reason: reason.trim() },
                      t('risk.limitLifted'),
                    )
                  }
                >
                  {t('risk.lift')}
                </Button>
              </td>
            ) : null}
          </tr>
        )}
      />
      {manage ? (
        <form className={styles.stack} onSubmit={impose} aria-label={t('risk.imposeLimit')}>
          <SelectField
            label={t('players.limits.kind')}
            value={type}
            onChange={(e) => setType(e.target.value)}
          >
            {MONEY_LIMIT_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`players.limits.types.${k}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('risk.valueIn', { currency })}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <TextField
            label={t('risk.reason')}
            hint={t('risk.reasonHint')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className={styles.buttons}>
            <Button type="submit" variant="primary" disabled={!valid || reason.trim().length < 3}>
              {t('risk.imposeLimit')}
            </Button>
          </div>
        </form>
      ) : null}
      {shown}
    </Panel>
  );
}

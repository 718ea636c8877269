/**
 * Operator-imposed money limits in a player's profile (issue 24): the wager, loss and deposit limits
 * an operator set, with reason, who and when; with limits.manage a form to impose one (the player
 * can then only make it stricter) and a button to lift it.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, Table, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import type { Profile } from './player-view.ts';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

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
  const te = useT('errors');
  const format = useFormat();
  const when = useDateTime();
  const manage = me.actions.includes('limits.manage');
  const playerId = profile.player.id;
  const currency = (profile.player as { currency?: string }).currency ?? '';
  const [rows, setRows] = useState<OperatorLimitRow[] | null>(null);
  const [type, setType] = useState('20');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const load = useCallback(async () => {
    const answer = await call<{ limits: OperatorLimitRow[] }>(`/players/${playerId}/operator-limits`);
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.limits);
  }, [playerId]);
  useEffect(() => {
    void load();
  }, [load]);
  const run = async (path: string, body: unknown, done: string) => {
    const answer = await post(path, body);
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok ? { kind: 'success', text: done } : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    if (answer.ok) {
      setReason('');
      await load();
      await onChange();
    }
  };
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
    <section className={styles.panel} aria-labelledby="bo-operator-limits" data-testid="operator-limits">
      <h2 id="bo-operator-limits" className={styles.subheading}>
        {t('risk.limitsTitle')}
      </h2>
      <p className={styles.muted}>{t('risk.limitsLead')}</p>
      {rows === null ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('risk.noLimits')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('players.limits.kind')}</th>
                <th scope="col" className={styles.num}>
                  {t('risk.value')}
                </th>
                <th scope="col">{t('risk.reasonColumn')}</th>
                <th scope="col">{t('risk.setBy')}</th>
                {manage ? <th scope="col">{t('actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
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
              ))}
            </tbody>
          </Table>
        </div>
      )}
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
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
    </section>
  );
}

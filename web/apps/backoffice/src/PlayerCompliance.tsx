/**
 * The compliance side of a profile: verification documents with approve/reject, limits in force
 * with an operator-imposed time-out or self-exclusion, operators' notes and the player's alert
 * cases. Changes need players.manage.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, SelectField, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import type { Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { Panel, useAction } from './desk.tsx';
import p from './Players.module.css';
import type { Profile } from './player-view.ts';
import { RiskFactorControl } from './RiskFactorControl.tsx';
import { RiskOperatorLimits } from './RiskOperatorLimits.tsx';
import { useDateTime } from './SessionsTable.tsx';

type Props = { me: Me; profile: Profile; onChange(): Promise<void> };

export function PlayerCompliance(props: Props) {
  return (
    <div className={p.grid}>
      <Documents {...props} />
      <Limits {...props} />
      <RiskOperatorLimits {...props} />
      <RiskFactorControl me={props.me} scope="player" targetId={props.profile.player.id} />
      <Notes {...props} />
      <Cases profile={props.profile} />
    </div>
  );
}

function Documents({ me, profile, onChange }: Props) {
  const t = useT('backoffice');
  const when = useDateTime();
  const manage = me.actions.includes('players.manage');
  const { run, shown } = useAction(onChange);
  const [reason, setReason] = useState('');
  const docs = profile.verification.documents as {
    id: string;
    type: string;
    state: string;
    createdAt: string;
  }[];
  const decide = (id: string, decision: 'approve' | 'reject') =>
    run(
      `/players/${profile.player.id}/documents/${id}/decide`,
      decision === 'reject' ? { decision, reason: reason.trim() } : { decision },
      t(`players.documents.${decision}d`, { id }),
    );
  return (
    <Panel
      id="bo-docs"
      title={
        <>
          {t('players.documents.title')} · {t(`players.verification.${profile.verification.group}`)}
        </>
      }
    >
      {shown}
      <DataTable
        rows={docs}
        wrap={false}
        empty={t('players.documents.empty')}
        columns={[
          { label: t('players.documents.type') },
          { label: t('players.documents.state') },
          { label: t('players.documents.uploaded') },
          manage && { label: t('actions') },
        ]}
        row={(d) => (
          <tr key={d.id}>
            <td>{t(`players.documents.types.${d.type}`)}</td>
            <td>{t(`players.documents.states.${d.state}`)}</td>
            <td className={styles.num}>{when(d.createdAt)}</td>
            {manage ? (
              <td className={styles.actions}>
                {d.state === 'pending' ? (
                  <div className={styles.buttons}>
                    <Button size="sm" onClick={() => void decide(d.id, 'approve')}>
                      {t('players.documents.approve')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={reason.trim().length < 3}
                      onClick={() => void decide(d.id, 'reject')}
                    >
                      {t('players.documents.reject')}
                    </Button>
                  </div>
                ) : null}
              </td>
            ) : null}
          </tr>
        )}
      />
      {manage && docs.some((d) => d.state === 'pending') ? (
        <TextField
          label={t('players.documents.reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      ) : null}
    </Panel>
  );
}

function Limits({ me, profile, onChange }: Props) {
  const t = useT('backoffice');
  const manage = me.actions.includes('players.manage');
  const { run, shown } = useAction(onChange);
  const [type, setType] = useState('33');
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const limits = profile.limits as {
    limitType: number;
    limitValue: number;
    limitState: string;
    endsAt: number | null;
  }[];
  const inForce = limits.filter((l) => l.limitState !== 'INACTIVE');
  const impose = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(
      `/players/${profile.player.id}/exclusion`,
      { limitType: Number(type), days: Number(days), reason: reason.trim() },
      t('players.limits.imposed'),
    );
    if (ok) setReason('');
  };
  return (
    <Panel id="bo-limits" title={t('players.limits.title')}>
      {inForce.length === 0 ? (
        <p className={styles.muted}>{t('players.limits.none')}</p>
      ) : (
        <ul>
          {inForce.map((l) => (
            <li key={l.limitType}>
              {t(`players.limits.types.${l.limitType}`)}: {l.limitValue}
              {l.limitState === 'PENDING' ? ` (${t('players.limits.pending')})` : ''}
            </li>
          ))}
        </ul>
      )}
      {manage ? (
        <form className={styles.stack} onSubmit={impose} aria-label={t('players.limits.impose')}>
          <h3 className={styles.subheading}>{t('players.limits.impose')}</h3>
          <SelectField
            label={t('players.limits.kind')}
            value={type}
            onChange={(e) => setType(e.target.value)}
          >
            <option value="33">{t('players.limits.types.33')}</option>
            <option value="30">{t('players.limits.types.30')}</option>
          </SelectField>
          <TextField
            label={t('players.limits.days')}
            type="number"
            min={1}
            max={3650}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          <TextField
            label={t('players.limits.reason')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className={styles.buttons}>
            <Button
              type="submit"
              variant="primary"
              disabled={reason.trim().length < 3 || !(Number(days) >= 1)}
            >
              {t('players.limits.imposeButton')}
            </Button>
          </div>
          {shown}
        </form>
      ) : null}
    </Panel>
  );
}

function Notes({ me, profile, onChange }: Props) {
  const t = useT('backoffice');
  const when = useDateTime();
  const { run, shown } = useAction(onChange);
  const [text, setText] = useState('');
  const notes = profile.notes as { id: string; operatorLogin: string; text: string; createdAt: string }[];
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(`/players/${profile.player.id}/notes`, { text: text.trim() }, t('players.notes.added')))
      setText('');
  };
  return (
    <Panel id="bo-notes" title={t('players.notes.title')}>
      {notes.length === 0 ? <p className={styles.muted}>{t('players.notes.empty')}</p> : null}
      <ul className={p.thread}>
        {notes.map((n) => (
          <li key={n.id} className={p.message}>
            <strong>{n.operatorLogin}</strong> · {when(n.createdAt)}
            <br />
            {n.text}
          </li>
        ))}
      </ul>
      {me.actions.includes('players.manage') ? (
        <form className={styles.stack} onSubmit={add}>
          <label className={styles.muted}>
            {t('players.notes.new')}
            <textarea
              className={p.textArea}
              value={text}
              maxLength={2000}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <div className={styles.buttons}>
            <Button type="submit" disabled={text.trim().length === 0}>
              {t('players.notes.add')}
            </Button>
          </div>
          {shown}
        </form>
      ) : null}
    </Panel>
  );
}

function Cases({ profile }: { profile: Profile }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const cases = profile.cases as { id: string; rule: string; status: string; windowStart: string }[];
  return (
    <Panel id="bo-cases" title={t('alerts.title')}>
      {cases.length === 0 ? (
        <p className={styles.muted}>{t('alerts.empty')}</p>
      ) : (
        <ul>
          {cases.map((c) => (
            <li key={c.id}>
              {t(`alerts.rules.${c.rule}`)} · {when(c.windowStart)} · {t(`alerts.statuses.${c.status}`)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

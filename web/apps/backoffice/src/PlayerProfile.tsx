/**
 * One player's profile: identity and contacts, risk flags, balances per account with a manual
 * adjustment proposal (a second operator approves it in Adjustments), then compliance (documents,
 * limits, exclusion, notes, alert cases) and activity (transfers, bets, rounds, bonuses, sessions).
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, SelectField, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { NoticeLine, Panel, useNotice } from './desk.tsx';
import { PlayerActivity } from './PlayerActivity.tsx';
import { PlayerCompliance } from './PlayerCompliance.tsx';
import p from './Players.module.css';
import type { PlayerRow, Profile } from './player-view.ts';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

export function PlayerProfile({ me, id }: { me: Me; id: string }) {
  const t = useT('backoffice');
  const [profile, setProfile] = useState<Profile | null>(null);
  const [missing, setMissing] = useState(false);
  const load = useCallback(async () => {
    const answer = await call<Profile>(`/players/${id}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setProfile(answer.data);
    else setMissing(true);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (missing) return <p role="alert">{t('players.notFound')}</p>;
  if (!profile) return <p className={styles.muted}>{t('loading')}</p>;
  const who = profile.player;
  return (
    <div className={styles.stack} data-testid="player-profile">
      <p>
        <a href="?">{t('players.back')}</a>
      </p>
      <div className={p.grid}>
        <Panel
          id="bo-identity"
          title={
            <>
              {`${who.firstName} ${who.lastName}`.trim() || t('players.noName')} · #{who.id}
            </>
          }
        >
          <ul className={p.flags} aria-label={t('players.flags')}>
            {profile.flags.length === 0 ? (
              <li className={styles.badge}>{t('players.flag.none')}</li>
            ) : (
              profile.flags.map((f) => (
                <li key={f} className={`${styles.badge} ${styles.badgeBad}`}>
                  {t(`players.flag.${f}`)}
                </li>
              ))
            )}
          </ul>
          <Identity player={who} />
        </Panel>
        <Money me={me} profile={profile} onChange={load} />
      </div>
      <PlayerCompliance me={me} profile={profile} onChange={load} />
      <PlayerActivity profile={profile} />
    </div>
  );
}

function Identity({ player }: { player: PlayerRow }) {
  const t = useT('backoffice');
  const when = useDateTime();
  return (
    <dl className={styles.pairs}>
      <dt>{t('players.accountNumber')}</dt>
      <dd>{player.accountNumber}</dd>
      <dt>{t('players.email')}</dt>
      <dd>{player.email ?? '—'}</dd>
      <dt>{t('players.phone')}</dt>
      <dd>{player.phone ?? '—'}</dd>
      <dt>{t('players.currency')}</dt>
      <dd>{player.currency}</dd>
      <dt>{t('players.registered')}</dt>
      <dd>{when(player.registeredAt)}</dd>
    </dl>
  );
}

function Money({ me, profile, onChange }: { me: Me; profile: Profile; onChange(): Promise<void> }) {
  const t = useT('backoffice');
  const format = useFormat();
  const mayPropose = me.actions.includes('adjustments.propose');
  const [account, setAccount] = useState(profile.accounts[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { notice, report } = useNotice();
  const chosen = profile.accounts.find((a) => a.id === account);
  // The form takes major units as the operator types them ("-12.50"); the API takes minor units.
  const typed = /^(-?)(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(amount.trim());
  const minor = typed ? BigInt(`${typed[1]}${typed[2]}${(typed[3] ?? '').padEnd(2, '0')}`) : null;

  const propose = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || minor === null || minor === 0n) return;
    const answer = await post<{ id: string }>('/adjustments', {
      userId: profile.player.id,
      accountId: chosen.id,
      amountMinor: minor.toString(),
      reason: reason.trim(),
    });
    if (
      report(answer, (d) => t('adjustments.proposed', { id: d.id, amount: format.money(minor, chosen.iso) }))
    ) {
      setAmount('');
      setReason('');
      await onChange();
    }
  };

  return (
    <Panel id="bo-money" title={t('players.balances')}>
      <dl className={styles.pairs} data-testid="player-balances">
        {profile.accounts.map((a) => (
          <div key={a.id} style={{ display: 'contents' }}>
            <dt>
              {a.iso} · #{a.id}
              {a.isFrozen ? ` · ${t('players.frozen')}` : ''}
            </dt>
            <dd className={styles.num} data-testid={`balance-${a.id}`}>
              {format.money(a.moneyMinor, a.iso)}
            </dd>
          </div>
        ))}
      </dl>
      {mayPropose && profile.accounts.length > 0 ? (
        <form className={styles.stack} onSubmit={propose} aria-label={t('adjustments.propose')}>
          <h3 className={styles.subheading}>{t('adjustments.propose')}</h3>
          <SelectField
            label={t('adjustments.account')}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          >
            {profile.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.iso} · #{a.id}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('adjustments.amount')}
            hint={t('adjustments.amountHint')}
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextField
            label={t('adjustments.reason')}
            name="reason"
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className={styles.buttons}>
            <Button
              type="submit"
              variant="primary"
              disabled={minor === null || minor === 0n || reason.trim().length < 3}
            >
              {t('adjustments.proposeButton')}
            </Button>
          </div>
          <NoticeLine notice={notice} />
        </form>
      ) : null}
    </Panel>
  );
}

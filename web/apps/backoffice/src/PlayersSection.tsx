/**
 * Players: search by id, a fragment of name, e-mail, phone or account number, and registration
 * date (filters kept in the address); a found player's profile opens at ?player=<id>.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { Panel } from './desk.tsx';
import { FilterForm, filtersInAddress, keepInAddress, useFormFields } from './FilterForm.tsx';
import { PlayerProfile } from './PlayerProfile.tsx';
import type { PlayerRow } from './player-view.ts';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

type Filters = Record<'id' | 'q' | 'from' | 'to', string>;
const EMPTY: Filters = { id: '', q: '', from: '', to: '' };

export function PlayersSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const { form, setForm, field } = useFormFields(EMPTY);
  const [rows, setRows] = useState<PlayerRow[] | null>(null);
  const [player, setPlayer] = useState<string | null>(null);

  const load = useCallback(async (f: Filters) => {
    const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v.trim() !== ''));
    const answer = await call<{ players: PlayerRow[] }>(`/players?${q.toString()}`);
    leaveIfSignedOut(answer);
    setRows(answer.ok ? answer.data.players : []);
  }, []);
  useEffect(() => {
    const filters = filtersInAddress(EMPTY);
    const opened =
      typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('player');
    setForm(filters);
    setPlayer(opened);
    if (!opened) void load(filters);
  }, [load, setForm]);

  if (player) return <PlayerProfile me={me} id={player} />;

  const search = () => {
    keepInAddress(form);
    setRows(null);
    void load(form);
  };

  return (
    <Panel id="bo-players" title={t('players.title')}>
      <FilterForm label={t('players.search')} submit={t('players.searchButton')} onSearch={search}>
        <TextField label={t('players.id')} inputMode="numeric" pattern="[0-9]*" {...field('id')} />
        <TextField label={t('players.text')} hint={t('players.textHint')} {...field('q')} />
        <TextField label={t('players.from')} type="date" {...field('from')} />
        <TextField label={t('players.to')} type="date" {...field('to')} />
      </FilterForm>
      <DataTable
        rows={rows}
        empty={t('players.empty')}
        testId="player-results"
        columns={[
          { label: t('players.id'), num: true },
          { label: t('players.name') },
          { label: t('players.email') },
          { label: t('players.phone') },
          { label: t('players.currency') },
          { label: t('players.registered') },
        ]}
        row={(p) => (
          <tr key={p.id}>
            <td className={styles.num}>
              <a href={`?player=${p.id}`}>{p.id}</a>
            </td>
            <td>
              <a href={`?player=${p.id}`}>
                {`${p.firstName} ${p.lastName}`.trim() || `№ ${p.accountNumber}`}
              </a>
            </td>
            <td>{p.email ?? '—'}</td>
            <td>{p.phone ?? '—'}</td>
            <td>{p.currency}</td>
            <td className={styles.num}>{when(p.registeredAt)}</td>
          </tr>
        )}
      />
    </Panel>
  );
}

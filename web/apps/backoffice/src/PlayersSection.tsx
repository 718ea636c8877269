/**
 * Players: search by id, a fragment of name, e-mail, phone or account number, and registration
 * date (filters kept in the address); a found player's profile opens at ?player=<id>.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Table, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call, type Me } from './api.ts';
import styles from './Backoffice.module.css';
import { PlayerProfile } from './PlayerProfile.tsx';
import type { PlayerRow } from './player-view.ts';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

interface Filters {
  id: string;
  q: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { id: '', q: '', from: '', to: '' };

function fromAddress(): { filters: Filters; player: string | null } {
  if (typeof window === 'undefined') return { filters: EMPTY, player: null };
  const p = new URLSearchParams(window.location.search);
  return {
    filters: { id: p.get('id') ?? '', q: p.get('q') ?? '', from: p.get('from') ?? '', to: p.get('to') ?? '' },
    player: p.get('player'),
  };
}

export function PlayersSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const [form, setForm] = useState<Filters>(EMPTY);
  const [rows, setRows] = useState<PlayerRow[] | null>(null);
  const [player, setPlayer] = useState<string | null>(null);

  const load = useCallback(async (f: Filters) => {
    const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v.trim() !== ''));
    const answer = await call<{ players: PlayerRow[] }>(`/players?${q.toString()}`);
    leaveIfSignedOut(answer);
    setRows(answer.ok ? answer.data.players : []);
  }, []);
  useEffect(() => {
    const initial = fromAddress();
    setForm(initial.filters);
    setPlayer(initial.player);
    if (!initial.player) void load(initial.filters);
  }, [load]);

  if (player) return <PlayerProfile me={me} id={player} />;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const shown = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== ''));
    window.history.replaceState(null, '', `${window.location.pathname}${shown.size ? `?${shown}` : ''}`);
    setRows(null);
    void load(form);
  };
  const field = (key: keyof Filters) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  return (
    <section className={styles.panel} aria-labelledby="bo-players">
      <h2 id="bo-players" className={styles.subheading}>
        {t('players.title')}
      </h2>
      <form className={styles.inlineForm} onSubmit={search} aria-label={t('players.search')}>
        <TextField label={t('players.id')} name="id" inputMode="numeric" pattern="[0-9]*" {...field('id')} />
        <TextField label={t('players.text')} name="q" hint={t('players.textHint')} {...field('q')} />
        <TextField label={t('players.from')} name="from" type="date" {...field('from')} />
        <TextField label={t('players.to')} name="to" type="date" {...field('to')} />
        <Button type="submit" variant="primary">
          {t('players.searchButton')}
        </Button>
      </form>
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('players.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="player-results">
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t('players.id')}
                </th>
                <th scope="col">{t('players.name')}</th>
                <th scope="col">{t('players.email')}</th>
                <th scope="col">{t('players.phone')}</th>
                <th scope="col">{t('players.currency')}</th>
                <th scope="col">{t('players.registered')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
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
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

/**
 * Casino tournaments (bonus/casino/tournaments and /{id}): the list with countdowns and prize
 * pools, and one tournament with its terms, the opt-in button, the prize table and the leaderboard
 * (top 20 and the player's own place, their row highlighted). The leaderboard reloads when the
 * tournament's topic ticks (at most a few times a second, server-throttled), and every 15 s as a
 * fallback. Client-only: the server renders the frame, the browser fetches.
 */
import { getRealtime } from '@parlay/client/realtime.ts';
import { formatDate, formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Table } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import styles from './tournaments.module.css';
import {
  type BoardRow,
  scoreValue,
  type Tournament,
  type TournamentDetail,
  timeLeft,
  tournamentsClient,
  tournamentTopic,
} from './tournaments-client.ts';

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const nameOf = (t: Tournament, lng: string) => (lng === 'ru' ? t.name.ru : t.name.en);

function Countdown({ tournament, now }: { tournament: Tournament; now: number }) {
  const t = useT('casino');
  if (tournament.status === 'scheduled')
    return <>{t('tournaments.starts_in', { time: timeLeft(Date.parse(tournament.startsAt), now) })}</>;
  if (tournament.status === 'running')
    return <>{t('tournaments.ends_in', { time: timeLeft(Date.parse(tournament.endsAt), now) })}</>;
  return <>{t(`tournaments.status_${tournament.status}`)}</>;
}

export function TournamentsList({ lng, timeZone }: { lng: string; timeZone: number }) {
  const t = useT('casino');
  const client = useMemo(() => tournamentsClient(), []);
  const [items, setItems] = useState<Tournament[] | null>(null);
  const [failed, setFailed] = useState(false);
  const now = useNow();
  useEffect(() => {
    void client.list().then((a) => (a.ok ? setItems(a.data.tournaments) : setFailed(true)));
  }, [client]);
  if (failed) return <p role="alert">{t('tournaments.load_error')}</p>;
  if (!items) return <p aria-busy="true">{t('tournaments.loading')}</p>;
  if (items.length === 0) return <p>{t('tournaments.none')}</p>;
  return (
    <ul className={styles.list} aria-label={t('tournaments.list_label')} data-testid="tournaments-list">
      {items.map((item) => (
        <li key={item.id} className={styles.card}>
          <h2>
            <a href={`/${lng}/bonus/casino/tournaments/${item.id}`}>{nameOf(item, lng)}</a>
          </h2>
          <dl className={styles.facts}>
            <dt>{t('tournaments.scoring')}</dt>
            <dd>{t(`tournaments.scoring_${item.scoring}`)}</dd>
            <dt>{t('tournaments.prize_pool')}</dt>
            <dd>{formatMoney(item.prizePoolMinor, item.currency, lng)}</dd>
            <dt>{t('tournaments.period')}</dt>
            <dd>
              {formatDate(item.startsAt, lng, timeZone)} – {formatDate(item.endsAt, lng, timeZone)}
            </dd>
            <dt>{t('tournaments.time')}</dt>
            <dd>
              <Countdown tournament={item} now={now} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Board({ detail, lng }: { detail: TournamentDetail; lng: string }) {
  const t = useT('casino');
  const { tournament, leaderboard, own } = detail;
  const rows: BoardRow[] = own && !leaderboard.some((r) => r.you) ? [...leaderboard, own] : leaderboard;
  const score = (value: string) => {
    const s = scoreValue(value, tournament.scoring);
    return s.money === null ? s.text : formatMoney(s.money, tournament.currency, lng);
  };
  if (rows.length === 0) return <p>{t('tournaments.board_empty')}</p>;
  return (
    <Table className={styles.board} data-testid="tournament-board">
      <caption>{t('tournaments.board')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tournaments.place')}</th>
          <th scope="col">{t('tournaments.player')}</th>
          <th scope="col">{t(`tournaments.score_${tournament.scoring}`)}</th>
          <th scope="col">{t('tournaments.prize')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={`${row.place}:${row.player}`}
            className={row.you ? styles.you : undefined}
            aria-current={row.you ? 'true' : undefined}
            data-you={row.you ? 'true' : undefined}
          >
            <td>{row.place}</td>
            <td>{row.you ? t('tournaments.you', { player: row.player }) : row.player}</td>
            <td>{score(row.score)}</td>
            <td>{row.prizeMinor ? formatMoney(row.prizeMinor, tournament.currency, lng) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function TournamentPage({
  id,
  lng,
  signedIn,
  timeZone,
}: {
  id: string;
  lng: string;
  signedIn: boolean;
  timeZone: number;
}) {
  const t = useT('casino');
  const client = useMemo(() => tournamentsClient(), []);
  const [detail, setDetail] = useState<TournamentDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow();
  const load = useCallback(async () => {
    const answer = await client.one(id);
    if (answer.ok) {
      setDetail(answer.data);
      setError(null);
    } else setError(answer.code === 'TOURNAMENT_NOT_FOUND' ? 'not_found' : 'load_error');
  }, [client, id]);
  useEffect(() => {
    void load();
    const stop = getRealtime().subscribe(tournamentTopic(id), () => void load());
    const stopStatus = getRealtime().onStatus((status) => {
      if (status === 'open') void load();
    });
    const timer = setInterval(() => void load(), 15_000);
    return () => {
      stop();
      stopStatus();
      clearInterval(timer);
    };
  }, [id, load]);
  const enter = async () => {
    setBusy(true);
    const answer = await client.enter(id);
    setBusy(false);
    if (answer.ok) setDetail(answer.data);
    else setError(answer.code === 'TOURNAMENT_NOT_RUNNING' ? 'not_running' : 'enter_error');
  };
  if (!detail) {
    if (error) return <p role="alert">{t(`tournaments.${error}`)}</p>;
    return <p aria-busy="true">{t('tournaments.loading')}</p>;
  }
  const { tournament } = detail;
  const open = tournament.status === 'scheduled' || tournament.status === 'running';
  const terms = lng === 'ru' ? tournament.terms.ru : tournament.terms.en;
  return (
    <div className={styles.card} data-testid="tournament">
      <h2>{nameOf(tournament, lng)}</h2>
      <dl className={styles.facts}>
        <dt>{t('tournaments.scoring')}</dt>
        <dd>{t(`tournaments.scoring_${tournament.scoring}`)}</dd>
        <dt>{t('tournaments.period')}</dt>
        <dd>
          {formatDate(tournament.startsAt, lng, timeZone, 'medium')} –{' '}
          {formatDate(tournament.endsAt, lng, timeZone, 'medium')}
        </dd>
        <dt>{t('tournaments.time')}</dt>
        <dd aria-live="off">
          <Countdown tournament={tournament} now={now} />
        </dd>
        <dt>{t('tournaments.games')}</dt>
        <dd>
          {tournament.gameIds === null
            ? t('tournaments.all_games')
            : t('tournaments.some_games', { count: tournament.gameIds.length })}
        </dd>
      </dl>
      <h3>{t('tournaments.prizes')}</h3>
      <ol className={styles.prizes} aria-label={t('tournaments.prizes')}>
        {tournament.prizesMinor.map((prize, index) => (
          <li key={String(index)}>{formatMoney(prize, tournament.currency, lng)}</li>
        ))}
      </ol>
      {terms !== '' && (
        <>
          <h3>{t('tournaments.terms')}</h3>
          <p className={styles.terms}>{terms}</p>
        </>
      )}
      <p className={styles.notice} role="status">
        {!open
          ? ''
          : tournament.entered
            ? t('tournaments.entered')
            : !tournament.optInRequired
              ? t('tournaments.open_to_all')
              : signedIn
                ? ''
                : t('tournaments.sign_in')}
      </p>
      {open && signedIn && tournament.optInRequired && !tournament.entered && (
        <Button variant="primary" onClick={() => void enter()} disabled={busy} aria-busy={busy}>
          {t('tournaments.enter')}
        </Button>
      )}
      {error && <p role="alert">{t(`tournaments.${error}`)}</p>}
      <Board detail={detail} lng={lng} />
    </div>
  );
}

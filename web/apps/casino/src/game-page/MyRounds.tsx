/**
 * "My rounds" (/my-casino): the player's casino rounds, newest first, with stake, win, the balance
 * before and after, the time, and a link to verify each in the provably fair checker.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useId, useState } from 'react';
import { roundsApi } from '../api.ts';
import { gameLabel, useGameInfos } from '../game-names.ts';
import type { RoundView } from '../games/game-ui.ts';
import styles from './GamePage.module.css';
import { moneyOf } from './money.ts';

type Load = { status: 'loading' | 'ready' | 'error'; rounds: RoundView[]; nextCursor: string | null };

export function MyRounds({
  lng,
  timeZone,
  gameId = null,
  gameName = null,
  title,
}: {
  lng: string;
  timeZone: number;
  gameId?: number | null;
  /** The name of `gameId` when the page knows it already (the game page). */
  gameName?: string | null;
  title?: string;
}) {
  const t = useT('casino');
  const format = useFormat();
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading', rounds: [], nextCursor: null });

  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const answer = await roundsApi.history({ gameId, cursor });
      setLoad((current) =>
        answer.ok
          ? {
              status: 'ready',
              rounds: cursor ? [...current.rounds, ...answer.data.rounds] : answer.data.rounds,
              nextCursor: answer.data.nextCursor,
            }
          : { ...current, status: 'error' },
      );
    },
    [gameId],
  );
  useEffect(() => {
    void fetchPage(null);
  }, [fetchPage]);
  const unnamed = gameName === null ? load.rounds.map((round) => round.gameId) : [];
  const infos = useGameInfos(lng, unnamed);
  const nameOf = (id: number) => (gameName !== null && id === gameId ? gameName : gameLabel(infos, id));

  const money = (minor: string, currency: string) => moneyOf(lng, t)(minor, currency);
  return (
    <section className={styles.rounds} aria-labelledby={headingId} data-testid="casino-my-rounds">
      <h2 id={headingId} className={styles.panelTitle}>
        {title ?? t('rounds.title')}
      </h2>
      {load.status === 'error' ? (
        <p role="alert">{t('rounds.error')}</p>
      ) : load.status === 'ready' && load.rounds.length === 0 ? (
        <p>{t('rounds.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={load.status === 'loading'}>
            <thead>
              <tr>
                <th scope="col">{t('rounds.time')}</th>
                <th scope="col">{t('rounds.game')}</th>
                <th scope="col" className={styles.num}>
                  {t('rounds.stake')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('rounds.win')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('rounds.balance_before')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('rounds.balance_after')}
                </th>
                <th scope="col">{t('rounds.verify')}</th>
              </tr>
            </thead>
            <tbody>
              {load.rounds.map((round) => (
                <tr key={round.roundId} data-round-id={round.roundId}>
                  <td>
                    <time dateTime={round.createdAt}>{timeOf(round.createdAt, timeZone, format)}</time>
                  </td>
                  <td>
                    {nameOf(round.gameId)} · {t(`rounds.mode_${round.mode}`)}
                    {round.status === 'open' ? ` · ${t('rounds.open')}` : ''}
                  </td>
                  <td className={styles.num}>{money(round.stakedMinor, round.currency)}</td>
                  <td className={styles.num}>{money(round.payoutMinor, round.currency)}</td>
                  <td className={styles.num}>{money(round.balanceBeforeMinor, round.currency)}</td>
                  <td className={styles.num}>{money(round.balanceAfterMinor, round.currency)}</td>
                  <td>
                    <a
                      href={`/${lng}/provably-fair/${encodeURIComponent(round.roundId)}`}
                      aria-label={t('rounds.verify_round', { id: round.roundId })}
                    >
                      {t('rounds.verify')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {load.nextCursor ? (
        <Button size="sm" onClick={() => void fetchPage(load.nextCursor)}>
          {t('list.more')}
        </Button>
      ) : null}
    </section>
  );
}

/** Date and time of a moment in the player's zone (whole hours, as every page of the site). */
function timeOf(at: string, zoneHours: number, format: ReturnType<typeof useFormat>): string {
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) return '';
  const local = new Date(ms + zoneHours * 3_600_000);
  const hh = String(local.getUTCHours()).padStart(2, '0');
  const mm = String(local.getUTCMinutes()).padStart(2, '0');
  return `${format.date(ms, zoneHours)} ${hh}:${mm}`;
}

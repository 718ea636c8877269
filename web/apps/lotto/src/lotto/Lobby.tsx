/** The lotto lobby: every game as a card with its rules, jackpot and the next draw's countdown. */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { EmptyState } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { lottoApi } from '../api.ts';
import { SkeletonCards, useSecondsLeft } from '../common/common.tsx';
import styles from '../LottoApp.module.css';
import type { GameView } from '../model.ts';
import { serverNowOf } from '../page-data.ts';
import { countdownText } from '../rules.ts';

/** The jackpot a winner would get now: the pool's, at least the guaranteed minimum (the house tops it up). */
export function jackpotShown(jackpotMinor: string, minimumMinor: string | null): bigint {
  const pool = BigInt(jackpotMinor);
  const minimum = minimumMinor === null ? 0n : BigInt(minimumMinor);
  return pool > minimum ? pool : minimum;
}

/** The rules of a game in one line, from its definition. */
export function RulesSummary({ game }: { game: GameView }) {
  const t = useT('lotto');
  const every =
    game.intervalSeconds >= 86_400
      ? t('rules.every_days', { count: Math.round(game.intervalSeconds / 86_400) })
      : game.intervalSeconds >= 3600
        ? t('rules.every_hours', { count: Math.round(game.intervalSeconds / 3600) })
        : t('rules.every_minutes', { count: Math.round(game.intervalSeconds / 60) });
  const text =
    game.kind === 'keno'
      ? t('rules.keno', { drawn: game.main.drawn, pool: game.main.pool, max: game.main.maxPick })
      : game.bonus
        ? t('rules.draw_bonus', { count: game.main.pick, pool: game.main.pool, bonusPool: game.bonus.pool })
        : t('rules.draw', { count: game.main.pick, pool: game.main.pool });
  return (
    <p className={styles.rules}>
      {text} {every}
    </p>
  );
}

function GameCard({
  game,
  lng,
  serverNowMs,
  onClosed,
}: {
  game: GameView;
  lng: string;
  serverNowMs: number;
  onClosed: () => void;
}) {
  const t = useT('lotto');
  const format = useFormat();
  const next = game.nextDraw;
  const seconds = useSecondsLeft(next?.closesAt ?? null, next?.secondsToClose ?? 0, serverNowMs);
  useEffect(() => {
    if (next && seconds === 0) onClosed();
  }, [next, seconds, onClosed]);
  const topMultiplier =
    game.paytable === null ? null : Math.max(...Object.values(game.paytable).flat()) / 1000;
  return (
    <li className={styles.card} data-testid={`lotto-game-${game.gameId}`}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t(`games.${game.gameId}`)}</h2>
        <span className={styles.badge}>{t(`kinds.${game.kind}`)}</span>
      </div>
      <RulesSummary game={game} />
      <dl className={styles.facts}>
        <div>
          <dt>{game.kind === 'keno' ? t('lobby.top_prize') : t('lobby.jackpot')}</dt>
          <dd className={styles.jackpot}>
            {game.kind === 'keno' && topMultiplier !== null
              ? t('lobby.times', { value: format.number(topMultiplier) })
              : next
                ? format.money(jackpotShown(next.jackpotMinor, game.minimumJackpotMinor), game.currency)
                : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('lobby.price')}</dt>
          <dd>{format.money(game.priceMinor, game.currency)}</dd>
        </div>
        <div>
          <dt>{t('lobby.sales_close')}</dt>
          <dd>
            {next ? (
              <time dateTime={next.closesAt} className={styles.countdownValue} data-testid="lotto-countdown">
                {countdownText(seconds)}
              </time>
            ) : (
              t('lobby.no_draw')
            )}
          </dd>
        </div>
      </dl>
      <div className={styles.cardActions}>
        <a className={styles.primaryLink} href={`/${lng}/lotto/${game.gameId}`}>
          {t('lobby.play')}
        </a>
        <a className={styles.link} href={`/${lng}/lotto/results?game=${game.gameId}`}>
          {t('lobby.results')}
        </a>
      </div>
    </li>
  );
}

export function Lobby({
  games: initial,
  lng,
  serverNowMs: initialNow,
}: {
  games: GameView[] | null;
  lng: string;
  serverNowMs: number;
}) {
  const t = useT('lotto');
  const [games, setGames] = useState(initial);
  const [serverNowMs, setServerNowMs] = useState(initialNow);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (initial !== null && reloads === 0) return;
    let stopped = false;
    void lottoApi.games().then((answer) => {
      if (stopped) return;
      if (answer.ok) {
        setGames(answer.data);
        setServerNowMs(serverNowOf(answer.data, Date.now()));
        setFailed(false);
      } else setFailed(true);
    });
    return () => {
      stopped = true;
    };
  }, [initial, reloads]);
  const reload = useState(() => () => setTimeout(() => setReloads((n) => n + 1), 3000))[0];
  if (games === null) {
    return failed ? (
      <EmptyState title={t('errors.load_title')} text={t('errors.load_text')} />
    ) : (
      <SkeletonCards label={t('common.loading')} />
    );
  }
  return (
    <ul className={styles.cards} data-testid="lotto-lobby">
      {games.map((game) => (
        <GameCard key={game.gameId} game={game} lng={lng} serverNowMs={serverNowMs} onClosed={reload} />
      ))}
    </ul>
  );
}

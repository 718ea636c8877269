/**
 * GET /tv/state: per game its open draw (countdown, commitment), the last drawn one (result, seed,
 * reveal length), a history of 20 results, the exact RTP of every bet type (from the definitions),
 * and the player's bets of the last draws when signed in.
 */
import {
  LOTTERY_ODDS_CENTI,
  type LotteryBet,
  lotteryRtp,
  TV_GAMES,
  type TvGame,
  WHEEL_SEGMENTS,
  WHEEL_VALUES,
  wheelRtp,
} from '@parlay/domain/casino/tv/index.ts';
import type { TvContext } from './context.ts';
import { betView, drawView, type TvBetView, type TvDrawView } from './views.ts';

export interface TvRtp {
  bet: string;
  oddsCenti: number;
  /** The exact fraction and its percent to two decimals. */
  rtp: string;
  rtpPercent: string;
}

export interface TvGameState {
  game: TvGame;
  open: TvDrawView | null;
  last: TvDrawView | null;
  history: TvDrawView[];
  rtp: TvRtp[];
}

export interface TvState {
  games: TvGameState[];
  wheelSegments: number[];
  myBets: TvBetView[];
  serverTime: number;
}

function percent(num: bigint, den: bigint): string {
  const hundredths = (num * 10_000n + den / 2n) / den;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

export function rtpTable(game: TvGame): TvRtp[] {
  if (game === 'wheel') {
    return WHEEL_VALUES.map((v) => {
      const r = wheelRtp(v);
      return {
        bet: `x${v}`,
        oddsCenti: v * 100,
        rtp: r.toString(),
        rtpPercent: percent(r.numerator, r.denominator),
      };
    });
  }
  const bets: [string, LotteryBet][] = [
    ['numbers1', { kind: 'numbers', picks: [1] }],
    ['numbers2', { kind: 'numbers', picks: [1, 2] }],
    ['numbers3', { kind: 'numbers', picks: [1, 2, 3] }],
    ['even', { kind: 'parity', pick: 'even' }],
    ['odd', { kind: 'parity', pick: 'odd' }],
    ['equal', { kind: 'parity', pick: 'equal' }],
  ];
  return bets.map(([name, bet]) => {
    const r = lotteryRtp(bet);
    const odds =
      bet.kind === 'numbers'
        ? LOTTERY_ODDS_CENTI.numbers[bet.picks.length]!
        : LOTTERY_ODDS_CENTI.parity[bet.pick];
    return { bet: name, oddsCenti: odds, rtp: r.toString(), rtpPercent: percent(r.numerator, r.denominator) };
  });
}

export async function readTvState(ctx: TvContext, userId: bigint | null): Promise<TvState> {
  const nowMs = ctx.clock.nowMs();
  const games: TvGameState[] = [];
  for (const game of TV_GAMES) {
    const reveal = ctx.schedule.revealMs[game];
    const open = await ctx.db
      .selectFrom('tv_draws')
      .selectAll()
      .where('game', '=', game)
      .where('status', '=', 'open')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const drawn = await ctx.db
      .selectFrom('tv_draws')
      .selectAll()
      .where('game', '=', game)
      .where('status', '=', 'drawn')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    games.push({
      game,
      open: open ? drawView(open, reveal) : null,
      last: drawn[0] ? drawView(drawn[0], reveal) : null,
      history: drawn.map((d) => drawView(d, reveal)),
      rtp: rtpTable(game),
    });
  }
  const myBets =
    userId === null
      ? []
      : (
          await ctx.db
            .selectFrom('tv_bets')
            .innerJoin('tv_draws', 'tv_draws.id', 'tv_bets.draw_id')
            .selectAll('tv_bets')
            .select(['tv_draws.game', 'tv_draws.draw'])
            .where('tv_bets.user_id', '=', userId)
            .orderBy('tv_bets.id', 'desc')
            .limit(20)
            .execute()
        ).map((b) => betView(b, b));
  return { games, wheelSegments: [...WHEEL_SEGMENTS], myBets, serverTime: nowMs };
}

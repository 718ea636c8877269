import { timeToReach } from '@parlay/domain/casino/crash/multiplier.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CrashCurve, curvePath } from './CrashCurve.tsx';
import { crashClient } from './crash-client.ts';
import {
  applyCrashMessage,
  cashOutPayout,
  centiText,
  HISTORY_LENGTH,
  modelFromState,
  myBet,
  parseAutoCashOut,
  verifyCrashHref,
} from './crash-state.ts';

const betting = {
  id: '77',
  game: 9,
  status: 'betting',
  bettingEndsAt: '2026-11-26T22:00:05.000Z',
  startedAt: '2026-11-26T22:00:05.000Z',
  crashPointCenti: null,
  hash: null,
  multiplierCenti: 100,
};

const state = {
  round: betting,
  bets: [
    {
      betId: '5',
      player: 'P-ab12cd',
      currency: 'FUN',
      stakeMinor: '1000',
      status: 'open',
      cashOutCenti: null,
      payoutMinor: '0',
    },
  ],
  history: [{ crashPointCenti: 230, hash: 'b'.repeat(64), game: 8 }, 101, { crashPointCenti: 1000 }],
  chainCommitment: 'f'.repeat(64),
  salt: 'salt-1',
};

describe('crash model', () => {
  it('starts from GET /crash/state', () => {
    const model = modelFromState(state)!;
    expect(model.round?.status).toBe('betting');
    expect(model.bets.map((bet) => bet.id)).toEqual(['5']);
    expect(model.history.map((p) => p.crashPointCenti)).toEqual([230, 101, 1000]);
    expect(modelFromState({ round: { id: 1, status: 'weird' } })?.round).toBeNull();
    expect(modelFromState('nope')).toBeNull();
  });

  it('follows a round through bets, ticks, a cash-out and the crash', () => {
    let model = modelFromState(state)!;
    model = applyCrashMessage(model, {
      type: 'crash.bet',
      bet: {
        betId: '6',
        roundId: '77',
        player: 'P-1',
        stakeMinor: '500',
        status: 'open',
        cashOutCenti: null,
        payoutMinor: '0',
      },
    });
    expect(model.bets.length).toBe(2);
    model = applyCrashMessage(model, { type: 'crash.round', round: { ...betting, status: 'running' } });
    model = applyCrashMessage(model, { type: 'crash.tick', roundId: '77', multiplierCenti: 150, at: 1 });
    expect(model.round?.multiplierCenti).toBe(150);
    // a late tick does not move the multiplier back; another round's tick is ignored
    model = applyCrashMessage(model, { type: 'crash.tick', roundId: '77', multiplierCenti: 140, at: 0 });
    model = applyCrashMessage(model, { type: 'crash.tick', roundId: '76', multiplierCenti: 900, at: 0 });
    expect(model.round?.multiplierCenti).toBe(150);
    model = applyCrashMessage(model, { type: 'crash.cashout', betId: '6', multiplierCenti: 175 });
    expect(model.bets.find((bet) => bet.id === '6')).toMatchObject({ cashOutCenti: 175, payoutMinor: '875' });
    model = applyCrashMessage(model, {
      type: 'crash.round',
      round: {
        ...betting,
        status: 'crashed',
        crashPointCenti: 212,
        hash: 'a'.repeat(64),
        multiplierCenti: 212,
      },
    });
    expect(model.history.slice(0, 2).map((p) => p.crashPointCenti)).toEqual([212, 230]);
    expect(model.history[0]).toEqual({ crashPointCenti: 212, hash: 'a'.repeat(64), game: 9 });
    // the same crash told twice is listed once
    model = applyCrashMessage(model, {
      type: 'crash.round',
      round: {
        ...betting,
        status: 'crashed',
        crashPointCenti: 212,
        hash: 'a'.repeat(64),
        multiplierCenti: 212,
      },
    });
    expect(model.history.filter((p) => p.crashPointCenti === 212).length).toBe(1);
    // the next round clears the bets
    model = applyCrashMessage(model, { type: 'crash.round', round: { ...betting, id: '78' } });
    expect(model.bets).toEqual([]);
    expect(model.round?.id).toBe('78');
  });

  it('keeps the last 20 crash points', () => {
    let model = modelFromState({ ...state, history: Array.from({ length: 20 }, () => 150) })!;
    model = applyCrashMessage(model, { type: 'crash.round', round: { ...betting, status: 'running' } });
    model = applyCrashMessage(model, {
      type: 'crash.round',
      round: { ...betting, status: 'crashed', crashPointCenti: 999 },
    });
    expect(model.history.length).toBe(HISTORY_LENGTH);
    expect(model.history[0]?.crashPointCenti).toBe(999);
  });

  it('links a finished game to the verifier with its hash, salt, number and the chain commitment', () => {
    const model = modelFromState(state)!;
    expect(verifyCrashHref('en', model.history[0]!, model)).toBe(
      `/en/provably-fair?hash=${'b'.repeat(64)}&salt=salt-1&game=8&commitment=${'f'.repeat(64)}#crash`,
    );
    expect(verifyCrashHref('en', model.history[1]!, model)).toBeNull();
  });

  it('finds my bet by its id or the server mark', () => {
    const model = modelFromState(state)!;
    expect(myBet(model, '5')?.id).toBe('5');
    expect(myBet(model, null)).toBeNull();
  });

  it('marks the bet GET /crash/state names as mine (after a reload)', () => {
    const myBetView = {
      betId: '5',
      roundId: '77',
      stakeMinor: '1000',
      autoCashOutCenti: 300,
      status: 'open',
      cashOutCenti: null,
      payoutMinor: '0',
    };
    const model = modelFromState({ ...state, myBet: myBetView })!;
    expect(model.bets.length).toBe(1);
    expect(myBet(model, null)).toMatchObject({ id: '5', mine: true, autoCashOutCenti: 300 });
    const other = modelFromState({ ...state, myBet: { ...myBetView, betId: '4', roundId: '76' } })!;
    expect(myBet(other, null)).toBeNull();
  });

  it('reads the auto cash-out text', () => {
    expect(parseAutoCashOut('2')).toBe(200);
    expect(parseAutoCashOut('2.5')).toBe(250);
    expect(parseAutoCashOut(' 1,01 ')).toBe(101);
    expect(parseAutoCashOut('')).toBeNull();
    expect(parseAutoCashOut('1')).toBeNaN();
    expect(parseAutoCashOut('2.345')).toBeNaN();
    expect(parseAutoCashOut('abc')).toBeNaN();
  });

  it('writes multipliers and payouts exactly', () => {
    expect(centiText(100)).toBe('1.00');
    expect(centiText(1205)).toBe('12.05');
    expect(cashOutPayout('333', 150)).toBe('499');
  });
});

describe('crash curve', () => {
  it('follows the game growth law: the curve ends at the multiplier at timeToReach', () => {
    const { points, maxMs } = curvePath(250);
    const last = points.split(' ').at(-1)!.split(',').map(Number);
    const x = 28 + (timeToReach(250) / maxMs) * (600 - 56);
    expect(last[0]).toBeCloseTo(x, 0);
    // rises monotonically
    const ys = points.split(' ').map((p) => Number(p.split(',')[1]));
    expect(ys.every((y, i) => i === 0 || y <= ys[i - 1]!)).toBe(true);
  });

  it('renders the multiplier and names the picture', () => {
    const html = renderToStaticMarkup(
      <CrashCurve running multiplierCenti={312} crashed={false} label="Multiplier 3.12×" caption="Rising" />,
    );
    expect(html).toContain('aria-label="Multiplier 3.12×"');
    expect(html).toContain('3.12×');
    expect(html).toContain('<polyline');
  });
});

describe('crash client', () => {
  it('sends the Idempotency-Key and the body, and reads error codes', async () => {
    const calls: { path: string; init: unknown }[] = [];
    const client = crashClient(async (path, init) => {
      calls.push({ path, init });
      return path.endsWith('/bets')
        ? {
            status: 409,
            json: async () => ({
              error: { code: 'CASINO_CRASH_NOT_ACCEPTING', key: 'errors.casino_crash_not_accepting' },
            }),
          }
        : { status: 200, json: async () => ({ betId: '9' }) };
    });
    const bet = await client.bet({ stakeMinor: '100', autoCashOutCenti: 200, mode: 'real' }, 'key-1');
    expect(bet).toEqual({
      ok: false,
      status: 409,
      code: 'CASINO_CRASH_NOT_ACCEPTING',
      key: 'errors.casino_crash_not_accepting',
    });
    const cash = await client.cashOut('9', 'key-2');
    expect(cash.ok).toBe(true);
    expect(calls).toEqual([
      {
        path: '/web-api/casino/v1/crash/bets',
        init: {
          method: 'POST',
          body: { stakeMinor: '100', autoCashOutCenti: 200, mode: 'real' },
          headers: { 'idempotency-key': 'key-1' },
        },
      },
      {
        path: '/web-api/casino/v1/crash/bets/9/cash-out',
        init: { method: 'POST', body: {}, headers: { 'idempotency-key': 'key-2' } },
      },
    ]);
  });
});

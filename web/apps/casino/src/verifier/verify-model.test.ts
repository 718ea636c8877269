import { gameHash, planChain } from '@parlay/domain/casino/crash/chain.ts';
import { crashPointCenti } from '@parlay/domain/casino/crash/crash-point.ts';
import { inHouseGame } from '@parlay/domain/casino/engine/registry.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { commitment } from '@parlay/domain/casino/fair/seeds.ts';
import { describe, expect, it } from 'vitest';
import type { RoundView } from '../games/game-ui.ts';
import {
  canonicalJson,
  checkCrash,
  checkRound,
  parseVerifyData,
  replay,
  screenRound,
  verifiableGames,
} from './verify-model.ts';

const SEED = '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f';

function serverRound(engineId: string, params: unknown, actions: unknown[], nonce = 7): RoundView {
  const game = inHouseGame(engineId)!;
  const state = game.play(
    game.parseParams(params),
    100n,
    actions.map((a) => game.parseAction(a)),
    new FairRandom(new FairByteStream({ serverSeed: SEED, clientSeed: 'lucky-player', nonce })),
  );
  return {
    roundId: '900',
    gameId: 1,
    engineId,
    mode: 'demo',
    status: state.finished ? 'finished' : 'open',
    stakeMinor: '100',
    stakedMinor: state.stakedMinor.toString(),
    payoutMinor: state.payoutMinor.toString(),
    allowed: [...state.allowed],
    view: state.view,
    params: params as never,
    currency: 'FUN',
    balanceBeforeMinor: '0',
    balanceAfterMinor: '0',
    nonce,
    commitment: commitment(SEED),
    clientSeed: 'lucky-player',
    createdAt: '2026-11-26T22:00:00.000Z',
    finishedAt: '2026-11-26T22:00:01.000Z',
  };
}

function verifyAnswer(result: RoundView, actions: unknown[], overrides: Record<string, unknown> = {}) {
  return parseVerifyData({
    roundId: result.roundId,
    gameId: result.gameId,
    params: result.params,
    stakeMinor: '100',
    actions,
    nonce: result.nonce,
    clientSeed: 'lucky-player',
    commitment: commitment(SEED),
    serverSeed: SEED,
    result,
    ...overrides,
  })!;
}

describe('replay in the browser', () => {
  it('reproduces the README round: dice 68.26 from the first four bytes', () => {
    const answer = replay({
      engineId: 'dice',
      serverSeed: SEED,
      clientSeed: 'lucky-player',
      nonce: 7,
      stakeMinor: '100',
      params: { direction: 'under', target: 5000 },
      actions: [],
    });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect((answer.result.view as { roll: number }).roll).toBe(6826);
    expect(answer.result.firstBlock).toBe('8197c36a2310f2d3f9c51b7c44d34992adb405b3e16241fe9433239e16c9b643');
    expect(answer.result.commitment.startsWith('bc241bca')).toBe(true);
  });

  it('names what is wrong with the input', () => {
    const base = {
      engineId: 'dice',
      serverSeed: SEED,
      clientSeed: 'x',
      nonce: 0,
      stakeMinor: '100',
      params: { direction: 'under', target: 5000 },
      actions: [],
    };
    const problem = (input: Partial<typeof base>) => {
      const answer = replay({ ...base, ...input });
      return answer.ok ? 'ok' : answer.problem;
    };
    expect(problem({})).toBe('ok');
    expect(problem({ engineId: 'nope' })).toBe('unknown_game');
    expect(problem({ serverSeed: 'abc' })).toBe('server_seed');
    expect(problem({ clientSeed: 'a:b' })).toBe('client_seed');
    expect(problem({ nonce: -1 })).toBe('nonce');
    expect(problem({ stakeMinor: '0' })).toBe('stake');
    expect(problem({ params: { direction: 'sideways' } as never })).toBe('params');
    expect(problem({ actions: [{ type: 'x' }] as never })).toBe('actions');
  });

  it('lists every in-house game of the registry', () => {
    expect(verifiableGames()).toEqual(
      expect.arrayContaining(['dice', 'limbo', 'roulette', 'keno', 'mines', 'plinko']),
    );
  });
});

describe('checkRound', () => {
  it('says reproduced when the server result is the replay (a mines round with decisions)', () => {
    const actions = [{ type: 'reveal', tile: 3 }];
    const result = serverRound('mines', { mines: 1 }, actions);
    const check = checkRound(verifyAnswer(result, actions));
    expect(check.kind).toBe('checked');
    if (check.kind === 'checked') expect(check.differences).toEqual([]);
  });

  it('shows each field the server got wrong', () => {
    const result = serverRound('dice', { direction: 'under', target: 5000 }, []);
    const forged = {
      ...result,
      payoutMinor: '198',
      view: { ...(result.view as object), roll: 1234, win: true },
    };
    const check = checkRound(verifyAnswer(forged, []));
    expect(check.kind).toBe('checked');
    if (check.kind === 'checked') {
      expect(check.differences.map((d) => d.field)).toEqual(['payoutMinor', 'view']);
      expect(check.differences[0]).toMatchObject({ server: '"198"', replay: '"0"' });
    }
  });

  it('refuses a seed that is not the committed one, and waits for an unrevealed seed', () => {
    const result = serverRound('dice', { direction: 'under', target: 5000 }, []);
    const other = 'a'.repeat(64);
    const mismatch = checkRound(verifyAnswer(result, [], { serverSeed: other }));
    expect(mismatch).toEqual({ kind: 'commitment_mismatch', computed: commitment(other) });
    expect(checkRound(verifyAnswer(result, [], { serverSeed: null })).kind).toBe('not_revealed');
  });

  it('refuses an answer of another shape', () => {
    expect(parseVerifyData({ roundId: 1 })).toBeNull();
    expect(parseVerifyData(null)).toBeNull();
  });

  it('compares JSON whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  });
});

describe('checkCrash', () => {
  const plan = planChain('1'.repeat(64), 50, 10);
  const salt = 'public-salt';

  it('gives the crash point and follows the chain back to the commitment', () => {
    const hash = gameHash(plan, 17);
    const result = checkCrash({ hash, salt, game: '17', commitment: plan.commitment });
    expect(result).toEqual({ ok: true, crashPointCenti: crashPointCenti(hash, salt), chainOk: true });
    expect(checkCrash({ hash, salt, game: '16', commitment: plan.commitment })).toMatchObject({
      chainOk: false,
    });
    expect(checkCrash({ hash, salt, game: '', commitment: '' })).toMatchObject({ chainOk: null });
  });

  it('names bad input', () => {
    expect(checkCrash({ hash: 'xyz', salt, game: '', commitment: '' })).toEqual({
      ok: false,
      problem: 'hash',
    });
    expect(checkCrash({ hash: gameHash(plan, 1), salt, game: '0', commitment: plan.commitment })).toEqual({
      ok: false,
      problem: 'game',
    });
  });
});

describe('the round drawn on the game screen', () => {
  it('is the replay computed here, with no decision left, once the round is checked', () => {
    const actions = [{ type: 'reveal', tile: 3 }];
    const server = serverRound('mines', { mines: 1 }, actions);
    const data = verifyAnswer(server, actions)!;
    const check = checkRound(data);
    if (check.kind !== 'checked') throw new Error(`not checked: ${check.kind}`);
    const tampered = { ...data, result: { ...server, view: { tampered: true }, payoutMinor: '999' } };
    const shown = screenRound(tampered, check.replay);
    expect(shown.view).toEqual(check.replay.view);
    expect(shown.payoutMinor).toBe(check.replay.payoutMinor);
    expect(shown.status).toBe(check.replay.finished ? 'finished' : 'open');
    expect(shown.allowed).toEqual([]);
    expect(shown.currency).toBe('FUN');
  });

  it('is the server answer, with no decision left, while the seed is hidden', () => {
    const server = serverRound('dice', { direction: 'under', target: 5000 }, []);
    const shown = screenRound(verifyAnswer(server, [], { serverSeed: null })!, null);
    expect(shown.view).toEqual(server.view);
    expect(shown.allowed).toEqual([]);
  });
});

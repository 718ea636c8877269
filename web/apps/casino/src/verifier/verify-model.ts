/**
 * The verifier's pure work, run in the browser: replay an in-house round from its seeds with the
 * domain's own game (inHouseGame(engineId).play over FairRandom(FairByteStream(seeds))), check the
 * revealed server seed against the commitment shown before play, and compare the replay with what
 * the server answered. Nothing here trusts the server: the seeds, parameters and decisions are the
 * only inputs, and the server's result is only compared against.
 */
import { verifyCrashGame } from '@parlay/domain/casino/crash/chain.ts';
import type { Json, RoundState } from '@parlay/domain/casino/engine/in-house-game.ts';
import { IN_HOUSE_GAMES, inHouseGame } from '@parlay/domain/casino/engine/registry.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { toHex } from '@parlay/domain/casino/fair/encoding.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { commitment, isClientSeed, isServerSeed, verifyReveal } from '@parlay/domain/casino/fair/seeds.ts';
import type { RoundView } from '../games/game-ui.ts';

/** The ids of the games the verifier can replay (crash has its own form). */
export function verifiableGames(): string[] {
  return IN_HOUSE_GAMES.map((game) => game.id);
}

export interface ReplayInput {
  readonly engineId: string;
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  readonly stakeMinor: string;
  readonly params: Json;
  readonly actions: readonly Json[];
}

/** What a replay tells the player, in the same shape as the server's round (money as text). */
export interface ReplayResult {
  readonly finished: boolean;
  readonly stakedMinor: string;
  readonly payoutMinor: string;
  readonly allowed: readonly string[];
  readonly view: Json;
  /** The first HMAC block (cursor 0) in hex, to compare with openssl by hand. */
  readonly firstBlock: string;
  /** SHA-256 of the server seed as typed: the commitment it must match. */
  readonly commitment: string;
}

export type ReplayAnswer =
  | { readonly ok: true; readonly result: ReplayResult }
  | { readonly ok: false; readonly problem: ReplayProblem; readonly detail?: string };

export type ReplayProblem =
  | 'unknown_game'
  | 'server_seed'
  | 'client_seed'
  | 'nonce'
  | 'stake'
  | 'params'
  | 'actions'
  | 'rule';

function stateText(
  state: RoundState,
): Pick<ReplayResult, 'finished' | 'stakedMinor' | 'payoutMinor' | 'allowed' | 'view'> {
  return {
    finished: state.finished,
    stakedMinor: state.stakedMinor.toString(),
    payoutMinor: state.payoutMinor.toString(),
    allowed: [...state.allowed],
    view: state.view,
  };
}

/** Replays a round from its seeds, parameters and decisions. */
export function replay(input: ReplayInput): ReplayAnswer {
  const game = inHouseGame(input.engineId);
  if (!game) return { ok: false, problem: 'unknown_game' };
  if (!isServerSeed(input.serverSeed)) return { ok: false, problem: 'server_seed' };
  if (!isClientSeed(input.clientSeed)) return { ok: false, problem: 'client_seed' };
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) return { ok: false, problem: 'nonce' };
  if (!/^\d{1,30}$/.test(input.stakeMinor) || BigInt(input.stakeMinor) < 1n)
    return { ok: false, problem: 'stake' };
  let params: Json;
  let actions: Json[];
  try {
    params = game.parseParams(input.params);
  } catch (error) {
    return { ok: false, problem: 'params', detail: messageOf(error) };
  }
  try {
    actions = input.actions.map((action) => game.parseAction(action));
  } catch (error) {
    return { ok: false, problem: 'actions', detail: messageOf(error) };
  }
  const seeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  try {
    const state = game.play(
      params,
      BigInt(input.stakeMinor),
      actions,
      new FairRandom(new FairByteStream(seeds)),
    );
    return {
      ok: true,
      result: {
        ...stateText(state),
        firstBlock: toHex(new FairByteStream(seeds).block(0)),
        commitment: commitment(input.serverSeed),
      },
    };
  } catch (error) {
    return { ok: false, problem: 'rule', detail: messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** JSON text with object keys sorted, so two equal views compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type Field = 'status' | 'stakedMinor' | 'payoutMinor' | 'allowed' | 'view';

export interface Difference {
  readonly field: Field;
  readonly server: string;
  readonly replay: string;
}

/** Where the server's round and the replay disagree (empty: reproduced). */
export function compareWithServer(server: RoundView, replayed: ReplayResult): Difference[] {
  const pairs: [Field, unknown, unknown][] = [
    ['status', server.status, replayed.finished ? 'finished' : 'open'],
    ['stakedMinor', server.stakedMinor, replayed.stakedMinor],
    ['payoutMinor', server.payoutMinor, replayed.payoutMinor],
    ['allowed', [...server.allowed], [...replayed.allowed]],
    ['view', server.view, replayed.view],
  ];
  return pairs
    .filter(([, a, b]) => canonicalJson(a) !== canonicalJson(b))
    .map(([field, a, b]) => ({ field, server: canonicalJson(a), replay: canonicalJson(b) }));
}

/** GET /verify/:roundId, as the rounds API answers it. */
export interface VerifyData {
  readonly roundId: string;
  readonly gameId: number;
  readonly engineId: string;
  readonly params: Json;
  readonly stakeMinor: string;
  readonly actions: readonly Json[];
  readonly nonce: number;
  readonly clientSeed: string;
  readonly commitment: string;
  readonly serverSeed: string | null;
  readonly result: RoundView;
}

/** Checks the answer's shape (null when it is not a verify answer). */
export function parseVerifyData(body: unknown): VerifyData | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const result = b.result as RoundView | undefined;
  if (
    typeof b.roundId !== 'string' ||
    typeof b.nonce !== 'number' ||
    typeof b.clientSeed !== 'string' ||
    typeof b.commitment !== 'string' ||
    !(typeof b.serverSeed === 'string' || b.serverSeed === null) ||
    typeof b.stakeMinor !== 'string' ||
    !Array.isArray(b.actions) ||
    typeof result !== 'object' ||
    result === null
  ) {
    return null;
  }
  const engineId = typeof b.engineId === 'string' ? b.engineId : result.engineId;
  if (typeof engineId !== 'string') return null;
  return {
    roundId: b.roundId,
    gameId: typeof b.gameId === 'number' ? b.gameId : result.gameId,
    engineId,
    params: (b.params ?? null) as Json,
    stakeMinor: b.stakeMinor,
    actions: b.actions as Json[],
    nonce: b.nonce,
    clientSeed: b.clientSeed,
    commitment: b.commitment,
    serverSeed: b.serverSeed as string | null,
    result,
  };
}

export type RoundCheck =
  | { readonly kind: 'not_revealed' }
  | { readonly kind: 'commitment_mismatch'; readonly computed: string }
  | { readonly kind: 'replay_failed'; readonly answer: Extract<ReplayAnswer, { ok: false }> }
  | { readonly kind: 'checked'; readonly replay: ReplayResult; readonly differences: readonly Difference[] };

/** The whole check of a loaded round: commitment first, then the replay against the server's result. */
export function checkRound(data: VerifyData): RoundCheck {
  if (data.serverSeed === null) return { kind: 'not_revealed' };
  if (!verifyReveal(data.serverSeed, data.commitment)) {
    return {
      kind: 'commitment_mismatch',
      computed: isServerSeed(data.serverSeed) ? commitment(data.serverSeed) : '',
    };
  }
  const answer = replay({
    engineId: data.engineId,
    serverSeed: data.serverSeed,
    clientSeed: data.clientSeed,
    nonce: data.nonce,
    stakeMinor: data.stakeMinor,
    params: data.params,
    actions: data.actions,
  });
  if (!answer.ok) return { kind: 'replay_failed', answer };
  return {
    kind: 'checked',
    replay: answer.result,
    differences: compareWithServer(data.result, answer.result),
  };
}

/** Parses the form's JSON field; undefined when it is not JSON. */
export function parseJsonField(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The default parameters of a game as the form's JSON text. */
export function defaultParamsText(engineId: string): string {
  return JSON.stringify(inHouseGame(engineId)?.defaultParams ?? {}, null, 0);
}

export interface CrashCheckInput {
  readonly hash: string;
  readonly salt: string;
  readonly game: string;
  readonly commitment: string;
}

export type CrashCheck =
  | { readonly ok: true; readonly crashPointCenti: number; readonly chainOk: boolean | null }
  | { readonly ok: false; readonly problem: 'hash' | 'game' };

/** A crash game hash → its crash point, and its link to the chain's commitment when given. */
export function checkCrash(input: CrashCheckInput): CrashCheck {
  const hash = input.hash.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hash)) return { ok: false, problem: 'hash' };
  const gameText = input.game.trim();
  const commitmentText = input.commitment.trim().toLowerCase();
  let game: number | undefined;
  if (gameText !== '' || commitmentText !== '') {
    if (!/^\d{1,9}$/.test(gameText) || Number(gameText) < 1) return { ok: false, problem: 'game' };
    game = Number(gameText);
  }
  const result = verifyCrashGame({
    hash,
    salt: input.salt,
    ...(game !== undefined && commitmentText !== '' ? { game, commitment: commitmentText } : {}),
  });
  return { ok: true, crashPointCenti: result.crashPointCenti, chainOk: result.chainOk };
}

/**
 * The round the verifier draws on the game's screen: the replay computed here when there is one (the
 * server's answer otherwise), finished or not as replayed, with no decision left to take.
 */
export function screenRound(data: VerifyData, replayed: ReplayResult | null): RoundView {
  const server = data.result;
  if (!replayed) return { ...server, allowed: [] };
  return {
    ...server,
    status: replayed.finished ? 'finished' : 'open',
    stakedMinor: replayed.stakedMinor,
    payoutMinor: replayed.payoutMinor,
    view: replayed.view,
    allowed: [],
  };
}

/**
 * `parlay verify <roundId> [--url <site>]`: reproduces an in-house round from its seeds with the
 * domain's own code and compares it with what the server recorded. The verify data comes from the
 * database (the operator sees every round), or with --url from a site's public
 * /web-api/casino/v1/verify/:roundId (a round whose server seed is revealed). Prints the seeds, the
 * commitment check, the replayed outcome and "verified" or each difference; exit 0 only when verified.
 */
import type { Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import { inHouseGame } from '@parlay/domain/casino/engine/registry.ts';
import { verifyReveal } from '@parlay/domain/casino/fair/seeds.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { type VerifyData, verifyData } from './read-rounds.ts';
import { replayRound } from './round-view.ts';

export const VERIFY_USAGE =
  '  verify <roundId> [--url <site>] reproduce a casino round from its seeds (database, or a site’s public verify data)';

type Out = Pick<Console, 'log' | 'error'>;

/** JSON with sorted keys, so equal values print equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The differences between a replay of the verify data and its recorded result (empty: verified). */
export function checkRound(data: VerifyData): { differences: string[]; lines: string[] } {
  const lines: string[] = [];
  const differences: string[] = [];
  lines.push(
    `round ${data.roundId}: game ${data.gameId} (${data.engineId}), stake ${data.stakeMinor}, nonce ${data.nonce}`,
  );
  lines.push(`client seed ${data.clientSeed}`);
  lines.push(`commitment  ${data.commitment}`);
  if (data.serverSeed === null) {
    differences.push('the server seed is not revealed yet: rotate the seed pair, then verify');
    return { differences, lines };
  }
  lines.push(`server seed ${data.serverSeed}`);
  const committed = verifyReveal(data.serverSeed, data.commitment);
  lines.push(`commitment check: SHA-256(server seed) ${committed ? 'matches' : 'DOES NOT match'}`);
  if (!committed) differences.push('the server seed does not hash to the commitment');
  const game = inHouseGame(data.engineId);
  if (!game) {
    differences.push(`no in-house game ${data.engineId} in this version`);
    return { differences, lines };
  }
  const state = replayRound(
    game,
    { params: data.params, stakeMinor: BigInt(data.stakeMinor), actions: data.actions },
    { serverSeed: data.serverSeed, clientSeed: data.clientSeed, nonce: data.nonce },
  );
  const replayed = {
    status: state.finished ? 'finished' : 'open',
    stakedMinor: state.stakedMinor.toString(),
    payoutMinor: state.finished ? state.payoutMinor.toString() : '0',
    allowed: state.finished ? [] : [...state.allowed],
    view: state.view as Json,
  };
  lines.push(`replayed: ${replayed.status}, staked ${replayed.stakedMinor}, payout ${replayed.payoutMinor}`);
  lines.push(`outcome: ${canonical(replayed.view)}`);
  const recorded = data.result as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(replayed)) {
    if (canonical(value) !== canonical(recorded[field])) {
      differences.push(`${field}: recorded ${canonical(recorded[field])}, replayed ${canonical(value)}`);
    }
  }
  return { differences, lines };
}

export interface VerifySources {
  /** The database, for a round id without --url. */
  db?: () => Promise<Kysely<Database>>;
  fetch?: typeof fetch;
}

export async function runVerifyCommand(
  args: string[],
  sources: VerifySources,
  out: Out = console,
): Promise<number> {
  const urlAt = args.indexOf('--url');
  const site = urlAt >= 0 ? args[urlAt + 1] : undefined;
  const rest = urlAt >= 0 ? args.filter((_, i) => i !== urlAt && i !== urlAt + 1) : args;
  const roundId = rest[0];
  if (!roundId || !/^\d{1,18}$/.test(roundId) || rest.length > 1 || (urlAt >= 0 && !site)) {
    out.error(`usage: parlay verify <roundId> [--url <site>]\n${VERIFY_USAGE}`);
    return 1;
  }
  let data: VerifyData;
  try {
    if (site) {
      const url = new URL(`/web-api/casino/v1/verify/${roundId}`, site);
      const res = await (sources.fetch ?? fetch)(url, { headers: { accept: 'application/json' } });
      if (!res.ok) {
        out.error(`${url}: HTTP ${res.status} ${await res.text()}`);
        return 1;
      }
      data = (await res.json()) as VerifyData;
    } else {
      if (!sources.db) throw new Error('no database');
      data = await verifyData(await sources.db(), BigInt(roundId), 'operator');
    }
  } catch (err) {
    out.error(`verify: ${(err as Error).message}`);
    return 1;
  }
  const { differences, lines } = checkRound(data);
  for (const line of lines) out.log(line);
  if (differences.length === 0) {
    out.log('verified');
    return 0;
  }
  for (const difference of differences) out.error(`DIFFERENCE ${difference}`);
  return 1;
}

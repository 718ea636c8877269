/**
 * POST /web-api/casino/v1/providers/:provider/launch — the game page asks to open a provider's game:
 * real money (the signed-in player) gets a launch token (random 32 bytes, stored as its SHA-256,
 * valid LAUNCH_TTL_MS, exchanged by the provider's authenticate call) in the URL of the game's
 * iframe; demo mode gets the URL without a token (the studio plays with its own fun money, no
 * wallet). The game must be the provider's, enabled, playable, offered in the mode and in the
 * player's country (casino_provider_games.allowed_countries / blocked_countries; a guest's country is
 * unknown, so only games offered everywhere).
 *
 * Errors: CASINO_PROVIDER_NOT_FOUND, CASINO_GAME_NOT_FOUND (404, also a game not offered in the
 * country), CASINO_DEMO_ONLY / CASINO_REAL_ONLY (422), NOT_AUTHENTICATED (401), ACCOUNT_FROZEN,
 * LIMIT_SELF_EXCLUDED (403).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import { LAUNCH_TTL_MS, sha256 } from './provider-wallet.ts';
import type { ProviderRegistry } from './registry.ts';

export interface LaunchInput {
  provider: string;
  gameId: number;
  mode: 'real' | 'demo';
  userId: bigint | null;
  lang: string;
}

export interface LaunchAnswer {
  url: string;
  mode: 'real' | 'demo';
  token: string | null;
  expiresAt: string | null;
}

export interface LaunchDeps {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  limits: LimitsService;
  registry: ProviderRegistry;
}

/** Whether a country may play a game: allowed (null = everywhere) and not blocked. */
export function countryAllows(
  game: { allowed_countries: string[] | null; blocked_countries: string[] },
  country: string | null,
): boolean {
  if (country === null) return game.allowed_countries === null;
  const code = country.toUpperCase();
  if (game.blocked_countries.includes(code)) return false;
  return game.allowed_countries === null || game.allowed_countries.includes(code);
}

export async function launchGame(deps: LaunchDeps, input: LaunchInput): Promise<LaunchAnswer> {
  const provider = deps.registry.get(input.provider);
  if (!provider) throw new AppError('CASINO_PROVIDER_NOT_FOUND', undefined, { provider: input.provider });
  const game = await deps.db
    .selectFrom('casino_provider_games as pg')
    .innerJoin('casino_games as g', 'g.id', 'pg.game_id')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .select(['pg.external_id', 'pg.allowed_countries', 'pg.blocked_countries', 'g.demo', 'g.real'])
    .where('pg.game_id', '=', input.gameId)
    .where('pg.provider', '=', input.provider)
    .where('g.enabled', '=', true)
    .where('g.playable', '=', true)
    .where('p.enabled', '=', true)
    .executeTakeFirst();
  if (!game) throw new AppError('CASINO_GAME_NOT_FOUND', undefined, { gameId: input.gameId });
  const country =
    input.userId === null
      ? null
      : ((
          await deps.db
            .selectFrom('users')
            .select('country_code')
            .where('id', '=', Number(input.userId))
            .executeTakeFirst()
        )?.country_code ?? null);
  if (!countryAllows(game, country))
    throw new AppError('CASINO_GAME_NOT_FOUND', undefined, { gameId: input.gameId });
  const params = new URLSearchParams({ game: game.external_id, mode: input.mode, lang: input.lang });
  const urlOf = () => `${provider.baseUrl}${provider.baseUrl.includes('?') ? '&' : '?'}${params}`;
  if (input.mode === 'demo') {
    if (!game.demo) throw new AppError('CASINO_REAL_ONLY', undefined, { gameId: input.gameId });
    return { url: urlOf(), mode: 'demo', token: null, expiresAt: null };
  }
  if (!game.real) throw new AppError('CASINO_DEMO_ONLY', undefined, { gameId: input.gameId });
  if (input.userId === null) throw new AppError('NOT_AUTHENTICATED');
  const userId = input.userId;
  if (await deps.limits.isLocked(userId)) throw new AppError('LIMIT_SELF_EXCLUDED');
  const view = await deps.ledger.accounts(userId);
  const account = view.activeAccount ?? view.mainAccount;
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND');
  if (account.isFrozen) throw new AppError('ACCOUNT_FROZEN');
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LAUNCH_TTL_MS);
  await deps.db
    .insertInto('casino_provider_launches')
    .values({
      token_hash: sha256(token),
      provider: input.provider,
      user_id: userId,
      account_id: account.id,
      currency: account.iso,
      game_id: input.gameId,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      session_hash: null,
    })
    .execute();
  params.set('token', token);
  params.set('currency', account.iso);
  return { url: urlOf(), mode: 'real', token, expiresAt: expiresAt.toISOString() };
}

/**
 * The casino section of the back office: the catalogue's games and providers with their switches,
 * changed through the casino module's own CatalogueAdmin (its index), which rebuilds the lobby and
 * tells every process to drop its cached catalogue. Every change is audited with what it was and
 * what it became; a refused change (an unknown game, countries on an in-house game) is audited as
 * refused with its code.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { CatalogueAdmin, GameChange, OperatorGameRow } from '../casino/index.ts';
import { type AuditDetails, appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';

export interface CasinoDeskContext {
  db: Kysely<Database>;
  clock: Clock;
  catalogue: CatalogueAdmin;
}

const countriesText = (c: OperatorGameRow['countries']) =>
  c === null ? null : `allowed=${c.allowed ? c.allowed.join(',') : '*'};blocked=${c.blocked.join(',')}`;

function gameDetails(before: OperatorGameRow, after: OperatorGameRow): AuditDetails {
  const details: AuditDetails = {};
  if (before.enabled !== after.enabled) details.enabled = after.enabled;
  if (before.popularity !== after.popularity) {
    details.popularityWas = before.popularity;
    details.popularity = after.popularity;
  }
  if (before.badges.join(',') !== after.badges.join(',')) {
    details.badgesWas = before.badges.join(',');
    details.badges = after.badges.join(',');
  }
  const was = countriesText(before.countries);
  const now = countriesText(after.countries);
  if (was !== now) {
    details.countriesWas = was;
    details.countries = now;
  }
  return details;
}

async function refused(ctx: CasinoDeskContext, actor: Actor, action: string, target: string, error: unknown) {
  if (!(error instanceof AppError)) return;
  await appendAuditNow(ctx.db, ctx.clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action,
    target,
    outcome: 'refused',
    details: { code: error.code },
    ip: actor.ip,
  });
}

export async function changeGame(
  ctx: CasinoDeskContext,
  actor: Actor,
  gameId: number,
  change: GameChange,
): Promise<OperatorGameRow> {
  const target = `casino-game:${gameId}`;
  try {
    const { before, after } = await ctx.catalogue.changeGame(gameId, change);
    await appendAuditNow(ctx.db, ctx.clock.now(), {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: 'casino.game',
      target,
      outcome: 'ok',
      details: { slug: after.slug, ...gameDetails(before, after) },
      ip: actor.ip,
    });
    return after;
  } catch (error) {
    await refused(ctx, actor, 'casino.game', target, error);
    throw error;
  }
}

export async function switchProvider(
  ctx: CasinoDeskContext,
  actor: Actor,
  providerId: string,
  enabled: boolean,
): Promise<void> {
  const target = `casino-provider:${providerId}`;
  try {
    const { before } = await ctx.catalogue.setProviderEnabled(providerId, enabled);
    await appendAuditNow(ctx.db, ctx.clock.now(), {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: 'casino.provider',
      target,
      outcome: 'ok',
      details: { enabledWas: before, enabled },
      ip: actor.ip,
    });
  } catch (error) {
    await refused(ctx, actor, 'casino.provider', target, error);
    throw error;
  }
}

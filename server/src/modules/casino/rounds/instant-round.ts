/**
 * POST /rounds of an instant game (slot, dice, ...: no decisions) for a signed-in player, in two
 * database calls instead of a transaction of some twenty statements (bench:casino), or one:
 *   1. one read (the game's entry comes from the catalogue's per-process cache): the owner's active
 *      seed pair, the first answer under the Idempotency-Key, a fresh round id from
 *      casino_rounds_id_seq and the player's active account (READ_SQL); skipped when this process
 *      remembers the owner's last round (RememberedRound in context.ts: its pair at the next
 *      nonce, its account and the next round id its call answered, migration 0350);
 *   2. the round played here at the pair's next nonce, its transfers prepared by the ledger
 *      (prepareTransfer), then casino_round_instant(p) (migrations 0094, 0246, 0350, 0356) writes all of
 *      it in one statement under the pair's lock, or writes nothing and says why: a replayed key
 *      ('duplicate': its first answer), a pair, nonce or account that moved since it was read or
 *      remembered ('stale': read and played again). A round played from memory that is refused
 *      before or by the call is played again from the read, so a replayed key still answers its
 *      first answer whatever the checks would say now.
 * When the route deferred the session's check (auth's deferSession, startRoundOfSession), both
 * statements run auth_session_check first (migrations 0355, 0356) and their verdict is admitted
 * before their answer is used: no session read before the round.
 * A player with an active money bonus plays here too when the bonus wallet offers `instant`
 * (bonuses/instant-wagering.ts, docs/bonuses.md §4): its state is the one this process wrote
 * last, or read beside the first read (batched; none for a player known to hold no bonus), the
 * wallet plans the round's bonus part
 * (what bonus money covers of the stake, its transfers, wagering, conversion, points) and the call
 * writes the plan with the round (p->'bonus', migrations 0245 and 0246); the real-money stake is
 * the rest. A pair whose nonce moved since the read (another round of the owner), or a bonus that
 * changed ('bonus_stale'), is read and played again, STALE_ATTEMPTS times; so is a call that a
 * deadlock rolled back (the call locks the round's accounts in id order, 0246, so two instant
 * rounds cannot deadlock each other). Answers null when the
 * round takes the full path (start-round.ts), which answers the same way: a decisions game, demo
 * mode, a bonus wallet without `instant` that is engaged with the player, a stake above the
 * bonus's maximum bet (refused there), a player with any limit row (the limits service decides
 * there), a pair or bonus that kept moving. An owner's first round creates its seed pair first (as
 * GET /fairness does).
 *
 * Errors: as startRound (CASINO_IDEMPOTENCY_MISMATCH, CASINO_ROUND_OPEN, CASINO_MIN_ROUND_INTERVAL,
 * CASINO_STAKE_*, CASINO_RULE, INSUFFICIENT_FUNDS, ACCOUNT_FROZEN, ACCOUNT_NOT_FOUND, ...).
 */
import type { InHouseGame, Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import { CompiledQuery } from 'kysely';
import { PREPARED_MARKER } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { DeferredSession } from '../../auth/index.ts';
import { type InstantBonus, type InstantBonusPlan, NO_BONUS_WALLET } from './bonus-wallet.ts';
import type { RememberedRound, RoundsContext } from './context.ts';
import { activePair, type SeedPairRow } from './fairness.ts';
import type { CasinoGameEntry } from './game-lookup.ts';
import { type Jurisdiction, jurisdictionOf } from './jurisdiction.ts';
import { stateOf, underRules, viewOf } from './round-steps.ts';
import type { RoundRow, RoundView } from './round-view.ts';
import { IN_HOUSE_PROVIDER, moveHash, type WalletPlayer } from './seamless-wallet.ts';
import { rememberRoundAccount } from './tell-finished.ts';

const STALE_ATTEMPTS = 3;
/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/**
 * One prepared statement: the owner's active pair (listed columns), the key's first answer, a new
 * round id and the player's active account (as Ledger.accounts' activeAccount ?? mainAccount: the
 * active one, else the main one, first by type and id). The account columns are read here instead
 * of a second statement beside this one (bench:casino: one database round trip less per round); a
 * documented exception to "no other module's tables" (docs/architecture.md), as the database
 * function it feeds (0094) already reads ledger_accounts. The row is always there: its pair and
 * account columns are null when the owner has none.
 */
const READ_SQL = `${PREPARED_MARKER} select p.id, p.owner_key, p.server_seed, p.commitment, p.client_seed,
  p.next_nonce, p.created_at, p.revealed_at, r.request_hash, r.answer,
  nextval('casino_rounds_id_seq') as round_id,
  a.id as account_id, a.currency as account_currency, a.is_frozen as account_frozen,
  case when $4::text is null then null
    else auth_session_check($4::text, $3::bigint, $5::timestamptz, $6::timestamptz) end as session_status
from (select 1) as one
left join casino_seed_pairs p on p.owner_key = $1 and p.revealed_at is null
left join casino_requests r on r.owner_key = $1 and r.idempotency_key = $2
left join lateral (
  select la.id, la.currency, la.is_frozen from ledger_accounts la
  where la.kind = 'user' and la.user_id = $3 and la.closed_at is null
    and (la.is_active or coalesce(la.type, 0) = 0)
  order by la.is_active desc, la.type, la.id
  limit 1
) a on true`;

const PLAY_SQL = `${PREPARED_MARKER} select status, detail, answer, session from casino_round_instant($1::jsonb)`;

/** Entries kept per process before the memory is emptied (one entry per recently playing owner). */
const REMEMBERED_MAX = 50_000;

/** The read's row; the pair's columns are null when the owner has no active pair yet. */
interface ReadRow extends Omit<SeedPairRow, 'id'> {
  id: bigint | null;
  request_hash: string | null;
  answer: RoundView | null;
  round_id: bigint;
  account_id: bigint | null;
  account_currency: string | null;
  account_frozen: boolean | null;
  /** auth_session_check's verdict (migration 0355) when the round carries a deferred session. */
  session_status: string | null;
}

/** The checks of POST /rounds that start-round.ts shares with this path, so both refuse alike. */
export interface InstantChecks {
  /** The catalogue game and its engine, offered for real money (CASINO_GAME_NOT_FOUND, ...). */
  game(): Promise<{ game: InHouseGame; entry: CasinoGameEntry }>;
  /** The stake checked against the game's and the jurisdiction's limits (CASINO_STAKE_*). */
  stake(entry: CasinoGameEntry, currency: string, settings: Jurisdiction): bigint;
}

/** The read's pair, when the owner has an active one. */
function pairOf(row: ReadRow): SeedPairRow | null {
  const { id } = row;
  return id === null ? null : { ...row, id };
}

interface InstantInput {
  userId: bigint;
  ownerKey: string;
  idempotencyKey: string;
  hash: string;
  /** The request of POST /rounds (start-round.ts StartRoundRequest): its mode, stake and params. */
  request: { mode: 'real' | 'demo'; stakeMinor: string; params: unknown };
  checks: InstantChecks;
  /**
   * The request's session when the route left its check to this path's statements (auth's
   * deferSession): the read and the call check it first (auth_session_check, migrations 0355 and
   * 0356) and their verdict is admitted before anything they answer is used; a refused session
   * writes nothing and throws NOT_AUTHENTICATED (TERMS_NOT_CONFIRMED for unconfirmed terms).
   */
  session?: DeferredSession;
}

export async function startInstantRound(ctx: RoundsContext, input: InstantInput): Promise<RoundView | null> {
  if (input.request.mode !== 'real') return null;
  const remembered = ctx.instantRounds.get(input.ownerKey);
  if (!remembered) return playInstant(ctx, input, null);
  ctx.instantRounds.delete(input.ownerKey);
  try {
    return await playInstant(ctx, input, remembered);
  } catch (err) {
    // Refused while played from memory (nothing was written: the call is one statement): played
    // again from the read, which answers a replayed key's first answer before any check, as the
    // read path always does, or refuses the same way.
    if (err instanceof AppError) return playInstant(ctx, input, null);
    throw err;
  }
}

/** The read's row made from what the owner's last round left in memory (no stored answer seen). */
function rememberedRow(r: RememberedRound): ReadRow {
  return {
    ...r.pair,
    request_hash: null,
    answer: null,
    round_id: r.roundId,
    account_id: r.accountId,
    account_currency: r.currency,
    account_frozen: false,
    session_status: null,
  };
}

async function playInstant(
  ctx: RoundsContext,
  input: InstantInput,
  remembered: RememberedRound | null,
): Promise<RoundView | null> {
  // A bonus wallet takes the full path unless it plans instant rounds, or says the player has no
  // bonus to be asked about.
  const wallet = ctx.bonus;
  const { engaged, instant } = wallet;
  if (wallet !== NO_BONUS_WALLET && !engaged && !instant) return null;
  /** The player's bonus planner (null: none to ask), or true when the wallet is engaged without one. */
  const readBonus = async (fresh: boolean): Promise<InstantBonus | boolean | null> => {
    if (wallet === NO_BONUS_WALLET) return null;
    if (instant) return instant.call(wallet, input.userId, fresh);
    return engaged!.call(wallet, input.userId);
  };
  const { session } = input;
  const check = session?.checkArgs;
  // The read's row once its session verdict (if it carries the check) is admitted.
  const read = () =>
    ctx.db
      .executeQuery<ReadRow>(
        CompiledQuery.raw(READ_SQL, [
          input.ownerKey,
          input.idempotencyKey,
          input.userId.toString(),
          check?.session_id ?? null,
          check?.at ?? null,
          check?.terms_at ?? null,
        ]),
      )
      .then((r) => {
        const row = r.rows[0]!;
        session?.admit(row.session_status);
        return row;
      });
  // A replayed key answers its first answer whatever the checks would say now (as the full path).
  const [first, playable, bonus] = await Promise.allSettled([
    remembered ? rememberedRow(remembered) : read(),
    input.checks.game(),
    readBonus(false),
  ]);
  if (first.status === 'rejected') throw first.reason;
  let row: ReadRow = first.value;
  if (row.request_hash !== null) {
    if (row.request_hash !== input.hash) throw new AppError('CASINO_IDEMPOTENCY_MISMATCH');
    return row.answer;
  }
  if (playable.status === 'rejected') throw playable.reason;
  // The player's active account (as start-round.ts activeAccount), from the read.
  if (row.account_id === null || row.account_currency === null) throw new AppError('ACCOUNT_NOT_FOUND');
  if (row.account_frozen) throw new AppError('ACCOUNT_FROZEN');
  const player: WalletPlayer = {
    userId: input.userId,
    accountId: row.account_id,
    currency: row.account_currency,
  };
  const { game, entry } = playable.value;
  const settings = await jurisdictionOf(ctx.siteConfig, entry, player.currency);
  const stake = input.checks.stake(entry, player.currency, settings);
  if (bonus.status === 'rejected') throw bonus.reason;
  if (bonus.value === true) return null;
  let planner = bonus.value === false ? null : bonus.value;
  if (game.kind !== 'instant') return null;
  if (row.id === null) {
    // The owner's first round: its pair is created (autocommitted, as GET /fairness would) and read.
    await activePair(ctx.db, ctx.clock, input.ownerKey, false);
    row = await read();
  }
  const params = underRules(() => game.parseParams(input.request.params ?? game.defaultParams)) as Json;
  for (let attempt = 0; attempt < STALE_ATTEMPTS; attempt++) {
    if (row.request_hash !== null) {
      if (row.request_hash !== input.hash) throw new AppError('CASINO_IDEMPOTENCY_MISMATCH');
      return row.answer;
    }
    const pair = pairOf(row);
    if (!pair) return null;
    const now = ctx.clock.now();
    const round: RoundRow = {
      id: row.round_id,
      owner_key: input.ownerKey,
      mode: 'real',
      user_id: player.userId,
      account_id: player.accountId,
      currency: player.currency,
      game_id: entry.gameId,
      engine_id: game.id,
      seed_pair_id: pair.id,
      nonce: pair.next_nonce,
      params,
      stake,
      actions: [],
      status: 'finished',
      staked: stake,
      payout: 0n,
      raises: 0,
      allowed: [],
      view: null,
      balance_before: 0n,
      balance_after: 0n,
      created_at: now,
      finished_at: now,
    };
    const state = stateOf(game, round, [], pair);
    if (!state.finished) return null;
    const staked = state.stakedMinor;
    const payout = state.payoutMinor;
    const roundRef = `${round.id}`;
    const metadata = { provider: IN_HOUSE_PROVIDER, roundRef };
    const house = { system: 'house' as const };
    // The bonus part (what bonus money covers of the stake, ...), planned by the bonus engine.
    let plan: InstantBonusPlan | null = null;
    if (planner) {
      plan = await planner.plan({
        userId: player.userId,
        currency: player.currency,
        roundId: round.id,
        engineId: game.id,
        stakedMinor: staked,
        payoutMinor: payout,
        at: now,
      });
      if (!plan) return null;
    }
    const realStaked = staked - (plan?.coveredMinor ?? 0n);
    // Prepared together: each may look up the house account of its key's shard (first use only).
    const [stakeTransfer, winTransfer] = await Promise.all([
      realStaked > 0n
        ? ctx.ledger.prepareTransfer({
            idempotencyKey: `casino:${round.id}:stake`,
            reason: 'casino_stake',
            currency: player.currency,
            from: player.accountId,
            to: house,
            amountMinor: realStaked,
            userId: player.userId,
            metadata,
          })
        : null,
      payout > 0n
        ? ctx.ledger.prepareTransfer({
            idempotencyKey: `casino:${round.id}:win`,
            reason: 'casino_win',
            currency: player.currency,
            from: house,
            to: player.accountId,
            amountMinor: payout,
            userId: player.userId,
            metadata,
          })
        : null,
    ]);
    const finished: RoundRow = {
      ...round,
      staked,
      payout,
      view: state.view,
    };
    // The view and params travel once: the call puts them (and the balances) into the answer.
    const {
      balanceBeforeMinor: _before,
      balanceAfterMinor: _after,
      view: _view,
      params: _params,
      ...answer
    } = viewOf(finished, pair);
    const call = {
      owner_key: input.ownerKey,
      idempotency_key: input.idempotencyKey,
      request_hash: input.hash,
      pair_id: pair.id.toString(),
      nonce: pair.next_nonce,
      round_id: round.id.toString(),
      user_id: player.userId.toString(),
      account_id: player.accountId.toString(),
      currency: player.currency,
      game_id: entry.gameId,
      engine_id: game.id,
      params,
      view: state.view,
      at: now.toISOString(),
      stake: stake.toString(),
      staked: staked.toString(),
      payout: payout.toString(),
      min_round_ms: settings.minRoundMs,
      real_staked: realStaked.toString(),
      stake_transfer: stakeTransfer?.record ?? null,
      win_transfer: winTransfer?.record ?? null,
      bet_hash: moveHash('bet', { player, roundRef, amountMinor: realStaked }),
      win_hash: moveHash('win', { player, roundRef, amountMinor: payout }),
      answer,
      ...(plan ? { bonus: plan.call } : {}),
      ...(check ? { session: check } : {}),
    };
    const accounts = [
      ...new Set([
        ...(stakeTransfer?.accounts ?? []),
        ...(winTransfer?.accounts ?? []),
        ...(plan?.accounts ?? []),
      ]),
    ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // Every account the round's transfers move is locked first, in id order (migration 0246), so
    // two instant rounds sharing house accounts never lock them in opposite orders.
    const sent = JSON.stringify({ ...call, lock_accounts: accounts.map(String) });
    const result = await ctx.ledger.postPrepared(
      { accounts },
      async () => {
        try {
          return (
            await ctx.db.executeQuery<{
              status: string;
              detail: string | null;
              answer: RoundView | null;
              session: string | null;
            }>(CompiledQuery.raw(PLAY_SQL, [sent]))
          ).rows[0]!;
        } catch (err) {
          // A deadlock with another kind of transaction rolled the whole call back: played again.
          if ((err as { code?: string }).code === DEADLOCK)
            return { status: 'stale', detail: null, answer: null, session: null };
          throw err;
        }
      },
      (r) => r.status === 'done',
    );
    // The call checked the session first (0356): a refusal ('session') wrote nothing and throws here
    // (a deadlock's row has no verdict: the round is read again, and the read checks).
    if (session && (result.session !== null || result.status !== 'stale')) session.admit(result.session);
    switch (result.status) {
      case 'done': {
        plan?.committed();
        rememberRoundAccount(result.answer!, player.accountId);
        // The owner's next round here starts from this one (0350: detail is its round id).
        if (result.detail !== null) {
          const memory = ctx.instantRounds;
          if (memory.size >= REMEMBERED_MAX) memory.clear();
          memory.set(input.ownerKey, {
            pair: { ...pair, next_nonce: pair.next_nonce + 1 },
            accountId: player.accountId,
            currency: player.currency,
            roundId: BigInt(result.detail),
          });
        }
        return result.answer!;
      }
      case 'duplicate':
        if (result.detail !== input.hash) throw new AppError('CASINO_IDEMPOTENCY_MISMATCH');
        return result.answer!;
      case 'open':
        throw new AppError('CASINO_ROUND_OPEN', undefined, { roundId: result.detail });
      case 'interval': {
        const waitMs = Number(result.detail) + settings.minRoundMs - ctx.clock.nowMs();
        if (waitMs <= 0) {
          row = await read();
          break;
        }
        throw new AppError('CASINO_MIN_ROUND_INTERVAL', undefined, {
          retryAfterMs: waitMs,
          retryAfterSeconds: Math.ceil(waitMs / 1000),
        });
      }
      case 'stale':
      case 'bonus_stale': {
        // The pair or the bonus moved since they were read: both are read again.
        const [again, fresh] = await Promise.all([read(), planner ? readBonus(true) : null]);
        row = again;
        if (fresh === true) return null;
        planner = fresh === false ? null : fresh;
        break;
      }
      default:
        return null;
    }
  }
  return null;
}

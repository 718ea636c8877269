/**
 * Wagering progress on a player's private topic, at most once a second per bonus: a player
 * spinning a slot ten times a second gets the progress bar's latest state each second (the first
 * at once, the latest of the rest when the second is over), not a message — and a durable
 * private-log row — per round. A bonus that ends (completed, forfeited, depleted) is announced at
 * once and drops any progress still waiting, so the end is always the last word.
 *
 * The interval is the process's monotonic time (a message rate, not a business rule), so tests on
 * the injected clock are not held up by it.
 */
import type { BonusContext } from './context.ts';
import { type PlayerBonusRow, publishBonus } from './player-bonuses.ts';

export const PROGRESS_MESSAGE_INTERVAL_MS = 1000;
/** Bonuses remembered per process; past it, those idle for an interval are forgotten. */
const MAX_REMEMBERED = 50_000;

interface Slot {
  lastMs: number;
  timer: ReturnType<typeof setTimeout> | null;
  latest: PlayerBonusRow | null;
}

const slotsOf = new WeakMap<BonusContext, Map<bigint, Slot>>();

const send = (ctx: BonusContext, row: PlayerBonusRow, engagementChanged: boolean) =>
  void publishBonus(ctx, row, engagementChanged).catch(() => undefined);

/** Announces a bonus changed by a committed round or settled bet (progress, or its end). */
export function announceProgress(ctx: BonusContext, row: PlayerBonusRow): void {
  let slots = slotsOf.get(ctx);
  if (!slots) {
    slots = new Map();
    slotsOf.set(ctx, slots);
  }
  const slot = slots.get(row.id);
  const nowMs = performance.now();
  if (row.status !== 'active') {
    if (slot?.timer) clearTimeout(slot.timer);
    slots.delete(row.id);
    send(ctx, row, true);
    return;
  }
  if (!slot || nowMs - slot.lastMs >= PROGRESS_MESSAGE_INTERVAL_MS) {
    if (!slot && slots.size >= MAX_REMEMBERED) forgetIdle(slots, nowMs);
    slots.set(row.id, { lastMs: nowMs, timer: null, latest: null });
    send(ctx, row, false);
    return;
  }
  slot.latest = row;
  if (slot.timer) return;
  slot.timer = setTimeout(
    () => {
      slot.timer = null;
      const latest = slot.latest;
      slot.latest = null;
      slot.lastMs = performance.now();
      if (latest) send(ctx, latest, false);
    },
    PROGRESS_MESSAGE_INTERVAL_MS - (nowMs - slot.lastMs),
  );
  slot.timer.unref?.();
}

function forgetIdle(slots: Map<bigint, Slot>, nowMs: number): void {
  for (const [id, slot] of slots) {
    if (!slot.timer && nowMs - slot.lastMs >= PROGRESS_MESSAGE_INTERVAL_MS) slots.delete(id);
  }
}

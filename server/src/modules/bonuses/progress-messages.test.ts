import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessBus } from '../../platform/bus.ts';
import { BONUS_ENGAGED_TOPIC, type BonusContext, type BonusMessage, userTopic } from './context.ts';
import type { PlayerBonusRow } from './player-bonuses.ts';
import { announceProgress, PROGRESS_MESSAGE_INTERVAL_MS } from './progress-messages.ts';

/** A money bonus row of player 7 at some progress (only what the message reads matters). */
const row = (id: bigint, progress: bigint, status = 'active') =>
  ({
    id,
    user_id: 7n,
    kind: 'money',
    status,
    progress_minor: progress,
    requirement_minor: 10_000n,
  }) as unknown as PlayerBonusRow;

describe('wagering progress messages', () => {
  let bus: InProcessBus;
  let ctx: BonusContext;
  let seen: BonusMessage[];
  let engaged: number;

  beforeEach(() => {
    vi.useFakeTimers();
    bus = new InProcessBus({ error: () => {} });
    ctx = { bus } as unknown as BonusContext;
    seen = [];
    engaged = 0;
    bus.subscribe(userTopic(7n), (m) => {
      seen.push(m as BonusMessage);
    });
    bus.subscribe(BONUS_ENGAGED_TOPIC, () => {
      engaged += 1;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('sends the first progress at once and the latest of a burst when the second is over', async () => {
    for (let p = 1n; p <= 20n; p += 1n) announceProgress(ctx, row(1n, p * 100n));
    await settle();
    expect(seen.map((m) => m.progressMinor)).toEqual(['100']);
    await vi.advanceTimersByTimeAsync(PROGRESS_MESSAGE_INTERVAL_MS);
    expect(seen.map((m) => m.progressMinor)).toEqual(['100', '2000']);
    // Progress is not a change of engagement: no process is told to forget the player's bonuses.
    expect(engaged).toBe(0);
    // Quiet for a second: the next progress goes out at once again.
    await vi.advanceTimersByTimeAsync(PROGRESS_MESSAGE_INTERVAL_MS);
    announceProgress(ctx, row(1n, 2100n));
    await settle();
    expect(seen.map((m) => m.progressMinor)).toEqual(['100', '2000', '2100']);
  });

  it('announces an end at once, drops the progress still waiting, and tells every process', async () => {
    announceProgress(ctx, row(2n, 100n));
    announceProgress(ctx, row(2n, 200n));
    announceProgress(ctx, row(2n, 10_000n, 'completed'));
    await vi.advanceTimersByTimeAsync(3 * PROGRESS_MESSAGE_INTERVAL_MS);
    expect(seen.map((m) => [m.progressMinor, m.status])).toEqual([
      ['100', 'active'],
      ['10000', 'completed'],
    ]);
    expect(engaged).toBe(1);
  });

  it('keeps bonuses apart', async () => {
    announceProgress(ctx, row(3n, 100n));
    announceProgress(ctx, row(4n, 100n));
    await settle();
    expect(seen.map((m) => m.bonusId).sort()).toEqual(['3', '4']);
  });
});

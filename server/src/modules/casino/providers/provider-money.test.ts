/**
 * Bounded payout of the provider wallet: for seeded random sequences of bets, wins, rollbacks (of
 * seen and unseen ids), replays with the same and another body, round ends and parallel batches, a
 * player's net always equals the wins accepted minus the bets accepted (less what was rolled back),
 * every answer's balance is what the provider could compute from its own answers, and the ledger's
 * check stays clean. Then the bet/win replay in parallel: one ledger move per transaction id.
 */
import { SimulationSource } from '@parlay/domain/casino/fair/fast-source.ts';
import { describe, expect, it } from 'vitest';
import { amountText } from './amounts.ts';
import { ProviderError } from './provider-errors.ts';
import type { MoveAnswer } from './provider-wallet.ts';
import { type ProviderTestApp, playerSession, setUpProviderTestApp, TEST_PROVIDER } from './test-support.ts';

let t: ProviderTestApp;
setUpProviderTestApp((app) => {
  t = app;
});

type Outcome = { ok: true; answer: MoveAnswer } | { ok: false; code: string };

async function outcome(work: Promise<MoveAnswer>): Promise<Outcome> {
  try {
    return { ok: true, answer: await work };
  } catch (err) {
    if (err instanceof ProviderError) return { ok: false, code: err.code };
    throw err;
  }
}

interface Sent {
  kind: 'bet' | 'win' | 'rollback';
  body: { transactionId: string; roundId: string; amount?: string; referenceTransactionId?: string };
  first: MoveAnswer;
}

const START = 100_00n;

/** One seeded sequence for one player; answers how many calls were accepted. */
async function playSequence(seed: number): Promise<number> {
  const rng = new SimulationSource(seed);
  const pick = (n: number) => rng.nextUint32() % n;
  const s = await playerSession(t, START);
  const session = s.sessionToken;
  // What the provider knows from its own answers.
  const moves = new Map<string, { kind: 'bet' | 'win'; amount: bigint; live: boolean; roundId: string }>();
  const tombstones = new Set<string>();
  const closed = new Set<string>();
  const sent: Sent[] = [];
  let expected = START;
  let accepted = 0;
  let next = 0;
  const id = (p: string) => `s${seed}-${p}${next++}`;
  const rounds = [`s${seed}-r0`, `s${seed}-r1`, `s${seed}-r2`];

  const apply = (kind: Sent['kind'], body: Sent['body'], res: Outcome) => {
    if (!res.ok || res.answer.replayed) return;
    accepted++;
    sent.push({ kind, body, first: res.answer });
    if (kind === 'rollback') {
      const ref = body.referenceTransactionId as string;
      const target = moves.get(ref);
      if (!target) tombstones.add(ref);
      else if (target.live) {
        target.live = false;
        expected += target.kind === 'bet' ? target.amount : -target.amount;
      }
      return;
    }
    const amount = BigInt((body.amount as string).replace('.', ''));
    moves.set(body.transactionId, { kind, amount, live: true, roundId: body.roundId });
    expected += kind === 'bet' ? -amount : amount;
  };

  const step = async (): Promise<{ kind: Sent['kind']; body: Sent['body']; res: Outcome } | null> => {
    const roundId = rounds[pick(rounds.length)] as string;
    const roll = pick(100);
    if (roll < 35) {
      const body = { transactionId: id('b'), roundId, amount: amountText(BigInt(pick(3_000)), 'RUB') };
      return {
        kind: 'bet',
        body,
        res: await outcome(t.wallet.bet(TEST_PROVIDER, { sessionToken: session, ...body })),
      };
    }
    if (roll < 60) {
      const body = { transactionId: id('w'), roundId, amount: amountText(BigInt(pick(4_000)), 'RUB') };
      return {
        kind: 'win',
        body,
        res: await outcome(t.wallet.win(TEST_PROVIDER, { sessionToken: session, ...body })),
      };
    }
    if (roll < 72) {
      // A rollback of something sent (any kind, any round) or of an id never seen.
      const known = [...moves.keys()];
      const ref = known.length > 0 && pick(3) > 0 ? (known[pick(known.length)] as string) : id('ghost');
      const body = {
        transactionId: id('rb'),
        roundId: moves.get(ref)?.roundId ?? roundId,
        referenceTransactionId: ref,
      };
      return {
        kind: 'rollback',
        body,
        res: await outcome(t.wallet.rollback(TEST_PROVIDER, { sessionToken: session, ...body } as never)),
      };
    }
    if (roll < 80 && tombstones.size > 0) {
      // The late bet of a rolled-back id: refused, nothing moves.
      const ghost = [...tombstones][pick(tombstones.size)] as string;
      const res = await outcome(
        t.wallet.bet(TEST_PROVIDER, { sessionToken: session, transactionId: ghost, roundId, amount: '1.00' }),
      );
      expect(res).toMatchObject({ ok: false });
      return null;
    }
    if (roll < 92 && sent.length > 0) {
      // A replay: the same body answers the first answer; another amount is a mismatch.
      const earlier = sent[pick(sent.length)] as Sent;
      const other = earlier.kind !== 'rollback' && pick(2) === 0;
      const body = other
        ? { ...earlier.body, amount: amountText(BigInt(pick(3_000)) + 5_000n, 'RUB') }
        : earlier.body;
      const call =
        earlier.kind === 'rollback'
          ? t.wallet.rollback(TEST_PROVIDER, { sessionToken: session, ...body } as never)
          : t.wallet[earlier.kind](TEST_PROVIDER, { sessionToken: session, ...body } as never);
      const res = await outcome(call);
      if (other) expect(res).toEqual({ ok: false, code: 'DUPLICATE_TRANSACTION_MISMATCH' });
      else {
        expect(res.ok).toBe(true);
        if (res.ok) {
          expect(res.answer.replayed).toBe(true);
          expect(res.answer.balance).toBe(earlier.first.balance);
        }
      }
      return null;
    }
    if (!closed.has(roundId)) {
      await t.wallet.endRound(TEST_PROVIDER, { sessionToken: session, roundId });
      closed.add(roundId);
      rounds.push(`s${seed}-r${rounds.length}`);
    }
    return null;
  };

  for (let i = 0; i < 45; i++) {
    if (pick(6) === 0) {
      // A parallel batch: independent new calls; the model follows their answers.
      const batch = await Promise.all([step(), step(), step()]);
      for (const b of batch) if (b) apply(b.kind, b.body, b.res);
    } else {
      const b = await step();
      if (b) {
        apply(b.kind, b.body, b.res);
        if (b.res.ok && !b.res.answer.replayed)
          expect(b.res.answer.balance).toBe(amountText(expected, 'RUB'));
      }
    }
    const balance = (await t.ledger.account(s.userId, s.accountId)).moneyMinor;
    expect(balance, `seed ${seed} step ${i}`).toBe(expected);
  }
  // The bound: what the player gained is exactly the live wins less the live bets.
  const live = [...moves.values()].filter((m) => m.live);
  const wins = live.filter((m) => m.kind === 'win').reduce((a, m) => a + m.amount, 0n);
  const bets = live.filter((m) => m.kind === 'bet').reduce((a, m) => a + m.amount, 0n);
  expect((await t.ledger.account(s.userId, s.accountId)).moneyMinor - START).toBe(wins - bets);
  return accepted;
}

describe('provider wallet money', () => {
  it('pays exactly the accepted wins less the accepted bets over seeded random sequences', async () => {
    let accepted = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) accepted += await playSequence(seed);
    // The sequences did play: most calls were accepted, not refused.
    expect(accepted).toBeGreaterThan(100);
    expect((await t.ledger.check()).differences).toEqual([]);
  }, 180_000);

  it('moves money once for a win and its rollback each fired 6 times in parallel', async () => {
    const s = await playerSession(t, START);
    const win = { sessionToken: s.sessionToken, transactionId: 'par-win', roundId: 'par-r', amount: '25.00' };
    const wins = await Promise.all(
      Array.from({ length: 6 }, () => outcome(t.wallet.win(TEST_PROVIDER, win))),
    );
    expect(wins.every((w) => w.ok)).toBe(true);
    const rollback = {
      sessionToken: s.sessionToken,
      transactionId: 'par-rb',
      referenceTransactionId: 'par-win',
      roundId: 'par-r',
    };
    const rollbacks = await Promise.all(
      Array.from({ length: 6 }, () => outcome(t.wallet.rollback(TEST_PROVIDER, rollback))),
    );
    expect(rollbacks.filter((r) => r.ok && !r.answer.replayed)).toHaveLength(1);
    const keys = await t.db
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where((eb) =>
        eb.or([
          eb('idempotency_key', 'like', `casino:${TEST_PROVIDER}:par-win%`),
          eb('idempotency_key', 'like', `casino-rollback:${TEST_PROVIDER}:par-win%`),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(keys.map((k) => k.idempotency_key)).toEqual([
      `casino:${TEST_PROVIDER}:par-win`,
      `casino-rollback:${TEST_PROVIDER}:par-win`,
    ]);
    expect((await t.ledger.account(s.userId, s.accountId)).moneyMinor).toBe(START);
  });
});

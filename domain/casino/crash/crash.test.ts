import { describe, expect, it } from 'vitest';
import { SimulationSource } from '../fair/fast-source.ts';
import { Ratio } from '../ratio.ts';
import { ReturnTally } from '../statistics.ts';
import {
  CRASH,
  chainHash,
  crashDraw,
  crashPayoutMinor,
  crashPointCenti,
  crashPointFromDraw,
  crashRtp,
  crashWinningDraws,
  decideCashOut,
  gameHash,
  multiplierAt,
  planChain,
  settleOpenBet,
  TWO_POW_52,
  timeToReach,
  verifyAgainstCommitment,
  verifyCrashGame,
  verifyLink,
} from './index.ts';

// Derived with Python's hashlib/hmac (see the commit): a 5-game chain and its crash points.
const SEED = '7d0c1f3a9b8e2d4c6a5f0e1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a493';
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const COMMITMENT = '9ccce1719f7ce3b8efeffe7e5409ff50f186d59db27ac9885580a9564ab1cc3d';
const GAMES: [number, string, bigint, number][] = [
  [1, '88c9e0888836b71a75e44d6b254c189ea934992c3ac063c62273feb333d61d48', 0xab5bf7fe2584an, 299],
  [2, '2304b307512156b0d04a071de3f6620c78f2bc71584bc5572aa13eea3cd9c6fd', 0x60b9cd1148fbcn, 159],
  [3, 'd2aa21fa5fcf20e88caa89c4b98241c694501074c6830e36dd6b34b83910e1cb', 0x5f1f99e350bc7n, 157],
  [4, 'c96d5ce3da59684d8f3c0b8b3fa8c4a3935bbf8c4dd6fdd21e7f01759cc2467a', 0xe7544920e35c5n, 1027],
  [5, SEED, 0x9553e3d67593an, 237],
];

/** Draws with crash point ≥ target, counted through the result function (monotone in r). */
function countedWinningDraws(targetCenti: number): bigint {
  let low = -1n; // largest r known to lose
  let high = TWO_POW_52; // smallest r known to win (or 2^52)
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (crashPointFromDraw(middle) >= targetCenti) high = middle;
    else low = middle;
  }
  return TWO_POW_52 - high;
}

describe('crash hash chain', () => {
  it('plans the chain and finds every game hash, as an independent implementation does', () => {
    for (const step of [1, 2, 3, 5]) {
      const plan = planChain(SEED, 5, step);
      expect(plan.commitment).toBe(COMMITMENT);
      for (const [game, hash] of GAMES) expect(gameHash(plan, game)).toBe(hash);
    }
  });

  it('each game hashes to the one before it and back to the commitment', () => {
    let previous = COMMITMENT;
    for (const [game, hash] of GAMES) {
      expect(verifyLink(hash, previous)).toBe(true);
      expect(verifyAgainstCommitment(hash, game, COMMITMENT)).toBe(true);
      expect(verifyAgainstCommitment(hash, game + 1, COMMITMENT)).toBe(false);
      previous = hash;
    }
    expect(verifyLink(GAMES[1]![1], COMMITMENT)).toBe(false);
    expect(chainHash(GAMES[0]![1])).toBe(COMMITMENT);
  });

  it('derives each crash point from the game hash and the salt', () => {
    for (const [game, hash, r, centi] of GAMES) {
      expect(crashDraw(hash, SALT)).toBe(r);
      expect(crashPointCenti(hash, SALT)).toBe(centi);
      expect(verifyCrashGame({ hash, salt: SALT, game, commitment: COMMITMENT })).toEqual({
        crashPointCenti: centi,
        chainOk: true,
      });
    }
    expect(verifyCrashGame({ hash: GAMES[2]![1], salt: SALT, game: 1, commitment: COMMITMENT }).chainOk).toBe(
      false,
    );
  });

  it('refuses bad seeds and games outside the chain', () => {
    expect(() => planChain('XYZ', 5, 1)).toThrow();
    const plan = planChain(SEED, 5, 2);
    expect(() => gameHash(plan, 0)).toThrow(RangeError);
    expect(() => gameHash(plan, 6)).toThrow(RangeError);
  });
});

describe('crash point and RTP', () => {
  it('crash point bounds: 1.00× at r = 0, capped at the top', () => {
    expect(crashPointFromDraw(0n)).toBe(100);
    expect(crashPointFromDraw(TWO_POW_52 - 1n)).toBe(CRASH.maxCrashCenti);
    expect(() => crashPointFromDraw(TWO_POW_52)).toThrow(RangeError);
    expect(() => crashPointFromDraw(-1n)).toThrow(RangeError);
  });

  it.each([100, 101, 150, 199, 200, 333, 1000, 10_000, 123_457, 999_999, 1_000_000, 1_000_001])(
    'target %i: the closed form counts the same winning draws as the crash-point function over 2^52',
    (target) => {
      expect(crashWinningDraws(target)).toBe(countedWinningDraws(target));
    },
  );

  it.each([101, 150, 200, 257, 777, 10_000, 500_000, 1_000_000])(
    'target %i returns 99 % less under T/(100·2^52)',
    (target) => {
      const rtp = crashRtp(target);
      expect(rtp.compare(CRASH.rtp)).toBeLessThanOrEqual(0);
      expect(CRASH.rtp.minus(rtp).compare(new Ratio(BigInt(target), 100n * TWO_POW_52))).toBe(-1);
    },
  );

  it('returns exactly 0.99 where T divides 99·2^52 (e.g. 1.98×, 2.56×), and 0 above the cap', () => {
    expect(crashRtp(198).equals(CRASH.rtp)).toBe(true);
    expect(crashRtp(256).equals(CRASH.rtp)).toBe(true);
    expect(crashRtp(1_000_001).equals(Ratio.ZERO)).toBe(true);
  });

  it('about 1.98 % of games never reach 1.01× (exact count)', () => {
    const instant = TWO_POW_52 - crashWinningDraws(101);
    // 1 − ⌊99·2^52/101⌋/2^52: the 1 % house edge at 1.00× plus the draws that would show 1.00.
    expect(new Ratio(instant, TWO_POW_52).toNumber()).toBeCloseTo(1 - 99 / 101, 12);
  });

  it.each([150, 200, 1000])(
    'a seeded simulation of 200,000 games at auto cash-out %i covers the exact RTP at 99 %',
    (target) => {
      const source = new SimulationSource(target * 7919);
      const tally = new ReturnTally();
      for (let i = 0; i < 200_000; i += 1) {
        const high = BigInt(source.nextUint32() >>> 12); // 20 bits
        const low = BigInt(source.nextUint32()); // 32 bits
        const crash = crashPointFromDraw((high << 32n) | low);
        tally.add(
          settleOpenBet({ stakeMinor: 100n, autoCashOutCenti: target }, crash).payoutMinor > 0n
            ? target / 100
            : 0,
        );
      }
      expect(tally.covers(crashRtp(target).toNumber())).toBe(true);
    },
  );
});

describe('multiplier over time', () => {
  it('starts at 1.00×, doubles at about 11.55 s', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(timeToReach(100)).toBe(0);
    expect(timeToReach(200)).toBe(Math.ceil(Math.log(2) / CRASH.growthPerMs));
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
  });

  it('timeToReach and multiplierAt are exact inverses for every hundredth up to 100×', () => {
    for (let c = 101; c <= 10_000; c += 1) {
      const t = timeToReach(c);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(c);
      expect(multiplierAt(t - 1)).toBeLessThan(c);
    }
  });

  it('never decreases and follows ⌊100·e^(k·t)⌋ within one hundredth', () => {
    let last = 100;
    for (let t = 0; t <= 160_000; t += 37) {
      const m = multiplierAt(t);
      expect(m).toBeGreaterThanOrEqual(last);
      expect(Math.abs(m - Math.floor(100 * Math.exp(CRASH.growthPerMs * t)))).toBeLessThanOrEqual(1);
      last = m;
    }
    expect(timeToReach(CRASH.maxCrashCenti)).toBeLessThan(160_000);
  });
});

describe('what a bet pays', () => {
  it('a manual cash-out is accepted strictly before the crash and pays the multiplier of its time', () => {
    const crash = 250;
    const end = timeToReach(crash);
    expect(decideCashOut(-1, crash)).toEqual({ ok: false, reason: 'not-running' });
    expect(decideCashOut(end, crash)).toEqual({ ok: false, reason: 'late' });
    const last = decideCashOut(end - 1, crash);
    expect(last).toEqual({ ok: true, multiplierCenti: 249 });
    expect(decideCashOut(0, 100)).toEqual({ ok: false, reason: 'late' });
    expect(crashPayoutMinor(333n, 249)).toBe((333n * 249n) / 100n);
  });

  it('an auto cash-out wins when the crash point reaches its target, at the target', () => {
    expect(settleOpenBet({ stakeMinor: 1000n, autoCashOutCenti: 200 }, 200)).toEqual({
      cashOutCenti: 200,
      payoutMinor: 2000n,
    });
    expect(settleOpenBet({ stakeMinor: 1000n, autoCashOutCenti: 201 }, 200)).toEqual({
      cashOutCenti: null,
      payoutMinor: 0n,
    });
    expect(settleOpenBet({ stakeMinor: 1000n, autoCashOutCenti: null }, 5000)).toEqual({
      cashOutCenti: null,
      payoutMinor: 0n,
    });
  });
});

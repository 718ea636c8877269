#!/usr/bin/env node
/**
 * Parlay provably fair — stand-alone round verifier. Dependency-free: Node 18+ and node:crypto only.
 * Reproduces a dice, limbo, roulette, keno, mines, plinko or slot round from its seeds, without trusting
 * the site: the bytes are HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor") for cursor 0, 1, …;
 * every draw takes 4 bytes as a big-endian u32 and keeps it only below 2^32 − (2^32 mod n) (rejection
 * sampling, no modulo bias).
 *
 *   node verify-round.mjs verify.json            the answer of GET /web-api/casino/v1/verify/<roundId>
 *   node verify-round.mjs https://<site>/web-api/casino/v1/verify/<roundId>
 *   node verify-round.mjs --game dice --server-seed <hex> --client-seed <text> --nonce 7 \
 *        --stake 100 --params '{"direction":"under","target":5000}' [--actions '[...]']
 *
 * Prints the commitment check, the outcome, the payout, and (for a verify answer) whether they match
 * the server's result; exits 1 when anything differs.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Keno paytables (multiplier in thousandths by hits) by number of picks; 10 of 40 drawn. */
export const KENO_PAYTABLES = {
  1: [0, 3960],
  2: [0, 1700, 5800],
  3: [0, 0, 1280, 67000],
  4: [0, 0, 670, 16000, 94000],
  5: [0, 0, 0, 1220, 72000, 531000],
  6: [0, 0, 0, 530, 26000, 123000, 1120000],
  7: [0, 0, 0, 510, 12000, 42000, 250000, 2910000],
  8: [0, 0, 0, 0, 730, 46000, 207000, 1530000, 10000000],
  9: [0, 0, 0, 0, 690, 22000, 80000, 454000, 4370000, 10000000],
  10: [0, 0, 0, 0, 540, 12000, 39000, 181000, 1330000, 5000000, 10000000],
};
/** Plinko multipliers (thousandths) by risk, rows and slot. */
export const PLINKO_TABLES = {
  low: {
    8: [6600, 2000, 1100, 840, 750, 840, 1100, 2000, 6600],
    9: [8100, 2500, 1300, 930, 770, 770, 930, 1300, 2500, 8100],
    10: [9700, 3100, 1500, 1100, 830, 730, 830, 1100, 1500, 3100, 9700],
    11: [11000, 3900, 1800, 1200, 910, 780, 780, 910, 1200, 1800, 3900, 11000],
    12: [13000, 4800, 2200, 1400, 1000, 820, 770, 820, 1000, 1400, 2200, 4800, 13000],
    13: [15000, 5800, 2600, 1600, 1100, 900, 790, 790, 900, 1100, 1600, 2600, 5800, 15000],
    14: [18000, 6900, 3100, 1800, 1300, 990, 820, 760, 820, 990, 1300, 1800, 3100, 6900, 18000],
    15: [20000, 8200, 3800, 2100, 1500, 1100, 880, 770, 770, 880, 1100, 1500, 2100, 3800, 8200, 20000],
    16: [22000, 9600, 4500, 2500, 1700, 1200, 970, 810, 770, 810, 970, 1200, 1700, 2500, 4500, 9600, 22000],
  },
  medium: {
    8: [8300, 3700, 1600, 650, 210, 650, 1600, 3700, 8300],
    9: [10000, 4700, 2100, 930, 370, 370, 930, 2100, 4700, 10000],
    10: [13000, 6000, 2800, 1300, 570, 250, 570, 1300, 2800, 6000, 13000],
    11: [15000, 7500, 3600, 1700, 810, 360, 360, 810, 1700, 3600, 7500, 15000],
    12: [19000, 9400, 4700, 2300, 1100, 520, 260, 520, 1100, 2300, 4700, 9400, 19000],
    13: [22000, 11000, 5900, 3000, 1500, 730, 320, 320, 730, 1500, 3000, 5900, 11000, 22000],
    14: [27000, 14000, 7400, 3900, 2000, 1000, 480, 200, 480, 1000, 2000, 3900, 7400, 14000, 27000],
    15: [32000, 17000, 9100, 4800, 2600, 1300, 660, 310, 310, 660, 1300, 2600, 4800, 9100, 17000, 32000],
    16: [
      38000, 21000, 11000, 6100, 3300, 1700, 910, 450, 220, 450, 910, 1700, 3300, 6100, 11000, 21000, 38000,
    ],
  },
  high: {
    8: [22000, 4500, 1100, 460, 340, 460, 1100, 4500, 22000],
    9: [32000, 7100, 1800, 600, 330, 330, 600, 1800, 7100, 32000],
    10: [45000, 11000, 2700, 860, 420, 300, 420, 860, 2700, 11000, 45000],
    11: [64000, 16000, 4200, 1300, 530, 330, 330, 530, 1300, 4200, 16000, 64000],
    12: [88000, 24000, 6500, 1900, 710, 390, 310, 390, 710, 1900, 6500, 24000, 88000],
    13: [121000, 34000, 9700, 2900, 1000, 480, 330, 330, 480, 1000, 2900, 9700, 34000, 121000],
    14: [164000, 48000, 14000, 4400, 1500, 620, 380, 290, 380, 620, 1500, 4400, 14000, 48000, 164000],
    15: [220000, 67000, 21000, 6500, 2200, 850, 450, 310, 310, 450, 850, 2200, 6500, 21000, 67000, 220000],
    16: [
      293000, 93000, 30000, 9600, 3200, 1200, 570, 360, 300, 360, 570, 1200, 3200, 9600, 30000, 93000, 293000,
    ],
  },
};

/** Slot reels (rows shown, one strip per reel read down from the stop) by game id. */
export const SLOT_REELS = {
  'slot-classic': {
    rows: 3,
    strips: [
      [
        'lemon',
        'bell',
        'plum',
        'orange',
        'bar',
        'cherry',
        'seven',
        'lemon',
        'bell',
        'plum',
        'orange',
        'wild',
        'bar',
        'lemon',
        'cherry',
        'bell',
        'plum',
        'orange',
        'lemon',
        'seven',
        'bar',
        'cherry',
        'bell',
        'plum',
        'orange',
        'lemon',
      ],
      [
        'bell',
        'plum',
        'cherry',
        'bar',
        'seven',
        'orange',
        'lemon',
        'bell',
        'plum',
        'cherry',
        'wild',
        'bar',
        'orange',
        'lemon',
        'bell',
        'plum',
        'cherry',
        'orange',
        'lemon',
        'seven',
        'bar',
        'bell',
        'plum',
        'cherry',
        'orange',
        'lemon',
        'orange',
        'lemon',
      ],
      [
        'bar',
        'cherry',
        'seven',
        'plum',
        'orange',
        'lemon',
        'bell',
        'wild',
        'bar',
        'plum',
        'orange',
        'lemon',
        'cherry',
        'bell',
        'plum',
        'orange',
        'lemon',
        'seven',
        'bar',
        'cherry',
        'bell',
        'plum',
        'orange',
        'lemon',
        'plum',
        'orange',
        'lemon',
        'bell',
      ],
    ],
  },
  'slot-fruits': {
    rows: 3,
    strips: [
      [
        'lemon',
        'orange',
        'plum',
        'cherry',
        'grape',
        'watermelon',
        'bell',
        'lemon',
        'orange',
        'star',
        'seven',
        'plum',
        'cherry',
        'grape',
        'lemon',
        'orange',
        'watermelon',
        'plum',
        'cherry',
        'lemon',
        'wild',
        'bell',
        'orange',
        'grape',
        'lemon',
        'plum',
        'cherry',
        'watermelon',
        'orange',
        'lemon',
        'grape',
        'star',
        'seven',
        'plum',
        'cherry',
        'orange',
        'lemon',
        'bell',
        'watermelon',
        'grape',
        'plum',
        'cherry',
        'orange',
        'lemon',
      ],
      [
        'plum',
        'grape',
        'watermelon',
        'bell',
        'cherry',
        'lemon',
        'orange',
        'wild',
        'star',
        'plum',
        'cherry',
        'seven',
        'grape',
        'lemon',
        'orange',
        'watermelon',
        'cherry',
        'plum',
        'lemon',
        'bell',
        'grape',
        'cherry',
        'orange',
        'lemon',
        'plum',
        'cherry',
        'watermelon',
        'orange',
        'wild',
        'lemon',
        'grape',
        'cherry',
        'star',
        'plum',
        'seven',
        'orange',
        'lemon',
        'cherry',
        'bell',
        'watermelon',
        'grape',
        'plum',
        'orange',
        'lemon',
        'cherry',
        'cherry',
        'lemon',
        'orange',
      ],
      [
        'bell',
        'cherry',
        'lemon',
        'plum',
        'orange',
        'wild',
        'star',
        'seven',
        'cherry',
        'grape',
        'lemon',
        'plum',
        'orange',
        'cherry',
        'watermelon',
        'lemon',
        'bell',
        'grape',
        'cherry',
        'plum',
        'orange',
        'lemon',
        'watermelon',
        'cherry',
        'plum',
        'orange',
        'lemon',
        'grape',
        'wild',
        'cherry',
        'star',
        'seven',
        'plum',
        'orange',
        'lemon',
        'cherry',
        'bell',
        'watermelon',
        'grape',
        'plum',
        'orange',
        'lemon',
        'cherry',
        'cherry',
        'lemon',
        'plum',
        'orange',
        'grape',
        'watermelon',
      ],
      [
        'orange',
        'plum',
        'wild',
        'star',
        'cherry',
        'grape',
        'lemon',
        'seven',
        'orange',
        'cherry',
        'plum',
        'watermelon',
        'lemon',
        'grape',
        'orange',
        'cherry',
        'bell',
        'lemon',
        'plum',
        'cherry',
        'orange',
        'grape',
        'lemon',
        'watermelon',
        'plum',
        'cherry',
        'orange',
        'wild',
        'lemon',
        'star',
        'cherry',
        'grape',
        'seven',
        'plum',
        'orange',
        'lemon',
        'cherry',
        'bell',
        'watermelon',
        'grape',
        'plum',
        'orange',
        'lemon',
        'cherry',
        'cherry',
        'lemon',
        'orange',
        'plum',
        'grape',
        'watermelon',
        'bell',
        'cherry',
        'lemon',
      ],
      [
        'star',
        'cherry',
        'grape',
        'lemon',
        'watermelon',
        'orange',
        'cherry',
        'plum',
        'bell',
        'lemon',
        'grape',
        'orange',
        'cherry',
        'wild',
        'seven',
        'lemon',
        'plum',
        'watermelon',
        'cherry',
        'orange',
        'grape',
        'lemon',
        'bell',
        'plum',
        'cherry',
        'orange',
        'watermelon',
        'lemon',
        'star',
        'cherry',
        'grape',
        'plum',
        'orange',
        'lemon',
        'seven',
        'cherry',
        'bell',
        'watermelon',
        'grape',
        'plum',
        'orange',
        'lemon',
        'cherry',
        'cherry',
        'lemon',
        'orange',
        'plum',
        'grape',
        'watermelon',
        'bell',
        'cherry',
        'seven',
        'lemon',
        'orange',
        'plum',
      ],
    ],
  },
  'slot-cluster': {
    rows: 3,
    strips: [
      [
        'Q',
        'J',
        'ten',
        'nine',
        'A',
        'K',
        'emerald',
        'sapphire',
        'ruby',
        'crown',
        'Q',
        'J',
        'ten',
        'nine',
        'A',
        'K',
        'emerald',
        'sapphire',
        'Q',
        'J',
        'ten',
        'nine',
        'ruby',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'emerald',
        'sapphire',
        'A',
        'K',
        'crown',
        'Q',
        'J',
        'ten',
        'nine',
        'ruby',
        'emerald',
        'sapphire',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
      ],
      [
        'A',
        'K',
        'emerald',
        'sapphire',
        'ruby',
        'wild',
        'crown',
        'Q',
        'J',
        'ten',
        'nine',
        'A',
        'K',
        'emerald',
        'sapphire',
        'Q',
        'J',
        'ten',
        'nine',
        'ruby',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'emerald',
        'sapphire',
        'A',
        'K',
        'wild',
        'crown',
        'Q',
        'J',
        'ten',
        'nine',
        'ruby',
        'emerald',
        'sapphire',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'Q',
        'J',
        'ten',
        'nine',
      ],
      [
        'ruby',
        'wild',
        'ten',
        'nine',
        'crown',
        'K',
        'Q',
        'J',
        'sapphire',
        'A',
        'ten',
        'nine',
        'emerald',
        'K',
        'Q',
        'J',
        'ruby',
        'sapphire',
        'ten',
        'nine',
        'A',
        'K',
        'Q',
        'J',
        'emerald',
        'ten',
        'nine',
        'sapphire',
        'A',
        'wild',
        'crown',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'ruby',
        'emerald',
        'sapphire',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'ten',
        'nine',
        'K',
        'Q',
        'J',
        'sapphire',
        'A',
        'emerald',
      ],
      [
        'ten',
        'nine',
        'K',
        'Q',
        'sapphire',
        'A',
        'J',
        'ten',
        'nine',
        'emerald',
        'K',
        'Q',
        'crown',
        'ruby',
        'sapphire',
        'J',
        'ten',
        'nine',
        'A',
        'K',
        'Q',
        'emerald',
        'J',
        'ten',
        'nine',
        'sapphire',
        'A',
        'wild',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'crown',
        'ruby',
        'emerald',
        'sapphire',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'J',
        'ten',
        'nine',
        'K',
        'Q',
        'sapphire',
        'A',
        'emerald',
        'crown',
        'ruby',
        'wild',
        'J',
      ],
      [
        'sapphire',
        'nine',
        'ruby',
        'Q',
        'J',
        'ten',
        'emerald',
        'A',
        'K',
        'nine',
        'crown',
        'sapphire',
        'Q',
        'J',
        'ten',
        'nine',
        'A',
        'K',
        'ruby',
        'emerald',
        'Q',
        'J',
        'ten',
        'nine',
        'sapphire',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'crown',
        'ruby',
        'emerald',
        'sapphire',
        'A',
        'K',
        'Q',
        'J',
        'ten',
        'nine',
        'nine',
        'Q',
        'J',
        'ten',
        'A',
        'K',
        'sapphire',
        'ruby',
        'emerald',
        'crown',
        'nine',
        'Q',
        'J',
        'ten',
        'A',
        'K',
      ],
    ],
  },
};

/** The round's bytes, read from the front. */
export class ByteStream {
  constructor(serverSeed, clientSeed, nonce) {
    if (!/^[0-9a-f]{64}$/.test(serverSeed))
      throw new Error('server seed must be 64 lower-case hex characters');
    this.serverSeed = serverSeed;
    this.prefix = `${clientSeed}:${nonce}:`;
    this.cursor = 0;
    this.buffer = Buffer.alloc(0);
    this.offset = 0;
  }
  block(cursor) {
    return createHmac('sha256', this.serverSeed).update(`${this.prefix}${cursor}`).digest();
  }
  nextUint32() {
    if (this.offset + 4 > this.buffer.length) {
      const rest = this.buffer.subarray(this.offset);
      this.buffer = Buffer.concat([rest, this.block(this.cursor)]);
      this.cursor += 1;
      this.offset = 0;
    }
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
}

/** Uniform draws by rejection sampling. */
export class Random {
  constructor(stream) {
    this.stream = stream;
  }
  int(n) {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const u = this.stream.nextUint32();
      if (u < limit) return u % n;
    }
  }
  /** k distinct of [0, n): the first k steps of a Fisher–Yates shuffle from the front. */
  drawDistinct(k, n) {
    const swapped = new Map();
    const drawn = [];
    for (let i = 0; i < k; i += 1) {
      const j = i + this.int(n - i);
      drawn.push(swapped.has(j) ? swapped.get(j) : j);
      swapped.set(j, swapped.has(i) ? swapped.get(i) : i);
    }
    return drawn;
  }
}

export function sha256Hex(text) {
  return createHash('sha256').update(text).digest('hex');
}

/** floor(stake × num / den): payouts are rounded down to the minor unit. */
const pay = (stake, num, den) => (stake * num) / den;
const choose = (n, k) => {
  let r = 1n;
  for (let i = 0n; i < BigInt(k); i += 1n) r = (r * (BigInt(n) - i)) / (i + 1n);
  return r;
};

/** Each game: (params, stake: bigint, actions, random) → { outcome, payoutMinor: bigint }. */
export const GAMES = {
  dice(params, stake, _actions, random) {
    const roll = random.int(10000);
    const winning = params.direction === 'under' ? params.target : 9999 - params.target;
    const win = params.direction === 'under' ? roll < params.target : roll > params.target;
    // multiplier = 99/100 × 10000 / winning rolls
    return { outcome: { roll, win }, payoutMinor: win ? pay(stake, 99n * 100n, BigInt(winning)) : 0n };
  },
  limbo(params, stake, _actions, random) {
    const high = BigInt(random.int(1 << 24));
    const low = BigInt(random.int(1 << 24));
    const draw = (high << 24n) | low;
    const result = (99n * 100n * (1n << 48n)) / (100n * (draw + 1n));
    const win = result >= BigInt(params.targetCenti);
    const capped = result > 100_000_000n ? 100_000_000 : Number(result);
    return {
      outcome: { resultCenti: Math.max(100, capped), win },
      payoutMinor: win ? pay(stake, BigInt(params.targetCenti), 100n) : 0n,
    };
  },
  roulette(params, stake, _actions, random, server) {
    const pocket = random.int(37);
    // The numbers each bet covers, as the round lists them; each pays 36 / numbers covered.
    const shown = server?.view?.bets ?? [];
    const bets = params.bets.map((bet, i) => {
      const numbers = shown[i]?.numbers ?? bet.numbers ?? [];
      const amount = bet.amountMinor !== undefined ? BigInt(bet.amountMinor) : stake;
      const paid = numbers.includes(pocket) ? pay(amount, 36n, BigInt(numbers.length)) : 0n;
      return { kind: bet.kind, numbers, amountMinor: amount.toString(), payoutMinor: paid.toString() };
    });
    return {
      outcome: { pocket, bets },
      payoutMinor: bets.reduce((sum, bet) => sum + BigInt(bet.payoutMinor), 0n),
    };
  },
  keno(params, stake, _actions, random) {
    const drawn = random.drawDistinct(10, 40).map((i) => i + 1);
    const hits = drawn.filter((n) => params.picks.includes(n)).length;
    const milli = KENO_PAYTABLES[params.picks.length][hits];
    return { outcome: { drawn, hits }, payoutMinor: pay(stake, BigInt(milli), 1000n) };
  },
  mines(params, stake, actions, random) {
    const mineTiles = random.drawDistinct(params.mines, 25);
    const revealed = [];
    let busted = false;
    let cashedOut = false;
    for (const action of actions) {
      if (busted || cashedOut) throw new Error('action after the round ended');
      if (action.type === 'cashout') cashedOut = true;
      else {
        revealed.push(action.tile);
        if (mineTiles.includes(action.tile)) busted = true;
        else if (revealed.length === 25 - params.mines) cashedOut = true;
      }
    }
    const safe = revealed.length;
    // multiplier = 99/100 × C(25, safe) / C(25 − mines, safe)
    const payoutMinor = cashedOut
      ? pay(stake, 99n * choose(25, safe), 100n * choose(25 - params.mines, safe))
      : 0n;
    return { outcome: { mineTiles, revealed, busted, cashedOut }, payoutMinor };
  },
  plinko(params, stake, _actions, random) {
    const path = [];
    for (let row = 0; row < params.rows; row += 1) path.push(random.int(2));
    const slot = path.reduce((a, b) => a + b, 0);
    const milli = PLINKO_TABLES[params.risk][params.rows][slot];
    return { outcome: { path, slot }, payoutMinor: pay(stake, BigInt(milli), 1000n) };
  },
};

/**
 * Slots: every spin of the round (the base spin, then each free spin it awarded) draws one stop per
 * reel, in reel order, from the same stream; the window shows `rows` symbols of each strip from its
 * stop. The script reproduces the stops and windows of the spins the round lists and pays the stake
 * times the round's stated multiple (its line, way and scatter wins follow from the published
 * paytable: compare them with the game's rules).
 */
function slot(game) {
  return (_params, stake, _actions, random, server) => {
    const { rows, strips } = SLOT_REELS[game];
    const listed = server?.view?.spins?.length ?? 1;
    const spins = [];
    for (let i = 0; i < listed; i += 1) {
      const stops = strips.map((strip) => random.int(strip.length));
      const grid = strips.map((strip, reel) =>
        Array.from({ length: rows }, (_, row) => strip[(stops[reel] + row) % strip.length]),
      );
      spins.push({ stops, grid });
    }
    const [num, den = '1'] = String(server?.view?.multiplier ?? '0').split('/');
    return { outcome: { spins }, payoutMinor: pay(stake, BigInt(num), BigInt(den)) };
  };
}
GAMES['slot-classic'] = slot('slot-classic');
GAMES['slot-fruits'] = slot('slot-fruits');
GAMES['slot-cluster'] = slot('slot-cluster');

/** Replays one round: { commitment, outcome, payoutMinor } (payout as decimal text). */
export function verifyRound({
  game,
  serverSeed,
  clientSeed,
  nonce,
  stakeMinor,
  params,
  actions = [],
  server = null,
}) {
  const play = GAMES[game];
  if (!play)
    throw new Error(`this script does not know the game "${game}" (known: ${Object.keys(GAMES).join(', ')})`);
  const random = new Random(new ByteStream(serverSeed, clientSeed, nonce));
  const { outcome, payoutMinor } = play(params, BigInt(stakeMinor), actions, random, server);
  return { commitment: sha256Hex(serverSeed), outcome, payoutMinor: payoutMinor.toString() };
}

/** Fields of the outcome that the server's view also shows, compared one by one. */
export function compareWithServer(result, server) {
  const differences = [];
  if (server.payoutMinor !== undefined && String(server.payoutMinor) !== result.payoutMinor) {
    differences.push({
      field: 'payoutMinor',
      server: String(server.payoutMinor),
      replay: result.payoutMinor,
    });
  }
  const view = server.view ?? {};
  for (const [key, value] of Object.entries(result.outcome)) {
    if (!(key in view) || view[key] === null) continue;
    const a = JSON.stringify(view[key]);
    const b = JSON.stringify(
      key === 'bets' || key === 'spins' ? value.map((item, i) => ({ ...view[key][i], ...item })) : value,
    );
    if (a !== b) differences.push({ field: `view.${key}`, server: a, replay: b });
  }
  return differences;
}

function argsOf(argv) {
  const options = {};
  const rest = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i].startsWith('--')) {
      options[argv[i].slice(2)] = argv[i + 1];
      i += 1;
    } else rest.push(argv[i]);
  }
  return { options, rest };
}

async function main(argv) {
  const { options, rest } = argsOf(argv);
  let input;
  let answer = null;
  if (rest[0]) {
    answer = /^https?:/.test(rest[0])
      ? await (await fetch(rest[0], { headers: { accept: 'application/json' } })).json()
      : JSON.parse(readFileSync(rest[0], 'utf8'));
    if (!answer.serverSeed) {
      console.log(
        'The server seed of this round is not revealed yet: rotate your seeds on the game page, then try again.',
      );
      return 2;
    }
    input = {
      game: answer.engineId ?? answer.result?.engineId,
      serverSeed: answer.serverSeed,
      clientSeed: answer.clientSeed,
      nonce: answer.nonce,
      stakeMinor: answer.stakeMinor,
      params: answer.params,
      actions: answer.actions ?? [],
      server: answer.result ?? null,
    };
  } else {
    input = {
      game: options.game,
      serverSeed: options['server-seed'],
      clientSeed: options['client-seed'],
      nonce: Number(options.nonce ?? 0),
      stakeMinor: options.stake ?? '100',
      params: JSON.parse(options.params ?? '{}'),
      actions: JSON.parse(options.actions ?? '[]'),
    };
  }
  const result = verifyRound(input);
  console.log(JSON.stringify({ game: input.game, nonce: input.nonce, ...result }, null, 2));
  let ok = true;
  if (answer) {
    const committed = answer.commitment === result.commitment;
    console.log(
      committed ? 'commitment: SHA-256(server seed) matches' : `commitment: MISMATCH (${answer.commitment})`,
    );
    const differences = compareWithServer(result, answer.result ?? {});
    for (const d of differences) console.log(`differs: ${d.field} server=${d.server} replay=${d.replay}`);
    ok = committed && differences.length === 0;
    console.log(ok ? 'REPRODUCED' : 'NOT REPRODUCED');
  }
  return ok ? 0 : 1;
}

const invokedDirectly =
  typeof process !== 'undefined' &&
  process.argv[1] &&
  import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}

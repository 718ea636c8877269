/**
 * The provider conformance kit: plays a game studio against a running Parlay's seamless-wallet API
 * (/provider-api/v1/<provider>/…) and checks every call, the signature and clock-skew refusals,
 * replays with the same and another body, a rollback before its bet, rollbacks of a win and of a
 * rollback, a win after the round ended, a round ended before it began, a free bet, insufficient
 * funds and bad amounts. Prints a PASS/FAIL table; exit 0 only when every check passed.
 *
 *   node tests/provider-kit/kit.ts --base http://127.0.0.1:3000 --provider parlay-demo-studio \
 *     --secret <the provider's key> --token <a fresh launch token> [--expired-token <an expired one>]
 *
 * The launch token comes from POST /web-api/casino/v1/providers/<provider>/launch as a signed-in
 * player with at least 10.00 on the account (mode real). The kit moves money only in its own rounds
 * and leaves the balance where it found it plus 1.50. It has its own copy of the signing rules
 * (docs/casino-providers.md §Signing), deliberately not Parlay's code. No dependencies beyond Node 24.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface KitOptions {
  base: string;
  provider: string;
  secret: string;
  token: string;
  expiredToken?: string;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value as object)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

function sign(secret: string, timestamp: string, body: unknown): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${canonical(body)}`)
    .digest('hex');
}

/** Minor units of a decimal string ("12.50" → 1250n at 2 decimals). */
function minor(text: unknown, decimals: number): bigint {
  if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text)) return -999_999_999n;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value =
    BigInt(whole) * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
  return negative ? -value : value;
}

function decimalsOf(text: unknown): number {
  return typeof text === 'string' && text.includes('.') ? (text.split('.')[1] as string).length : 0;
}

function text(minorValue: bigint, decimals: number): string {
  if (decimals === 0) return `${minorValue}`;
  const unit = 10n ** BigInt(decimals);
  return `${minorValue / unit}.${(minorValue % unit).toString().padStart(decimals, '0')}`;
}

export async function runKit(options: KitOptions): Promise<Check[]> {
  const checks: Check[] = [];
  const run = `kit-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const id = (name: string) => `${run}-${name}`;

  async function call(
    action: string,
    body: unknown,
    tweak: { signature?: string | null; timestamp?: string } = {},
  ): Promise<Answer> {
    const timestamp = tweak.timestamp ?? `${Math.floor(Date.now() / 1000)}`;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-parlay-timestamp': timestamp,
    };
    const signature = tweak.signature === undefined ? sign(options.secret, timestamp, body) : tweak.signature;
    if (signature !== null) headers['x-parlay-signature'] = signature;
    const res = await fetch(`${options.base}/provider-api/v1/${options.provider}/${action}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const raw = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      parsed = { raw };
    }
    return { status: res.status, body: parsed };
  }

  const codeOf = (a: Answer) => (a.body.error as { code?: string } | undefined)?.code ?? null;
  function check(name: string, ok: boolean, detail: string): boolean {
    checks.push({ name, ok, detail });
    return ok;
  }
  function expectCode(name: string, a: Answer, code: string): boolean {
    return check(
      name,
      codeOf(a) === code && a.status >= 400 && a.status < 500,
      `${a.status} ${JSON.stringify(a.body)}`,
    );
  }

  // authenticate
  const auth = await call('authenticate', { launchToken: options.token });
  const session = auth.body.sessionToken as string | undefined;
  if (
    !check(
      'authenticate: launch token → player, session, currency, balance',
      auth.status === 200 &&
        typeof session === 'string' &&
        typeof auth.body.balance === 'string' &&
        typeof auth.body.currency === 'string' &&
        typeof auth.body.playerId === 'string',
      `${auth.status} ${JSON.stringify(auth.body)}`,
    ) ||
    session === undefined
  ) {
    return checks;
  }
  const decimals = decimalsOf(auth.body.balance);
  const start = minor(auth.body.balance, decimals);
  const unit = 10n ** BigInt(decimals);
  const amount = (m: bigint) => text(m, decimals);
  const again = await call('authenticate', { launchToken: options.token });
  check(
    'authenticate: a repeat answers the same session',
    again.status === 200 && again.body.sessionToken === session,
    `${again.status}`,
  );
  check('balance: at least 10.00 to play the checks', start >= 10n * unit, `${auth.body.balance}`);

  const balance = async () =>
    minor((await call('balance', { sessionToken: session })).body.balance, decimals);
  const bal = await call('balance', { sessionToken: session });
  check(
    'balance: the session’s balance and currency',
    bal.status === 200 && bal.body.balance === auth.body.balance && bal.body.currency === auth.body.currency,
    `${bal.status} ${JSON.stringify(bal.body)}`,
  );

  // signatures and clock
  expectCode(
    'signature: wrong signature refused',
    await call(
      'balance',
      { sessionToken: session },
      {
        signature: sign('not-the-secret-key', `${Math.floor(Date.now() / 1000)}`, { sessionToken: session }),
      },
    ),
    'INVALID_SIGNATURE',
  );
  expectCode(
    'signature: missing signature refused',
    await call('balance', { sessionToken: session }, { signature: null }),
    'INVALID_SIGNATURE',
  );
  const signedOther = sign(options.secret, `${Math.floor(Date.now() / 1000)}`, {
    sessionToken: `${session}x`,
  });
  expectCode(
    'signature: signature of another body refused',
    await call('balance', { sessionToken: session }, { signature: signedOther }),
    'INVALID_SIGNATURE',
  );
  expectCode(
    'clock: timestamp 120 s old refused',
    await call('balance', { sessionToken: session }, { timestamp: `${Math.floor(Date.now() / 1000) - 120}` }),
    'CLOCK_SKEW',
  );
  expectCode(
    'clock: timestamp 120 s ahead refused',
    await call('balance', { sessionToken: session }, { timestamp: `${Math.floor(Date.now() / 1000) + 120}` }),
    'CLOCK_SKEW',
  );
  expectCode(
    'tokens: unknown launch token refused',
    await call('authenticate', { launchToken: randomBytes(32).toString('base64url') }),
    'UNKNOWN_TOKEN',
  );
  expectCode(
    'tokens: unknown session token refused',
    await call('balance', { sessionToken: randomBytes(32).toString('hex') }),
    'UNKNOWN_TOKEN',
  );
  if (options.expiredToken) {
    expectCode(
      'tokens: expired launch token refused',
      await call('authenticate', { launchToken: options.expiredToken }),
      'TOKEN_EXPIRED',
    );
  }

  // bet, replay, mismatch, win, end round, win after end
  const r1 = id('r1');
  const bet = { sessionToken: session, transactionId: id('t1'), roundId: r1, amount: amount(unit) };
  const b1 = await call('bet', bet);
  check(
    'bet: taken, balance − 1.00',
    b1.status === 200 && b1.body.status === 'done' && minor(b1.body.balance, decimals) === start - unit,
    `${b1.status} ${JSON.stringify(b1.body)}`,
  );
  const b1r = await call('bet', bet);
  check(
    'bet: replay answers the first answer, nothing moves',
    b1r.status === 200 &&
      b1r.body.replayed === true &&
      b1r.body.balance === b1.body.balance &&
      (await balance()) === start - unit,
    `${b1r.status} ${JSON.stringify(b1r.body)}`,
  );
  expectCode(
    'bet: same id with another amount refused',
    await call('bet', { ...bet, amount: amount(2n * unit) }),
    'DUPLICATE_TRANSACTION_MISMATCH',
  );
  expectCode(
    'bet: same id with another round refused',
    await call('bet', { ...bet, roundId: id('other') }),
    'DUPLICATE_TRANSACTION_MISMATCH',
  );
  expectCode(
    'win: a bet’s id used for a win refused',
    await call('win', bet),
    'DUPLICATE_TRANSACTION_MISMATCH',
  );
  const win = {
    sessionToken: session,
    transactionId: id('t2'),
    roundId: r1,
    amount: amount((5n * unit) / 2n),
  };
  const w1 = await call('win', win);
  check(
    'win: paid, balance + 2.50',
    w1.status === 200 && minor(w1.body.balance, decimals) === start + (3n * unit) / 2n,
    `${w1.status} ${JSON.stringify(w1.body)}`,
  );
  const w1r = await call('win', win);
  check(
    'win: replay answers the first answer, nothing moves',
    w1r.status === 200 && w1r.body.replayed === true && (await balance()) === start + (3n * unit) / 2n,
    `${w1r.status} ${JSON.stringify(w1r.body)}`,
  );
  const end = await call('end-round', { sessionToken: session, roundId: r1 });
  check(
    'end-round: closes the round',
    end.status === 200 && minor(end.body.balance, decimals) === start + (3n * unit) / 2n,
    `${end.status} ${JSON.stringify(end.body)}`,
  );
  const endAgain = await call('end-round', { sessionToken: session, roundId: r1 });
  check(
    'end-round: a repeat answers the same',
    endAgain.status === 200 && endAgain.body.balance === end.body.balance,
    `${endAgain.status}`,
  );
  expectCode(
    'win after end-round refused',
    await call('win', { ...win, transactionId: id('t3') }),
    'ROUND_CLOSED',
  );
  expectCode(
    'bet after end-round refused',
    await call('bet', { ...bet, transactionId: id('t4') }),
    'ROUND_CLOSED',
  );
  check(
    'win replay after end-round still answers the first answer',
    (await call('win', win)).status === 200,
    '',
  );

  // rollback before bet
  const r2 = id('r2');
  const early = await call('rollback', {
    sessionToken: session,
    transactionId: id('rb1'),
    referenceTransactionId: id('t5'),
    roundId: r2,
  });
  check(
    'rollback of a bet never seen: recorded and answered',
    early.status === 200 &&
      early.body.status === 'done' &&
      minor(early.body.balance, decimals) === start + (3n * unit) / 2n,
    `${early.status} ${JSON.stringify(early.body)}`,
  );
  expectCode(
    'the late bet of a rolled-back id refused',
    await call('bet', { sessionToken: session, transactionId: id('t5'), roundId: r2, amount: amount(unit) }),
    'TRANSACTION_ROLLED_BACK',
  );
  check('the late bet moved nothing', (await balance()) === start + (3n * unit) / 2n, '');

  // rollback of a bet taken
  const r3 = id('r3');
  const bet6 = { sessionToken: session, transactionId: id('t6'), roundId: r3, amount: amount(2n * unit) };
  await call('bet', bet6);
  const rollback = {
    sessionToken: session,
    transactionId: id('rb2'),
    referenceTransactionId: id('t6'),
    roundId: r3,
  };
  const rb = await call('rollback', rollback);
  check(
    'rollback of a bet: the stake returns',
    rb.status === 200 && minor(rb.body.balance, decimals) === start + (3n * unit) / 2n,
    `${rb.status} ${JSON.stringify(rb.body)}`,
  );
  const rbAgain = await call('rollback', rollback);
  check(
    'rollback: replay answers the first answer',
    rbAgain.status === 200 &&
      rbAgain.body.replayed === true &&
      (await balance()) === start + (3n * unit) / 2n,
    `${rbAgain.status}`,
  );
  const bet6Again = await call('bet', bet6);
  check(
    'bet replay after its rollback answers rolled_back, nothing moves',
    bet6Again.status === 200 &&
      bet6Again.body.status === 'rolled_back' &&
      (await balance()) === start + (3n * unit) / 2n,
    `${bet6Again.status} ${JSON.stringify(bet6Again.body)}`,
  );

  // rollback of a win, of a rollback; a round ended before anything came; a free (zero) bet
  const r4 = id('r4');
  const win9 = { sessionToken: session, transactionId: id('t9'), roundId: r4, amount: amount(3n * unit) };
  await call('win', win9);
  const rbWin = await call('rollback', {
    sessionToken: session,
    transactionId: id('rb3'),
    referenceTransactionId: id('t9'),
    roundId: r4,
  });
  check(
    'rollback of a win: the win is taken back',
    rbWin.status === 200 && minor(rbWin.body.balance, decimals) === start + (3n * unit) / 2n,
    `${rbWin.status} ${JSON.stringify(rbWin.body)}`,
  );
  expectCode(
    'rollback of a rollback refused',
    await call('rollback', {
      sessionToken: session,
      transactionId: id('rb4'),
      referenceTransactionId: id('rb3'),
      roundId: r4,
    }),
    'REFERENCE_MISMATCH',
  );
  const free = await call('bet', {
    sessionToken: session,
    transactionId: id('t10'),
    roundId: r4,
    amount: amount(0n),
  });
  check(
    'bet of 0 (a free round) taken, nothing moves',
    free.status === 200 && minor(free.body.balance, decimals) === start + (3n * unit) / 2n,
    `${free.status} ${JSON.stringify(free.body)}`,
  );
  const r5 = id('r5');
  const early5 = await call('end-round', { sessionToken: session, roundId: r5 });
  check(
    'end-round of a round never seen: recorded',
    early5.status === 200,
    `${early5.status} ${JSON.stringify(early5.body)}`,
  );
  expectCode(
    'bet in a round ended before it began refused',
    await call('bet', { sessionToken: session, transactionId: id('t11'), roundId: r5, amount: amount(unit) }),
    'ROUND_CLOSED',
  );

  // insufficient funds, bad amounts
  const now = await balance();
  expectCode(
    'bet above the balance refused',
    await call('bet', {
      sessionToken: session,
      transactionId: id('t7'),
      roundId: r3,
      amount: amount(now + unit),
    }),
    'INSUFFICIENT_FUNDS',
  );
  const bad: [string, unknown][] = [
    ['negative', `-${amount(unit)}`],
    ['fraction of a minor unit', `0.${'0'.repeat(decimals)}1`],
    ['JSON number', 1.5],
    ['exponent', '1e3'],
    ['empty', ''],
  ];
  for (const [name, value] of bad) {
    expectCode(
      `bet with a bad amount (${name}) refused`,
      await call('bet', {
        sessionToken: session,
        transactionId: id(`bad-${name.replace(/\W+/g, '-')}`),
        roundId: r3,
        amount: value,
      }),
      'BAD_AMOUNT',
    );
  }
  expectCode(
    'win with a negative amount refused',
    await call('win', {
      sessionToken: session,
      transactionId: id('t8'),
      roundId: r3,
      amount: `-${amount(unit)}`,
    }),
    'BAD_AMOUNT',
  );
  await call('end-round', { sessionToken: session, roundId: r2 });
  await call('end-round', { sessionToken: session, roundId: r3 });
  await call('end-round', { sessionToken: session, roundId: r4 });
  check(
    'balance at the end: start + 1.50',
    (await balance()) === start + (3n * unit) / 2n,
    `${text(await balance(), decimals)}`,
  );
  return checks;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const base = arg('base');
  const provider = arg('provider');
  const secret = arg('secret');
  const token = arg('token');
  if (!base || !provider || !secret || !token) {
    console.error(
      'usage: node tests/provider-kit/kit.ts --base <url> --provider <name> --secret <key> --token <launch token> [--expired-token <token>]',
    );
    return 2;
  }
  const expiredToken = arg('expired-token');
  const checks = await runKit({ base, provider, secret, token, ...(expiredToken ? { expiredToken } : {}) });
  const width = Math.max(...checks.map((c) => c.name.length));
  for (const c of checks) {
    console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name.padEnd(width)}${c.ok ? '' : `  ${c.detail}`}`);
  }
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  return failed === 0 && checks.length > 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * What the end-to-end journeys do as a player, mostly through the page's own browser context (its
 * cookies, its session): register in one click (or in full through the API), deposit through the
 * sandbox provider, read the balance, open a micro-app page once it is hydrated, and take the 390
 * and 1366 px screenshots.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { artifact } from './support.ts';

/** Registers a one-click player (RUB) in the page's context, which is signed in afterwards. */
export async function registerFastPlayer(
  page: Page,
  origin: string,
): Promise<{ accountNumber: string; password: string }> {
  await page.goto(`${origin}/en/`);
  const answer = await page.evaluate(async () => {
    const res = await fetch('/web-api/auth/v1/registration/fast', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ countryId: 1, currency: 'RUB' }),
    });
    return { status: res.status, body: await res.text() };
  });
  if (answer.status !== 200) throw new Error(`fast registration: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as { accountNumber: string; password: string };
}

/** A deposit of `amount` RUB by the method `code`, paid on the sandbox page with the success card. */
export async function depositViaSandbox(page: Page, code: string, amount: string): Promise<void> {
  const paid = await page.evaluate(
    async ({ code, amount }) => {
      const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
      const accounts = await (await fetch('/web-api/accounts/v1/accounts')).json();
      const methods = await (
        await fetch('/web-api/payments/v1/methods?direction=deposit&currency=RUB')
      ).json();
      const method = methods.methods.find((m: { code: string }) => m.code === code);
      const started = await fetch('/web-api/payments/v1/deposits', {
        method: 'POST',
        headers: { ...json, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
        body: JSON.stringify({ accountId: accounts.mainAccount.id, methodId: method.id, amount, lng: 'en' }),
      });
      const { redirectUrl } = await started.json();
      const page = await fetch(redirectUrl, {
        method: 'POST',
        body: new URLSearchParams({ card: '4242424242424242' }),
      });
      return page.url;
    },
    { code, amount },
  );
  if (!/\/en\/onpay\/success$/.test(paid))
    throw new Error(`the ${code} deposit of ${amount} ended at ${paid}`);
}

/** The signed-in player's main account balance in minor units. */
export async function mainBalanceMinor(page: Page): Promise<bigint> {
  const body = await page.evaluate(async () => (await fetch('/web-api/accounts/v1/accounts')).json());
  return BigInt((body as { mainAccount: { moneyMinor: string } }).mainAccount.moneyMinor);
}

/** Opens `route` and waits until the micro-app `app` (data-mf-root) has hydrated. */
export async function openApp(page: Page, origin: string, route: string, app = 'office'): Promise<void> {
  await page.goto(`${origin}${route}`);
  await page.locator(`[data-mf-root="${app}"] [data-hydrated="true"]`).waitFor({ timeout: 20_000 });
}

/** Full-page screenshots at 390 and 1366 px to artifacts/<name>-<width>.png; the viewport ends at 1366. */
export async function screenshotWidths(page: Page, name: string, settleMs = 150): Promise<void> {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(settleMs);
    await page.screenshot({ path: artifact(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The nonce whose SHA-256 of "challenge:nonce" starts with `bits` zero bits (the proof-of-work captcha). */
function solveProofOfWork(challenge: string, bits: number): number {
  let nonce = 0;
  while (createHash('sha256').update(`${challenge}:${nonce}`).digest().readUInt32BE(0) >>> (32 - bits))
    nonce += 1;
  return nonce;
}

let playerAddresses = 0;
/** A new address of the benchmarking network 198.18.0.0/15 (RFC 2544), one per registered player. */
function nextPlayerAddress(): string {
  playerAddresses += 1;
  return `198.18.${(playerAddresses >> 8) & 255}.${playerAddresses & 255}`;
}

/**
 * A full registration through the HTTP API as a browser sends it (with its Origin), answering the
 * proof-of-work captcha when the server asks for one and waiting out the per-minute limit when hit.
 * Answers the 200 response (its Set-Cookie holds the new session); throws on any other.
 */
export async function registerFullByApi(origin: string, fields: Record<string, unknown>): Promise<Response> {
  const body = JSON.stringify(fields);
  // Each player registers from an address of their own, as people do (the e2e server trusts the
  // loopback proxy, see support.ts): the address's registrations of the hour and the minute are
  // then one, and a journey that registers a dozen players waits for no rate-limit window.
  const address = nextPlayerAddress();
  const send = (captcha?: string) =>
    fetch(`${origin}/web-api/auth/v1/registration/full`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'x-forwarded-for': address,
        ...(captcha ? { 'x-captcha': captcha } : {}),
      },
      body,
    });
  // A 400 asks for a captcha (solved afresh: one is used once); a 429 means this address used its
  // registrations of the clock minute, so wait for the next window. Either can follow the other.
  let captcha: string | undefined;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const res = await send(captcha);
    if (res.status === 200) return res;
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 61_000 - (Date.now() % 60_000)));
      captcha = undefined;
    } else if (res.status === 400 && captcha === undefined) {
      const pow = (await (await fetch(`${origin}/captcha-api/v1/gettime`)).json()) as {
        id: string;
        challenge: string;
        bits: number;
      };
      captcha = `${pow.id}:${solveProofOfWork(pow.challenge, pow.bits)}`;
    } else {
      throw new Error(`full registration: ${res.status} ${await res.text()}`);
    }
  }
  throw new Error('full registration: still refused after six tries');
}

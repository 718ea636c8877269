/**
 * The back office's casino section over the app (fastify.inject, real database): a game switched
 * off leaves the public lobby, search and its page and cannot start a round (stable code, no money
 * moved), and comes back; a provider's switch; the sort weight ordering the lobby; bad input
 * refused with nothing changed; roles without the action refused and audited.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCasinoCatalogue, importProvider, seedCasinoCatalogue } from '../casino/index.ts';
import {
  balanceOf,
  CASINO_API,
  type CasinoTestApp,
  DICE_ID,
  fundedPlayer,
  MINES_ID,
  newKey,
  setUpCasinoTestApp,
} from '../casino/test-support.ts';
import { createOperator } from './operators.ts';
import type { OperatorRole } from './permissions.ts';
import { type OperatorClient, signedIn } from './test-support.ts';

const CLI = { operatorId: null, login: 'cli', ip: 'cli' };
let t: CasinoTestApp;
setUpCasinoTestApp((app) => {
  t = app;
});

let content: OperatorClient;
let risk: OperatorClient;
let trader: OperatorClient;
const G = '/backoffice-api/v1/casino';

beforeAll(async () => {
  const make = async (login: string, role: OperatorRole) => {
    const c = await createOperator(t.db, t.clock, CLI, { login, role });
    return signedIn(t.app, t.clock, { id: c.operatorId, login, password: c.password, secret: c.totpSecret });
  };
  content = await make('casino-content', 'content');
  risk = await make('casino-risk', 'risk');
  trader = await make('casino-trader', 'trader');
});

const lobbyIds = async (query = '') =>
  (
    (await t.app.inject({ method: 'GET', url: `${CASINO_API}/lobby?limit=100${query}` })).json().games as {
      id: number;
    }[]
  ).map((g) => g.id);

const searchIds = async (q: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `${CASINO_API}/search?q=${q}&lang=en` })).json().games as {
      id: number;
    }[]
  ).map((g) => g.id);

const dice = { direction: 'under', target: 5000 };
const playDice = (p: Awaited<ReturnType<typeof fundedPlayer>>) =>
  p.client.post(
    `${CASINO_API}/rounds`,
    { mode: 'real', gameId: DICE_ID, stakeMinor: '1000', params: dice },
    { 'idempotency-key': newKey() },
  );

async function auditOf(action: string) {
  return t.db
    .selectFrom('backoffice_audit')
    .select(['operator_login', 'target', 'outcome', 'details'])
    .where('action', '=', action)
    .orderBy('seq')
    .execute();
}

describe('casino section', () => {
  it('lists games with search and filters, and providers with their counts', async () => {
    const all = await content.call('GET', `${G}/games?provider=parlay-originals`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThan(10);
    const found = (await content.call('GET', `${G}/games?q=dice`)).json().games as { id: number }[];
    expect(found.map((g) => g.id)).toContain(DICE_ID);
    const row = found.find((g) => g.id === DICE_ID);
    expect(row).toMatchObject({ enabled: true, providerId: 'parlay-originals', countries: null });
    expect((row as unknown as { rtpText: string | null }).rtpText).toMatch(/^\d/);
    const off = (await content.call('GET', `${G}/games?enabled=false`)).json();
    expect(off.total).toBe(0);
    const providers = (await risk.call('GET', `${G}/providers`)).json();
    expect(providers.providers).toContainEqual(
      expect.objectContaining({ id: 'parlay-originals', enabled: true, games: all.json().total }),
    );
    expect(providers.categories.length).toBeGreaterThan(0);
  });

  it('a game switched off leaves the lobby, search and its page, and cannot start a round', async () => {
    const p = await fundedPlayer(t, 100_000n);
    expect(await lobbyIds()).toContain(DICE_ID);
    expect(await searchIds('dice')).toContain(DICE_ID);
    expect((await playDice(p)).statusCode).toBe(200);
    const balance = await balanceOf(t, p.userId, p.accountId);

    const res = await content.call('POST', `${G}/games/${DICE_ID}`, { enabled: false });
    expect([res.statusCode, res.json().game.enabled]).toEqual([200, false]);
    expect(await lobbyIds()).not.toContain(DICE_ID);
    expect(await searchIds('dice')).not.toContain(DICE_ID);
    const page = await t.app.inject({ method: 'GET', url: `${CASINO_API}/games/${DICE_ID}?lang=en` });
    expect([page.statusCode, page.json().error.code]).toEqual([404, 'CASINO_GAME_NOT_FOUND']);
    const refused = await playDice(p);
    expect([refused.statusCode, refused.json().error.code]).toEqual([404, 'CASINO_GAME_NOT_FOUND']);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(balance);
    expect((await content.call('GET', `${G}/games?enabled=false`)).json().games).toEqual([
      expect.objectContaining({ id: DICE_ID, enabled: false }),
    ]);

    await content.call('POST', `${G}/games/${DICE_ID}`, { enabled: true });
    expect(await lobbyIds()).toContain(DICE_ID);
    expect((await playDice(p)).statusCode).toBe(200);
    expect(await auditOf('casino.game')).toEqual([
      expect.objectContaining({
        operator_login: 'casino-content',
        target: `casino-game:${DICE_ID}`,
        outcome: 'ok',
        details: expect.objectContaining({ enabled: false }),
      }),
      expect.objectContaining({ outcome: 'ok', details: expect.objectContaining({ enabled: true }) }),
    ]);
  });

  it("a provider's switch takes its games out of the lobby together, and back", async () => {
    const before = await lobbyIds();
    expect(before).toEqual(expect.arrayContaining([DICE_ID, MINES_ID]));
    const off = await content.call('POST', `${G}/providers/parlay-originals`, { enabled: false });
    expect(off.statusCode).toBe(200);
    const during = await lobbyIds();
    expect(during).not.toContain(DICE_ID);
    expect(during).not.toContain(MINES_ID);
    await content.call('POST', `${G}/providers/parlay-originals`, { enabled: true });
    expect(await lobbyIds()).toEqual(before);
    const unknown = await content.call('POST', `${G}/providers/nobody`, { enabled: false });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'CASINO_PROVIDER_NOT_FOUND']);
  });

  it('the sort weight orders the lobby and the badges show on the tile', async () => {
    expect((await lobbyIds())[0]).not.toBe(MINES_ID);
    const res = await content.call('POST', `${G}/games/${MINES_ID}`, {
      popularity: 999_999,
      badges: ['hot'],
    });
    expect(res.statusCode).toBe(200);
    expect((await lobbyIds())[0]).toBe(MINES_ID);
    const tile = (
      (await t.app.inject({ method: 'GET', url: `${CASINO_API}/lobby?limit=1` })).json().games as {
        badges: string[];
      }[]
    )[0];
    expect(tile?.badges).toEqual(['hot']);
  });

  it("the operator's sort weight, badges and countries survive a catalogue refresh and a provider re-import", async () => {
    const file = {
      provider: { name: 'Acme Studio' },
      games: [
        {
          id: 7001,
          externalId: 'neon-reels',
          slug: 'acme-neon-reels',
          names: { ru: 'Неоновые барабаны', en: 'Neon Reels' },
          kind: 'slots' as const,
          sections: ['slots' as const],
          categories: [],
          rtp: '96.20',
          volatility: 'medium' as const,
          demo: true,
          real: true,
          countries: { allowed: null, blocked: ['US'] },
        },
      ],
    };
    const catalogue = createCasinoCatalogue(t.deps);
    await importProvider(t.db, catalogue, 'acme', file);
    const res = await content.call('POST', `${G}/games/7001`, {
      countries: { allowed: ['DE', 'AT'], blocked: [] },
      popularity: 5,
    });
    expect([res.statusCode, res.json().game.countries]).toEqual([
      200,
      { allowed: ['DE', 'AT'], blocked: [] },
    ]);
    // `parlay start` refreshes the in-house catalogue; an import runs again with the studio's file.
    await seedCasinoCatalogue(t.db);
    await importProvider(t.db, catalogue, 'acme', file);
    const rows = (await content.call('GET', `${G}/games?provider=acme`)).json().games as {
      id: number;
      popularity: number;
      countries: unknown;
    }[];
    expect(rows).toEqual([
      expect.objectContaining({ id: 7001, popularity: 5, countries: { allowed: ['DE', 'AT'], blocked: [] } }),
    ]);
    const mines = (await content.call('GET', `${G}/games?q=mines`)).json().games as {
      id: number;
      popularity: number;
      badges: string[];
    }[];
    expect(mines.find((g) => g.id === MINES_ID)).toMatchObject({ popularity: 999_999, badges: ['hot'] });
    // Dice was not given a weight by an operator: the seed's own stands.
    const dice = (await content.call('GET', `${G}/games?q=dice`)).json().games as {
      id: number;
      popularity: number;
    }[];
    expect(dice.find((g) => g.id === DICE_ID)?.popularity).toBeLessThan(999_999);
  });

  it('refuses bad input with a stable code and changes nothing', async () => {
    const row = async () =>
      (
        await sql<{ enabled: boolean; popularity: number; badges: string[] }>`
          select enabled, popularity, badges from casino_games where id = ${DICE_ID}`.execute(t.db)
      ).rows[0];
    const before = await row();
    for (const body of [
      { popularity: -1 },
      { popularity: 1.5 },
      { badges: ['shiny'] },
      { enabled: 'yes' },
      {},
      { countries: { allowed: ['usa'], blocked: [] } },
    ]) {
      const res = await content.call('POST', `${G}/games/${DICE_ID}`, body);
      expect([JSON.stringify(body), res.statusCode, res.json().error.code]).toEqual([
        JSON.stringify(body),
        400,
        'VALIDATION_FAILED',
      ]);
    }
    // Countries belong to providers' games; an in-house game is offered wherever the site is.
    const inHouse = await content.call('POST', `${G}/games/${DICE_ID}`, {
      enabled: false,
      countries: { allowed: null, blocked: ['US'] },
    });
    expect([inHouse.statusCode, inHouse.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await content.call('POST', `${G}/games/999999`, { enabled: false });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'CASINO_GAME_NOT_FOUND']);
    const badQuery = await content.call('GET', `${G}/games?enabled=maybe`);
    expect(badQuery.statusCode).toBe(400);
    expect(await row()).toEqual(before);
    expect(await lobbyIds()).toContain(DICE_ID);
    expect((await auditOf('casino.game')).filter((a) => a.outcome === 'refused')).toEqual([
      expect.objectContaining({ details: { code: 'VALIDATION_FAILED' } }),
      expect.objectContaining({ details: { code: 'CASINO_GAME_NOT_FOUND' } }),
    ]);
  });

  it('refuses roles without the action (403, audited) and lets the risk role only look', async () => {
    const look = await trader.call('GET', `${G}/games`);
    expect([look.statusCode, look.json().error.code]).toEqual([403, 'BACKOFFICE_FORBIDDEN']);
    const change = await risk.call('POST', `${G}/games/${DICE_ID}`, { enabled: false });
    expect([change.statusCode, change.json().error.code]).toEqual([403, 'BACKOFFICE_FORBIDDEN']);
    const provider = await risk.call('POST', `${G}/providers/parlay-originals`, { enabled: false });
    expect(provider.statusCode).toBe(403);
    expect(await lobbyIds()).toContain(DICE_ID);
    const forbidden = await t.db
      .selectFrom('backoffice_audit')
      .select(['operator_login', 'action'])
      .where('outcome', '=', 'forbidden')
      .orderBy('seq')
      .execute();
    expect(forbidden).toEqual([
      { operator_login: 'casino-trader', action: 'casino.view' },
      { operator_login: 'casino-risk', action: 'casino.manage' },
      { operator_login: 'casino-risk', action: 'casino.manage' },
    ]);
  });
});

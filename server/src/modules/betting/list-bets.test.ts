import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  type BettingTestApp,
  createNamedGame,
  fundedPlayer,
  newKey,
  place,
  resultMarket,
  setUpBettingTestApp,
  singleCoupon,
} from './test-support.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

describe('bet history', () => {
  it('names the legs in the asked language, in the answers and in the CSV', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createNamedGame(t, [2100, 3400, 3300], {
      home: { en: 'Arsenal', ru: 'Арсенал' },
      away: { en: 'Chelsea', ru: 'Челси' },
    });
    const placed = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.1, '1000'))).json();
    expect(placed.status).toBe('accepted');

    const ru = (await p.client.get('/web-api/betting/v1/bets?period=7&lng=ru')).json();
    expect(ru.data[0].legs[0]).toMatchObject({
      gameId: g.gameId,
      oddsMilli: 2100,
      scoreAtPlacement: '0:0',
      names: {
        gameLabel: 'Арсенал — Челси',
        home: 'Арсенал',
        away: 'Челси',
        champName: 'League',
        sportSlug: 'football',
        marketLabel: '1X2',
        outcomeLabel: 'Арсенал',
        score: '0:0',
        isGameOver: false,
      },
    });
    const en = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}?lng=en`)).json();
    expect(en.legs[0].names).toMatchObject({ gameLabel: 'Arsenal — Chelsea', outcomeLabel: 'Arsenal' });
    // Without lng the names are English.
    const plain = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}`)).json();
    expect(plain.legs[0].names.outcomeLabel).toBe('Arsenal');

    await sql`update games set score_home = 2, score_away = 1, status = 4 where id = ${g.gameId}`.execute(
      t.db,
    );
    const csv = (await p.client.get('/web-api/betting/v1/bets.csv?period=7&lng=en')).body;
    expect(csv).toContain('Arsenal — Chelsea: 1X2: Arsenal @ 2.100 = open (2:1)');
    const csvRu = (await p.client.get('/web-api/betting/v1/bets.csv?period=7&lng=ru')).body;
    expect(csvRu).toContain('Арсенал — Челси: 1X2: Арсенал @ 2.100 = open (2:1)');
    const after = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}?lng=en`)).json();
    expect(after.legs[0].names).toMatchObject({ score: '2:1', isGameOver: true });

    expect((await p.client.get('/web-api/betting/v1/bets?lng=de')).statusCode).toBe(400);
  });

  it('filters by a from/to range instead of the period, and names a resulted leg', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createNamedGame(t, [1900, 3500, 3600], { home: { en: 'Lions' }, away: { en: 'Tigers' } });
    const first = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[2]!, 3.6, '1000'))).json();
    const second = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 1.9, '1000'))).json();
    const now = t.clock.nowMs();
    // The first bet was placed three days ago.
    await sql`update bets set placed_at = ${new Date(now - 3 * 86_400_000)} where id = ${first.betId}`.execute(
      t.db,
    );
    const ids = async (query: string) =>
      (await p.client.get(`/web-api/betting/v1/bets?${query}`)).json().data.map((b: { id: string }) => b.id);

    const dayAgo = new Date(now - 86_400_000).toISOString();
    expect(await ids(`from=${dayAgo}`)).toEqual([second.betId]);
    expect(await ids(`from=${new Date(now - 5 * 86_400_000).toISOString()}&to=${dayAgo}`)).toEqual([
      first.betId,
    ]);
    expect(await ids('period=7')).toEqual([second.betId, first.betId]);
    expect(await ids('period=1')).toEqual([second.betId]);
    const day = new Date(now - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`from=${day}&to=${day}T23:59:59Z`)).toEqual([first.betId]);
    expect((await p.client.get('/web-api/betting/v1/bets?from=2026-13-45')).statusCode).toBe(400);
    expect((await p.client.get('/web-api/betting/v1/bets?from=yesterday')).statusCode).toBe(400);

    await resultMarket(t, g.marketId, [
      [g.outcomeIds[0]!, 'win'],
      [g.outcomeIds[1]!, 'lose'],
      [g.outcomeIds[2]!, 'lose'],
    ]);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${first.betId}`)).json();
    expect(bet.legs[0].names).toMatchObject({ gameLabel: 'Lions — Tigers', outcomeLabel: 'Tigers' });
  });

  it('keeps the placed stake after partial cash-outs', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createNamedGame(t, [2000, 3000, 4000], { home: { en: 'Reds' }, away: { en: 'Blues' } });
    const placed = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, '10000'))).json();
    const quote = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}/cashout`)).json();
    expect(quote.isAvailable).toBe(true);
    const cashed = await p.client.post(
      `/web-api/betting/v1/bets/${placed.betId}/cashout`,
      { stakeMinor: '4000' },
      { 'idempotency-key': newKey() },
    );
    expect(cashed.json().status).toBe('partially_cashed_out');
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}`)).json();
    expect(bet).toMatchObject({ stakeMinor: '6000', originalStakeMinor: '10000', status: 'accepted' });
    const csv = (await p.client.get('/web-api/betting/v1/bets.csv?period=7')).body;
    const row = csv.split('\n').find((line) => line.startsWith(`${placed.betId},`))!;
    expect(row).toContain(',RUB,60.00,2.000,');
    expect(row).toContain(',100.00,Reds — Blues');
  });
});

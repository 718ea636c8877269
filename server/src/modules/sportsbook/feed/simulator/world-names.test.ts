/**
 * The simulated world's championship names: each football country's pyramid under its own names
 * (not "Premier League" everywhere), tiers of one country all different, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld } from './world.ts';

describe('world: championship names', () => {
  const world = buildWorld(285);
  const football = world.champsBySport.get(1) ?? [];
  const refOf = (code: string) => world.countries.find((c) => c.code === code)?.ref;

  it('names football leagues as their countries do', () => {
    const named = (countryRef: string | undefined) =>
      football.filter((c) => c.countryRef === countryRef).map((c) => c.names.en);
    expect(named(refOf('DE'))).toEqual(['Bundesliga', '2. Bundesliga', '3. Liga']);
    expect(named(refOf('IT'))).toEqual(['Serie A', 'Serie B', 'Serie C']);
    expect(named(refOf('US'))[0]).toBe('Major League Soccer');
    expect(football.filter((c) => c.names.en === 'Premier League').length).toBeLessThanOrEqual(2);
  });

  it('gives no two championships of one sport and country the same name, in either language', () => {
    for (const [sportId, champs] of world.champsBySport) {
      for (const lang of ['en', 'ru'] as const) {
        const keys = champs.map((c) => `${c.countryRef}:${c.names[lang]}`);
        expect(new Set(keys).size, `sport ${sportId} ${lang}`).toBe(keys.length);
      }
    }
  });
});

import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../dictionaries.ts';
import { builderErrorText, builderLegName } from './builder-labels.ts';
import { BUILDER_STORAGE_KEY, builderFromJson } from './builder-store.ts';

function translators(lng: 'en' | 'ru') {
  const tr = createTranslator(lng, dictionaries.pick(lng, ['sports', 'markets']));
  return {
    t: (key: string, values?: Record<string, string | number>) => tr.t('sports', key, values),
    markets: (key: string, values?: Record<string, string | number>) => tr.t('markets', key, values),
  };
}

const leg = (type: string, specifiers: Record<string, string>, key: string, nameKey = `outcome.${key}`) =>
  [
    { type, specifiers },
    { key, nameKey },
  ] as const;

describe('bet builder leg names (by team names)', () => {
  it.each([
    ['en', leg('result', {}, 'home'), 'Arsenal to win'],
    ['en', leg('result', {}, 'draw'), 'Draw'],
    ['en', leg('double_chance', {}, 'x2'), 'Chelsea or draw'],
    ['en', leg('total', { line: '2.5' }, 'over'), 'Over 2.5 goals'],
    ['en', leg('team_total', { line: '1.5', team: 'away' }, 'under'), 'Chelsea under 1.5 goals'],
    ['en', leg('btts', {}, 'yes'), 'Both teams to score'],
    ['en', leg('goal_range', {}, 'goals_2_3'), '2–3 goals'],
    ['en', leg('correct_score', {}, '2:1', 'outcome.score'), 'Score 2:1'],
    ['en', leg('total', { line: '9.5', stat: 'corners' }, 'over'), 'Corners: Over 9.5'],
    ['en', leg('result', { stat: 'corners' }, 'away'), 'Corners: Chelsea to win'],
    ['ru', leg('result', {}, 'home'), 'Арсенал победит'],
    ['ru', leg('btts', {}, 'no'), 'Обе не забьют'],
    ['ru', leg('goal_range', {}, 'goals_6_plus'), '6+ голов'],
  ] as const)('%s: %j → %s', (lng, [market, outcome], text) => {
    const { t, markets } = translators(lng);
    const names = {
      t: markets,
      sportSlug: 'football',
      home: lng === 'en' ? 'Arsenal' : 'Арсенал',
      away: lng === 'en' ? 'Chelsea' : 'Челси',
    };
    expect(builderLegName(market, outcome, names, t)).toBe(text);
  });

  it('explains refusals in both languages, unknown codes generically', () => {
    for (const lng of ['en', 'ru'] as const) {
      const { t } = translators(lng);
      expect(builderErrorText('BET_BUILDER_STARTED', t)).not.toBe(builderErrorText('SOMETHING', t));
      expect(builderErrorText('SOMETHING', t)).not.toContain('builder.');
    }
  });

  it('reads back only a well-formed stored builder', () => {
    const item = {
      gameId: 7,
      gameLabel: 'A — B',
      coefMilli: 3450,
      legs: [
        { outcomeId: 1, label: 'x' },
        { outcomeId: 2, label: 'y' },
      ],
    };
    expect(BUILDER_STORAGE_KEY).toBe('parlay.betBuilder');
    expect(builderFromJson(JSON.stringify(item))).toEqual(item);
    expect(builderFromJson(JSON.stringify({ ...item, legs: item.legs.slice(0, 1) }))).toBeNull();
    expect(builderFromJson('{not json')).toBeNull();
    expect(builderFromJson(null)).toBeNull();
  });
});

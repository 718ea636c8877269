/**
 * Names of selections (outcome ids) in one language, for the bet history, its CSV and the print
 * page: the game ("Home — Away"), its champ and sport, the market and the outcome as the sports
 * pages name them (the domain's cardTitle / outcomeName over the markets dictionary, so a bet reads
 * exactly like the odds button it was placed from), and the game's current or final score.
 */

import { isOverStatus } from '@parlay/domain/sportsbook/game-status.ts';
import { cardTitle, outcomeName } from '@parlay/domain/sportsbook/market-labels.ts';
import { DICTIONARIES, type Dictionary } from '@parlay/i18n/dictionaries.ts';
import { isLanguage } from '@parlay/i18n/languages.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { nameIn, selectGames } from './game-view.ts';

export interface SelectionLabels {
  gameId: number;
  sportSlug: string;
  champName: string;
  home: string;
  away: string;
  /** "Home — Away". */
  gameLabel: string;
  startAt: string;
  marketLabel: string;
  outcomeLabel: string;
  /** The game's score now (final once it is over), "2:1". */
  score: string;
  isGameOver: boolean;
}

function lookup(dictionary: Dictionary, key: string): string | null {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

/** t() over the markets dictionary of a language: {{name}} placeholders; a missing key returns the key. */
export function marketsTranslator(lang: string) {
  const dictionary = DICTIONARIES[isLanguage(lang) ? lang : 'en'].markets;
  return (key: string, values: Record<string, string | number> = {}) =>
    (lookup(dictionary, key) ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}

/** Labels of these outcome ids in `lang` (ids not in the catalogue are absent). */
export async function readSelectionLabels(
  db: Kysely<Database>,
  outcomeIds: readonly bigint[],
  lang: string,
): Promise<Map<bigint, SelectionLabels>> {
  if (outcomeIds.length === 0) return new Map();
  const rows = await selectGames(db)
    .innerJoin('sports as s', 's.id', 'g.sport_id')
    .innerJoin('markets as m', 'm.game_id', 'g.id')
    .innerJoin('outcomes as o', 'o.market_id', 'm.id')
    .select([
      'o.id as outcome_id',
      'o.key as outcome_key',
      'o.name_key as outcome_name_key',
      'm.type as market_type',
      'm.specifiers as market_specifiers',
      's.slug as sport_slug',
    ])
    .where('o.id', 'in', [...new Set(outcomeIds)])
    .execute();
  const t = marketsTranslator(lang);
  const labels = new Map<bigint, SelectionLabels>();
  for (const r of rows) {
    const home = nameIn(r.home_names, lang);
    const away = nameIn(r.away_names, lang);
    const names = { t, sportSlug: r.sport_slug, home, away };
    const market = { type: r.market_type, specifiers: r.market_specifiers };
    const outcome = { key: r.outcome_key, nameKey: r.outcome_name_key };
    labels.set(BigInt(r.outcome_id), {
      gameId: r.id,
      sportSlug: r.sport_slug,
      champName: nameIn(r.champ_names, lang),
      home,
      away,
      gameLabel: `${home} — ${away}`,
      startAt: r.start_at.toISOString(),
      marketLabel: cardTitle(market, names),
      outcomeLabel: outcomeName(market, outcome, names),
      score: `${r.score_home}:${r.score_away}`,
      isGameOver: isOverStatus(r.status),
    });
  }
  return labels;
}

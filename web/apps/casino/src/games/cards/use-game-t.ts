/**
 * The texts of one game screen: keys of `casino-games.json` under the game's id ("blackjack.hit"),
 * and the shared card words under "cards".
 */
import type { Namespace } from '@parlay/i18n/languages.ts';
import { type TranslateFn, useT } from '@parlay/i18n/runtime.tsx';

/** The namespace every game screen reads (its top-level keys are game ids). */
export const GAMES_NAMESPACE = 'casino-games' as Namespace;

/** t('hit') of this game reads `<game>.hit` of casino-games. */
export function useGameT(game: string): TranslateFn {
  const t = useT(GAMES_NAMESPACE);
  return (key, values) => t(`${game}.${key}`, values);
}

/**
 * Words of a game's names for the instant search, and of a query: lowercased, ё read as е, split on
 * anything that is not a letter or digit. "Fruit Storm" → fruit, storm; a query "fr st" matches it
 * (every query word is the start of one of the name's words), "Фруктовый" matches its Russian name.
 */

const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Query words beyond this are ignored (a bound on the search's work). */
export const MAX_QUERY_WORDS = 5;
const MAX_WORD_LENGTH = 40;

function normalise(text: string): string {
  return text.normalize('NFC').toLowerCase().replaceAll('ё', 'е');
}

/** The distinct words of a text. */
export function wordsOf(text: string): string[] {
  const words = normalise(text)
    .split(NOT_WORD)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)];
}

/** The words of a query, at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  return wordsOf(query).slice(0, MAX_QUERY_WORDS);
}

/** A word as a LIKE prefix pattern: the wildcard characters escaped, '%' after. */
export function prefixPattern(word: string): string {
  return `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

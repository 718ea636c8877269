/**
 * The pages' pure rules: which page a route is, a ticket's price and combinations (domain/lotto's
 * own rules, so the browser and the server price a system ticket alike), a toto coupon's price
 * (domain/toto), a countdown's text and names in the page's language.
 */
import {
  combinationsOf,
  type LottoGame,
  lottoGame,
  purchasePriceMinor,
  type TicketNumbers,
  validateTicket,
} from '@parlay/domain/lotto/index.ts';
import { combinations, OUTCOME_BIT, type TotoOutcome } from '@parlay/domain/toto/index.ts';
import type { Names } from './model.ts';

export type LottoView =
  | { kind: 'lobby' }
  | { kind: 'builder'; gameId: string }
  | { kind: 'results'; gameId: string | null; page: number }
  | { kind: 'draw'; drawId: string }
  | { kind: 'my-tickets'; page: number }
  | { kind: 'ticket'; ticketId: string }
  | { kind: 'toto-draw' }
  | { kind: 'toto-next' }
  | { kind: 'toto-coupons' }
  | { kind: 'toto-archive'; page: number }
  | { kind: 'toto-nominees' }
  | { kind: 'toto-past'; drawId: string }
  | { kind: 'not-found' };

/** The toto's pages by their path segment (the spec spells the nominees "nonimees"; both work). */
const TOTO_PAGES: Record<string, LottoView['kind']> = {
  draw: 'toto-draw',
  next: 'toto-next',
  coupons: 'toto-coupons',
  draws: 'toto-archive',
  nonimees: 'toto-nominees',
  nominees: 'toto-nominees',
};

export const MY_TICKETS = 'my-tickets';
export const RESULTS = 'results';
/** The toto's one section (the path segment before a page, /toto/{section}/{page}). */
export const TOTO_SECTION = 'football-15';

const pageNumber = (search: URLSearchParams): number => {
  const page = Number(search.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};

function totoPage(segment: string, search: URLSearchParams): LottoView | null {
  const kind = TOTO_PAGES[segment];
  if (!kind) return null;
  if (kind === 'toto-archive') return { kind, page: pageNumber(search) };
  return { kind } as LottoView;
}

/** The page of a matched route of this app. */
export function viewOf(routeId: string, params: Record<string, string>, search: URLSearchParams): LottoView {
  if (routeId === 'lotto') {
    const section = params.sectionName;
    if (!section) return { kind: 'lobby' };
    if (section === RESULTS) {
      const game = search.get('game');
      return { kind: 'results', gameId: game && lottoGame(game) ? game : null, page: pageNumber(search) };
    }
    if (section === MY_TICKETS) return { kind: 'my-tickets', page: pageNumber(search) };
    if (lottoGame(section)) return { kind: 'builder', gameId: section };
    return { kind: 'not-found' };
  }
  if (routeId === 'lotto-draw') {
    const id = params.lottoId ?? '';
    return params.sectionName === 'view' ? { kind: 'ticket', ticketId: id } : { kind: 'draw', drawId: id };
  }
  if (routeId === 'toto') return { kind: 'toto-draw' };
  if (routeId === 'toto-section') {
    const section = params.totoSection ?? '';
    if (/^\d{1,18}$/.test(section)) return { kind: 'toto-past', drawId: section };
    return totoPage(section, search) ?? { kind: 'toto-draw' };
  }
  if (routeId === 'toto-section-page')
    return totoPage(params.totoPage ?? '', search) ?? { kind: 'not-found' };
  return { kind: 'not-found' };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** A ticket of `main` numbers (and `bonus` bonus numbers): what its combinations cost for `draws` draws. */
export function ticketPrice(
  game: LottoGame,
  main: number,
  bonus: number,
  draws: number,
): { combinations: bigint; priceMinor: bigint } | null {
  const numbers: TicketNumbers = { main: range(main), bonus: range(bonus) };
  try {
    validateTicket(game, numbers);
    return {
      combinations: combinationsOf(game, numbers),
      priceMinor: purchasePriceMinor(game, numbers, draws),
    };
  } catch {
    return null;
  }
}

/** The fewest and most numbers a ticket of the game holds. */
export function pickBounds(game: LottoGame): {
  min: number;
  max: number;
  bonusMin: number;
  bonusMax: number;
} {
  return {
    min: game.main.pick,
    max: game.main.maxPick,
    bonusMin: game.bonus?.pick ?? 0,
    bonusMax: game.bonus?.maxPick ?? 0,
  };
}

/** Toggles a number in a sorted selection, never above `max` numbers. */
export function toggleNumber(selected: readonly number[], n: number, max: number): number[] {
  if (selected.includes(n)) return selected.filter((x) => x !== n);
  if (selected.length >= max) return [...selected];
  return [...selected, n].sort((a, b) => a - b);
}

/** A toto pick ("1", "X2", …) toggled by one outcome; the text keeps the order 1, X, 2. */
export function togglePick(pick: string, outcome: TotoOutcome): string {
  const has = new Set(pick.split(''));
  if (has.has(outcome)) has.delete(outcome);
  else has.add(outcome);
  return (['1', 'X', '2'] as const).filter((o) => has.has(o)).join('');
}

/** Combinations of a coupon's picks (0 while a match has no outcome). */
export function couponCombinations(picks: readonly string[]): number {
  if (picks.some((p) => p.length === 0)) return 0;
  return combinations(
    picks.map((p) => p.split('').reduce((mask, o) => mask | OUTCOME_BIT[o as TotoOutcome], 0)),
  );
}

/** "02:05:09" or "4:09" for a number of seconds (never negative). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** A name in the page's language, else English, else any. */
export function nameIn(names: Names, lng: string): string {
  return names[lng] ?? names.en ?? Object.values(names)[0] ?? '';
}

/** The numbers two lists share. */
export function hitsOf(numbers: readonly number[], drawn: readonly number[] | null): Set<number> {
  if (!drawn) return new Set();
  const set = new Set(drawn);
  return new Set(numbers.filter((n) => set.has(n)));
}

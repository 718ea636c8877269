/** Lotto rules: games, tickets (systems in closed form), prizes and the provably fair draw. */
export * from './combinatorics.ts';
export * from './draw.ts';
export * from './games.ts';
export * from './lotto-rule-error.ts';
export * from './prizes.ts';
export * from './ticket.ts';

/** Toto (a 15-match pool): predictions, combinations, categories and the pool's distribution. */
export * from './categories.ts';
export * from './distribution.ts';
export * from './picks.ts';

/** Bingo: 75-ball and 90-ball cards, the bitmask marker, prizes and the fair draw. */
export * from './cards.ts';
export * from './fair.ts';
export * from './game.ts';
export * from './prizes.ts';

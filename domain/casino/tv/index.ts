/** TV games: the wheel of fortune and the 6-of-48 fast lottery, fixed odds, provably fair draws. */
export * from './fair.ts';
export * from './fast-lottery.ts';
export * from './wheel.ts';

/** Crash: shared rounds on a hash chain (not an InHouseGame; the server runs one round for all). */
export * from './chain.ts';
export * from './crash-point.ts';
export * from './definition.ts';
export * from './multiplier.ts';
export * from './settle.ts';

export * from './exchange.ts';
export * from './limit-state.ts';
export * from './limit-types.ts';
export * from './usage.ts';

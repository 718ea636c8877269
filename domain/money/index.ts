export * from './amount.ts';
export * from './currencies.ts';
export * from './payment-state.ts';

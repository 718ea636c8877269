/** The coupon (bet slip) rules of coupon-accounts §3-§5 and §9: pure functions, money in bigint minor units. */
export * from './amounts.ts';
export * from './bet-builder.ts';
export * from './coefficient.ts';
export * from './combinations.ts';
export * from './coupon-bets.ts';
export * from './coupon-payout.ts';
export * from './coupon-type.ts';
export * from './exact-coef.ts';
export * from './express-bonus.ts';
export * from './market-kind.ts';
export * from './odds-change.ts';
export * from './one-click.ts';
export * from './settlement.ts';
export * from './slip-selection.ts';
export * from './system.ts';

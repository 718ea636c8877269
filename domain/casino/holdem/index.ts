/** Texas hold'em (the demo studio's tables): the engine, the best-of-seven evaluator and the bots. */
export * from './bots.ts';
export * from './engine.ts';
export * from './evaluator.ts';

/**
 * Reading a player's parameters and decisions, which arrive as untrusted JSON: each reader throws
 * GameRuleError naming the game and what is wrong, so the server answers CASINO_RULE with a reason.
 */
import { GameRuleError } from '../game-rule-error.ts';
import type { Ratio } from '../ratio.ts';

/** The input as a plain JSON object, or GameRuleError(`${what} must be an object`). */
export function jsonObject(game: string, input: unknown, what: string): Readonly<Record<string, unknown>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new GameRuleError(game, `${what} must be an object`);
  }
  return input as Record<string, unknown>;
}

/** A whole number field, or GameRuleError(`${key} must be a whole number`). */
export function wholeNumber(game: string, value: unknown, key: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new GameRuleError(game, `${key} must be a whole number`);
  }
  return value;
}

/** One of the listed texts, or GameRuleError(`${key} must be one of …`). */
export function oneOf<T extends string>(game: string, value: unknown, options: readonly T[], key: string): T {
  if (typeof value !== 'string' || !options.includes(value as T)) {
    throw new GameRuleError(game, `${key} must be one of ${options.join(', ')}`);
  }
  return value as T;
}

/** An action `{ type, … }` whose type is one of the listed kinds. */
export function actionOf<T extends string>(
  game: string,
  input: unknown,
  types: readonly T[],
): { readonly type: T; readonly fields: Readonly<Record<string, unknown>> } {
  const fields = jsonObject(game, input, 'action');
  return { type: oneOf(game, fields.type, types, 'action type'), fields };
}

const MINOR_TEXT = /^(0|[1-9]\d{0,30})$/;

/** An amount in minor units, given as decimal text (or a safe whole number); at least 1. */
export function positiveMinor(game: string, value: unknown, key: string): bigint {
  let amount: bigint | undefined;
  if (typeof value === 'string' && MINOR_TEXT.test(value)) amount = BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) amount = BigInt(value);
  if (amount === undefined || amount < 1n) {
    throw new GameRuleError(game, `${key} must be a positive amount in minor units`);
  }
  return amount;
}

/** Refuses a stake of nothing (the server checks the game's limits before any round). */
export function checkStake(game: string, stakeMinor: bigint): void {
  if (stakeMinor < 1n) throw new GameRuleError(game, 'stake must be positive');
}

/** A multiplier as the view shows it: exact fraction text ("99/50") — the UI formats it. */
export function ratioText(ratio: Ratio): string {
  return ratio.toString();
}

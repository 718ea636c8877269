/** A ticket the game's rules refuse; `reason` maps to a stable API error code on the server. */
export type LottoRuleReason =
  | 'numbers_out_of_range'
  | 'numbers_repeated'
  | 'wrong_count'
  | 'system_not_allowed'
  | 'draws_out_of_range';

export class LottoRuleError extends Error {
  readonly reason: LottoRuleReason;
  readonly details: Record<string, string | number>;
  constructor(reason: LottoRuleReason, message: string, details: Record<string, string | number> = {}) {
    super(message);
    this.name = 'LottoRuleError';
    this.reason = reason;
    this.details = details;
  }
}

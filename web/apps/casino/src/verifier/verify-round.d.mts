/** Types of the stand-alone verifier script (verify-round.mjs), for its unit test and the page. */
export declare const KENO_PAYTABLES: Readonly<Record<string, readonly number[]>>;
export declare const SLOT_REELS: Readonly<
  Record<string, { rows: number; strips: readonly (readonly string[])[] }>
>;
export declare const PLINKO_TABLES: Readonly<Record<string, Readonly<Record<string, readonly number[]>>>>;

export interface ScriptRound {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  stakeMinor: string;
  params: unknown;
  actions?: readonly unknown[];
  server?: { view?: unknown; payoutMinor?: string } | null;
}

export interface ScriptResult {
  commitment: string;
  outcome: Record<string, unknown>;
  payoutMinor: string;
}

export declare function verifyRound(round: ScriptRound): ScriptResult;
export declare function compareWithServer(
  result: ScriptResult,
  server: { view?: unknown; payoutMinor?: string },
): { field: string; server: string; replay: string }[];
export declare function sha256Hex(text: string): string;
export declare const GAMES: Readonly<Record<string, unknown>>;

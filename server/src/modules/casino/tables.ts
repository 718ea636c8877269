/**
 * The casino module's table types, gathered for server/src/platform/schema.ts: one line per
 * sub-area (catalogue, rounds, crash, providers), each describing its own migration's tables.
 */

export type { CasinoBingoTables } from './bingo/tables.ts';
export type { CasinoCatalogueTables } from './catalogue/tables.ts';
export type { CasinoCrashTables } from './crash/tables.ts';
export type { CasinoProviderTables } from './providers/tables.ts';
export type { CasinoRoundsTables } from './rounds/tables.ts';
export type { CasinoTvTables } from './tv/tables.ts';

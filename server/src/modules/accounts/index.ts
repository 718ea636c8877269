/**
 * Accounts module (wallet + ledger): players' accounts of coupon-accounts §3 and the double-entry
 * ledger of ARCHITECTURE.md §5 (immutable idempotent transfers, guarded balances, reservations,
 * reversals, `parlay ledger check`). Front door: the Ledger service, its types, and accountsModule
 * (routes under /web-api/accounts/v1 for the signed-in player: accounts list, add and remove a
 * currency, set the active account, transaction history).
 */
export { BalanceFeed, type BalanceMessage } from './balance-feed.ts';
export type { LedgerDifference, LedgerReport } from './check-ledger.ts';
export { type DocumentStorage, LocalDiskStorage, MemoryStorage } from './document-storage.ts';
export { LEDGER_USAGE, runLedgerCommand } from './ledger-command.ts';
export { Ledger, type MoveInput, type PreparedTransfer } from './ledger-service.ts';
export {
  MAX_PAGE_SIZE,
  type Page,
  pageOf,
  type TransactionFilter,
  type TransactionLine,
} from './list-transactions.ts';
export type {
  AccountRef,
  Metadata,
  Posting,
  PostingInput,
  Transfer,
  TransferInput,
} from './post-transfer.ts';
export type { ReasonTotal, ReasonTotalsQuery } from './reason-totals.ts';
export type { CaptureInput, PreparedReservationRecord, Reservation, ReserveInput } from './reservations.ts';
export { type AccountBonusFacts, accountsRoutes as accountsModule, accountView } from './routes.ts';
export { SHARDS } from './system-accounts.ts';
export type { AccountsTables } from './tables.ts';
export {
  DOCUMENT_TYPES,
  type VerificationDocument,
  VerificationService,
  type VerificationStatus,
} from './verification.ts';
export {
  announceVerificationChanges,
  startVerificationAnnouncer,
  type VerificationMessage,
} from './verification-announcer.ts';
export { runVerificationCommand, VERIFICATION_USAGE } from './verification-command.ts';
export { type IdentificationFlavour, verificationRoutes } from './verification-routes.ts';
export {
  ACCOUNT_TYPE,
  type Account,
  type AccountsView,
  type AccountType,
  MAX_CURRENCY_ACCOUNTS,
  SET_ACTIVE_MESSAGE_KEY,
} from './wallet.ts';

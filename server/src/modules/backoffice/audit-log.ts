/**
 * The audit log: append-only, one chain. Each record's hash is SHA-256 of the previous record's
 * hash and the record's canonical JSON (keys sorted, no spaces); the chain's head row
 * (backoffice_audit_head) is locked by every append, so concurrent appends take turns and each
 * record names its predecessor. verifyAuditChain walks the records in order and names the first
 * one that was edited, removed or added out of the chain.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { csvRow } from '../../platform/csv.ts';
import type { Database } from '../../platform/schema.ts';

export type AuditDetails = Record<string, string | number | boolean | null>;
export type AuditOutcome = 'ok' | 'refused' | 'forbidden';

export interface AuditEntry {
  operatorId: bigint | null;
  /** The operator's login, or `cli` for the command line, or the login tried at sign-in. */
  operatorLogin: string;
  action: string;
  target?: string;
  outcome: AuditOutcome;
  details?: AuditDetails;
  ip: string;
}

export interface AuditRecord {
  seq: bigint;
  at: Date;
  operatorId: bigint | null;
  operatorLogin: string;
  action: string;
  target: string;
  outcome: AuditOutcome;
  details: AuditDetails;
  ip: string;
  prevHash: string;
  hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with keys sorted at every level and no spaces: the same record gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function recordBody(r: Omit<AuditRecord, 'prevHash' | 'hash'>) {
  return {
    seq: r.seq.toString(),
    at: r.at.toISOString(),
    operatorId: r.operatorId === null ? null : r.operatorId.toString(),
    operatorLogin: r.operatorLogin,
    action: r.action,
    target: r.target,
    outcome: r.outcome,
    details: r.details,
    ip: r.ip,
  };
}

export function chainHash(prevHash: string, record: Omit<AuditRecord, 'prevHash' | 'hash'>): string {
  return createHash('sha256')
    .update(prevHash)
    .update(canonicalJson(recordBody(record)))
    .digest('hex');
}

/** Appends one record inside the caller's transaction (it locks the chain's head until commit). */
export async function appendAudit(trx: Kysely<Database>, at: Date, entry: AuditEntry): Promise<bigint> {
  const head = await trx
    .selectFrom('backoffice_audit_head')
    .select(['last_seq', 'last_hash'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const record = {
    seq: head.last_seq + 1n,
    at,
    operatorId: entry.operatorId,
    operatorLogin: entry.operatorLogin,
    action: entry.action,
    target: entry.target ?? '',
    outcome: entry.outcome,
    details: entry.details ?? {},
    ip: entry.ip,
  };
  const hash = chainHash(head.last_hash, record);
  await trx
    .insertInto('backoffice_audit')
    .values({
      seq: record.seq,
      at,
      operator_id: record.operatorId,
      operator_login: record.operatorLogin,
      action: record.action,
      target: record.target,
      outcome: record.outcome,
      details: JSON.stringify(record.details) as never,
      ip: record.ip,
      prev_hash: head.last_hash,
      hash,
    })
    .execute();
  await trx
    .updateTable('backoffice_audit_head')
    .set({ last_seq: record.seq, last_hash: hash })
    .where('id', '=', 1)
    .execute();
  return record.seq;
}

/** Appends one record in a transaction of its own. */
export function appendAuditNow(db: Kysely<Database>, at: Date, entry: AuditEntry): Promise<bigint> {
  return db.transaction().execute((trx) => appendAudit(trx, at, entry));
}

type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

function auditRows(db: Kysely<Database>, afterSeq: bigint, limit: number) {
  return db
    .selectFrom('backoffice_audit')
    .selectAll()
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

function toRecord(r: AuditRow): AuditRecord {
  return {
    seq: r.seq,
    at: r.at,
    operatorId: r.operator_id,
    operatorLogin: r.operator_login,
    action: r.action,
    target: r.target,
    outcome: r.outcome,
    details: r.details,
    ip: r.ip,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

export type ChainReport =
  | { ok: true; checked: number }
  | { ok: false; checked: number; brokenAt: bigint; reason: string };

const VERIFY_BATCH = 1000;

/** Walks the chain from its first record; the first record that does not follow is named. */
export async function verifyAuditChain(db: Kysely<Database>): Promise<ChainReport> {
  let expectedSeq = 1n;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  for (;;) {
    const rows = await auditRows(db, expectedSeq - 1n, VERIFY_BATCH);
    for (const row of rows) {
      const r = toRecord(row);
      const broken = (reason: string): ChainReport => ({ ok: false, checked, brokenAt: r.seq, reason });
      if (r.seq !== expectedSeq) return broken(`record ${expectedSeq} is missing`);
      if (r.prevHash !== prevHash) return broken('it does not name the previous record');
      if (chainHash(prevHash, r) !== r.hash) return broken('its contents do not match its hash');
      prevHash = r.hash;
      expectedSeq += 1n;
      checked += 1;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  const head = await db
    .selectFrom('backoffice_audit_head')
    .select(['last_seq', 'last_hash'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  if (head.last_seq !== expectedSeq - 1n || head.last_hash !== prevHash) {
    return {
      ok: false,
      checked,
      brokenAt: expectedSeq,
      reason: `the chain ends at ${expectedSeq - 1n} but its head names ${head.last_seq}`,
    };
  }
  return { ok: true, checked };
}

export interface AuditFilter {
  operator?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** Records before this seq (paging backwards from the newest). */
  beforeSeq?: bigint;
  limit: number;
}

export async function searchAudit(db: Kysely<Database>, filter: AuditFilter): Promise<AuditRecord[]> {
  const rows = await db
    .selectFrom('backoffice_audit')
    .selectAll()
    .$if(filter.operator !== undefined, (q) => q.where('operator_login', '=', filter.operator as string))
    .$if(filter.action !== undefined, (q) =>
      q.where('action', 'like', `${(filter.action as string).replace(/[\\%_]/g, '\\$&')}%`),
    )
    .$if(filter.from !== undefined, (q) => q.where('at', '>=', filter.from as Date))
    .$if(filter.to !== undefined, (q) => q.where('at', '<', filter.to as Date))
    .$if(filter.beforeSeq !== undefined, (q) => q.where('seq', '<', filter.beforeSeq as bigint))
    .orderBy('seq', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(toRecord);
}

export const AUDIT_CSV_HEADER = [
  'seq',
  'at',
  'operator',
  'action',
  'target',
  'outcome',
  'details',
  'ip',
  'hash',
] as const;

export function auditCsvLine(r: AuditRecord): string {
  return csvRow([
    r.seq.toString(),
    r.at.toISOString(),
    r.operatorLogin,
    r.action,
    r.target,
    r.outcome,
    canonicalJson(r.details),
    r.ip,
    r.hash,
  ]);
}

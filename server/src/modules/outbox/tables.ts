import type { Generated } from 'kysely';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead';
export type DeliveryOutcome = 'sent' | 'retry' | 'dead' | 'abandoned';

/** Tables of the outbox module (migrations 0023 and 0140). */
export interface OutboxTables {
  outbox_messages: {
    id: Generated<bigint>;
    channel: 'email' | 'sms';
    recipient: string;
    subject: Generated<string>;
    /** The plain-text part (the whole SMS). */
    body: string;
    /** The HTML part of an e-mail; null for SMS. */
    html: string | null;
    lang: Generated<string>;
    template: string;
    status: Generated<OutboxStatus>;
    /** Attempts claimed so far; the claim of attempt n owns the row while status is sending. */
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    /** While sending: a claim older than this was lost (its process died) and may be taken again. */
    claimed_until: Date | null;
    last_error: Generated<string>;
    created_at: Generated<Date>;
    sent_at: Date | null;
  };
  /** The delivery log: one row per attempt. */
  outbox_deliveries: {
    id: Generated<bigint>;
    message_id: bigint;
    attempt: number;
    provider: string;
    started_at: Date;
    finished_at: Date;
    outcome: DeliveryOutcome;
    provider_answer: Generated<string>;
    error: Generated<string>;
  };
}

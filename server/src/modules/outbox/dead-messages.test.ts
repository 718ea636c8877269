/**
 * Dead messages and the operator's `parlay outbox list-dead | resend <id|--all>`: a message the SMS
 * gateway refused for good is listed (without its text), resent once (replays and parallel resends
 * queue it once), and then really arrives at the test HTTP endpoint; bad arguments change nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { DeadMessages } from './dead-messages.ts';
import { OutboxDelivery } from './delivery.ts';
import { runOutboxCommand } from './outbox-command.ts';
import { OutboxService } from './outbox-service.ts';
import { SmsWebhook } from './providers.ts';
import { startTestSmsEndpoint, type TestSmsEndpoint } from './test-support.ts';

let database: TestDatabase;
let sms: TestSmsEndpoint;
let clock: ManualClock;
let outbox: OutboxService;
let dead: DeadMessages;
let delivery: OutboxDelivery;
let serial = 0;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  sms = await startTestSmsEndpoint();
});
afterAll(async () => {
  await sms.close();
  await database.drop();
});
beforeEach(async () => {
  // Every case starts with nothing due and nothing dead: earlier cases' messages are marked sent.
  await database.handle.db.updateTable('outbox_messages').set({ status: 'sent' }).execute();
  clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  outbox = new OutboxService(database.handle.db, clock);
  dead = new DeadMessages(database.handle.db, clock);
  const webhook = new SmsWebhook({
    url: sms.url,
    auth: '',
    body: '{"to":"{to}","text":"{text}"}',
    format: 'json',
  });
  delivery = new OutboxDelivery(database.handle.db, clock, { email: null, sms: webhook }, { maxAttempts: 2 });
});

/** A login code SMS the gateway refuses for good (422): dead after one attempt. Answers its id and phone. */
async function deadSms(code = '424242'): Promise<{ id: string; phone: string }> {
  serial += 1;
  const phone = `+7999100${String(serial).padStart(4, '0')}`;
  await outbox.enqueue({
    channel: 'sms',
    recipient: phone,
    template: 'login_code',
    lang: 'en',
    params: { code },
  });
  sms.refuseNext(1, 422);
  expect(await delivery.runOnce()).toBe(1);
  const row = await database.handle.db
    .selectFrom('outbox_messages')
    .select(['id', 'status'])
    .where('recipient', '=', phone)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('dead');
  return { id: String(row.id), phone };
}

function output() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: { log: (l: string) => lines.push(l), error: (l: string) => errors.push(l) } };
}

async function statusOf(id: string) {
  return database.handle.db
    .selectFrom('outbox_messages')
    .select(['status', 'attempts', 'last_error'])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();
}

describe('parlay outbox list-dead', () => {
  it('lists dead messages oldest first with channel, template, recipient and error, never the text', async () => {
    const first = await deadSms('515151');
    const second = await deadSms('626262');
    const o = output();
    expect(await runOutboxCommand(dead, ['list-dead'], o.out)).toBe(0);
    expect(o.lines).toHaveLength(3);
    expect(o.lines[0]).toMatch(new RegExp(`^#${first.id}\\tsms\\tlogin_code\\t\\${first.phone}\\t1 attempt`));
    expect(o.lines[1]).toContain(`#${second.id}\t`);
    expect(o.lines[2]).toBe('2 dead message(s)');
    expect(o.lines.join('\n')).not.toMatch(/515151|626262/);
  });

  it('says so when there are none', async () => {
    const o = output();
    expect(await runOutboxCommand(dead, ['list-dead'], o.out)).toBe(0);
    expect(o.lines).toEqual(['0 dead message(s)']);
  });
});

describe('parlay outbox resend', () => {
  it('sends a dead message again with a fresh round of attempts, and it arrives', async () => {
    const { id, phone } = await deadSms('737373');
    const o = output();
    expect(await runOutboxCommand(dead, ['resend', id], o.out)).toBe(0);
    expect(o.lines).toEqual([`#${id} queued again`]);
    expect(await statusOf(id)).toEqual({ status: 'pending', attempts: 0, last_error: '' });
    expect(await delivery.runOnce()).toBe(1);
    const [arrived] = await sms.waitForSms(phone);
    expect(arrived!.text).toContain('737373');
    expect((await statusOf(id)).status).toBe('sent');
    const log = await database.handle.db
      .selectFrom('outbox_deliveries')
      .select(['attempt', 'outcome'])
      .where('message_id', '=', BigInt(id))
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { attempt: 1, outcome: 'dead' },
      { attempt: 1, outcome: 'sent' },
    ]);
  });

  it('queues a message once when resent twice or from two terminals at once', async () => {
    const { id } = await deadSms();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => {
        const o = output();
        return runOutboxCommand(dead, ['resend', id], o.out).then((code) => ({ code, ...o }));
      }),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0))
      expect(a.errors[0]).toBe(`OUTBOX_NOT_DEAD: message #${id} is pending, not dead`);
    expect(await delivery.runOnce()).toBe(1);
    expect(await delivery.runOnce()).toBe(0);
  });

  it('resends every dead message with --all, and a second --all finds none', async () => {
    const a = await deadSms();
    const b = await deadSms();
    const o = output();
    expect(await runOutboxCommand(dead, ['resend', '--all'], o.out)).toBe(0);
    expect(o.lines).toEqual(['2 message(s) queued again']);
    expect((await statusOf(a.id)).status).toBe('pending');
    expect((await statusOf(b.id)).status).toBe('pending');
    const again = output();
    expect(await runOutboxCommand(dead, ['resend', '--all'], again.out)).toBe(0);
    expect(again.lines).toEqual(['0 message(s) queued again']);
  });

  it('refuses unknown ids, messages that are not dead and bad arguments, changing nothing', async () => {
    const { id } = await deadSms();
    const cases: [string[], RegExp][] = [
      [['resend', '999999999'], /^OUTBOX_MESSAGE_NOT_FOUND: /],
      [['resend'], /^usage:/],
      [['resend', 'abc'], /^usage:/],
      [['resend', '-1'], /^usage:/],
      [['resend', id, 'extra'], /^usage:/],
      [['list-dead', 'x'], /^usage:/],
      [['purge'], /^usage:/],
      [[], /^usage:/],
    ];
    for (const [args, error] of cases) {
      const o = output();
      expect(await runOutboxCommand(dead, args, o.out), args.join(' ')).toBe(1);
      expect(o.errors[0]).toMatch(error);
    }
    expect((await statusOf(id)).status).toBe('dead');
    await outbox.enqueue({ channel: 'sms', recipient: '+79990009999', template: 'x', body: 'hello' });
    const pending = await database.handle.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', '+79990009999')
      .executeTakeFirstOrThrow();
    const o = output();
    expect(await runOutboxCommand(dead, ['resend', String(pending.id)], o.out)).toBe(1);
    expect(o.errors[0]).toMatch(/^OUTBOX_NOT_DEAD: .* is pending, not dead$/);
  });
});

/**
 * Delivery from the outbox against a real SMTP server and a real HTTP endpoint started here: retries
 * with backoff on the manual clock, giving up (dead), two workers racing, the delivery log, HTML
 * escaping, DKIM, and the templates in both languages.
 */
import { generateKeyPairSync } from 'node:crypto';
import { dictionaryProblems } from '@parlay/i18n/dictionary-checks.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import { migrate } from '../../platform/migrations.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { OutboxDelivery, retryDelayMs } from './delivery.ts';
import { OutboxService, renderMessage } from './outbox-service.ts';
import { fillWebhookBody, type Providers, providersOf, SmsWebhook, SmtpMailer } from './providers.ts';
import { TEMPLATE_DICTIONARIES, TEMPLATES, type TemplateName } from './templates.ts';
import {
  codeIn,
  startTestSmsEndpoint,
  startTestSmtpServer,
  type TestSmsEndpoint,
  type TestSmtpServer,
} from './test-support.ts';

const FROM = 'Parlay <no-reply@parlay.test>';
const OPTIONS = { retryBaseMs: 10_000, retryMaxMs: 600_000, maxAttempts: 3, leaseMs: 120_000 };

let database: TestDatabase;
let smtp: TestSmtpServer;
let sms: TestSmsEndpoint;
let clock: ManualClock;
let outbox: OutboxService;
let providers: Providers;
let serial = 0;
const nextEmail = () => {
  serial += 1;
  return `player${serial}@example.com`;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.handle);
  smtp = await startTestSmtpServer();
  sms = await startTestSmsEndpoint();
  providers = {
    email: new SmtpMailer({ smtpUrl: smtp.url, from: FROM, replyTo: 'help@parlay.test', dkim: null }),
    sms: new SmsWebhook({
      url: sms.url,
      auth: 'Bearer gateway-token',
      body: '{"to":"{to}","text":"{text}"}',
      format: 'json',
    }),
  };
});
afterAll(async () => {
  providers.email?.close?.();
  await smtp.close();
  await sms.close();
  await database.drop();
});
beforeEach(() => {
  clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  outbox = new OutboxService(database.handle.db, clock);
});

const delivery = (p: Providers = providers) => new OutboxDelivery(database.handle.db, clock, p, OPTIONS);

async function messageRow(recipient: string) {
  return database.handle.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', recipient)
    .executeTakeFirstOrThrow();
}

async function logOf(recipient: string) {
  const { id } = await messageRow(recipient);
  return database.handle.db
    .selectFrom('outbox_deliveries')
    .selectAll()
    .where('message_id', '=', id)
    .orderBy('id')
    .execute();
}

describe('retries', () => {
  it('retries a refused e-mail after the backoff and delivers it on the second attempt', async () => {
    const to = nextEmail();
    await outbox.enqueue({
      channel: 'email',
      recipient: to,
      template: 'login_code',
      lang: 'en',
      params: { code: '481516' },
    });
    smtp.refuseNext(1, 451);
    const worker = delivery();
    expect(await worker.runOnce()).toBe(1);
    const afterFirst = await messageRow(to);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFirst.last_error).toContain('451');
    expect(afterFirst.next_attempt_at.getTime()).toBe(clock.nowMs() + retryDelayMs(1, OPTIONS));
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(0);

    // Not due yet: a pass before the backoff ends takes nothing.
    clock.advance(retryDelayMs(1, OPTIONS) - 1);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    const [mail] = await smtp.waitForMail(to);
    expect(codeIn(mail!.text)).toBe('481516');
    expect(await messageRow(to)).toMatchObject({ status: 'sent', attempts: 2, last_error: '' });
    const log = await logOf(to);
    expect(log.map((l) => [l.attempt, l.outcome, l.provider])).toEqual([
      [1, 'retry', 'smtp'],
      [2, 'sent', 'smtp'],
    ]);
    expect(log[0]!.error).toContain('451');
    expect(log[1]!.provider_answer).toMatch(/^250 /);
    // The code never reaches the delivery log, not even in the provider's answer.
    expect(log.map((l) => `${l.provider_answer} ${l.error}`).join(' ')).not.toContain('481516');
  });

  it('doubles the wait after every failure, up to the ceiling', () => {
    expect([1, 2, 3, 4, 10, 30].map((a) => retryDelayMs(a, OPTIONS))).toEqual([
      10_000, 20_000, 40_000, 80_000, 600_000, 600_000,
    ]);
  });

  it('gives up after the last attempt (dead) and never sends it again', async () => {
    const phone = '+79990001122';
    await outbox.enqueue({
      channel: 'sms',
      recipient: phone,
      template: 'login_code',
      lang: 'ru',
      params: { code: '271828' },
    });
    sms.refuseNext(OPTIONS.maxAttempts, 503);
    const worker = delivery();
    for (let attempt = 1; attempt <= OPTIONS.maxAttempts; attempt += 1) {
      expect(await worker.runOnce()).toBe(1);
      clock.advance(retryDelayMs(attempt, OPTIONS));
    }
    expect(await messageRow(phone)).toMatchObject({ status: 'dead', attempts: OPTIONS.maxAttempts });
    clock.advance(86_400_000);
    expect(await worker.runOnce()).toBe(0);
    expect(sms.messages.filter((m) => m.to === phone)).toHaveLength(0);
    const log = await logOf(phone);
    expect(log.map((l) => l.outcome)).toEqual(['retry', 'retry', 'dead']);
    expect(log[2]!.provider_answer).toContain('503');
    // The gateway echoed the SMS back; the log keeps the answer with the text and the code masked.
    expect(log[2]!.provider_answer).toContain('refused');
    for (const entry of log) expect(`${entry.provider_answer} ${entry.error}`).not.toContain('271828');
  });

  it('gives up at once when the gateway refuses the request as malformed (422)', async () => {
    const phone = '+79990002233';
    await outbox.enqueue({
      channel: 'sms',
      recipient: phone,
      template: 'login_code',
      lang: 'en',
      params: { code: '161803' },
    });
    sms.refuseNext(1, 422);
    expect(await delivery().runOnce()).toBe(1);
    expect(await messageRow(phone)).toMatchObject({ status: 'dead', attempts: 1 });
    const [entry] = await logOf(phone);
    expect([entry!.outcome, entry!.provider]).toEqual(['dead', 'sms-webhook']);
    expect(entry!.provider_answer).toMatch(/^422 /);
    expect(entry!.provider_answer).not.toContain('161803');
  });

  it('gives up at once on a permanent refusal (mailbox does not exist)', async () => {
    const to = nextEmail();
    await outbox.enqueue({
      channel: 'email',
      recipient: to,
      template: 'login_code',
      lang: 'en',
      params: { code: '112358' },
    });
    smtp.refuseNext(1, 550);
    expect(await delivery().runOnce()).toBe(1);
    expect(await messageRow(to)).toMatchObject({ status: 'dead', attempts: 1 });
    expect((await logOf(to)).map((l) => l.outcome)).toEqual(['dead']);
  });

  it('takes a claim back after its lease ran out (a crash between send and mark), logging it abandoned', async () => {
    const to = nextEmail();
    await outbox.enqueue({
      channel: 'email',
      recipient: to,
      template: 'login_code',
      lang: 'en',
      params: { code: '314159' },
    });
    // A process claims the row and dies: status sending, attempt 1, no log row.
    const { id } = await messageRow(to);
    await database.handle.db
      .updateTable('outbox_messages')
      .set({ status: 'sending', attempts: 1, claimed_until: new Date(clock.nowMs() + OPTIONS.leaseMs) })
      .where('id', '=', id)
      .execute();
    const worker = delivery();
    expect(await worker.runOnce()).toBe(0);
    clock.advance(OPTIONS.leaseMs);
    expect(await worker.runOnce()).toBe(1);
    await smtp.waitForMail(to);
    expect(await messageRow(to)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await logOf(to)).map((l) => [l.attempt, l.outcome])).toEqual([
      [1, 'abandoned'],
      [2, 'sent'],
    ]);
  });
});

describe('a worker that stops between send and mark', () => {
  it('sends again after the lease (at least once), and the late mark of the lost claim is dropped', async () => {
    const to = nextEmail();
    await outbox.enqueue({
      channel: 'email',
      recipient: to,
      template: 'login_code',
      lang: 'en',
      params: { code: '299792' },
    });
    // The first worker's provider hands the message to SMTP and then never comes back, as if its
    // process stopped before the mark.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stalling: Providers = {
      sms: null,
      email: {
        name: 'smtp',
        async send(message) {
          const answer = await providers.email!.send(message);
          await held;
          return answer;
        },
      },
    };
    const warnings: string[] = [];
    const quiet = () => {};
    const first = new OutboxDelivery(database.handle.db, clock, stalling, OPTIONS, {
      info: quiet,
      error: quiet,
      warn: (_, m) => warnings.push(m),
    });
    const stalled = first.runOnce();
    await smtp.waitForMail(to);
    expect(await messageRow(to)).toMatchObject({ status: 'sending', attempts: 1 });

    // Within the lease nobody touches it; after it, another worker takes it and sends it again.
    const second = delivery();
    expect(await second.runOnce()).toBe(0);
    clock.advance(OPTIONS.leaseMs);
    expect(await second.runOnce()).toBe(1);
    expect(await smtp.waitForMail(to, 2)).toHaveLength(2);
    expect(await messageRow(to)).toMatchObject({ status: 'sent', attempts: 2 });

    // The first worker comes back: its claim (attempt 1) is gone, so it marks and logs nothing.
    release();
    expect(await stalled).toBe(1);
    expect(warnings).toEqual(['outbox: the claim was lost before the attempt was recorded']);
    expect(await messageRow(to)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await logOf(to)).map((l) => [l.attempt, l.outcome])).toEqual([
      [1, 'abandoned'],
      [2, 'sent'],
    ]);
  });
});

describe('several workers', () => {
  it('two workers racing deliver every message exactly once', async () => {
    const recipients = Array.from({ length: 12 }, () => nextEmail());
    for (const [i, to] of recipients.entries()) {
      await outbox.enqueue({
        channel: 'email',
        recipient: to,
        template: 'login_code',
        lang: 'en',
        params: { code: String(100000 + i) },
      });
    }
    const a = delivery();
    const b = delivery();
    let handled = 0;
    for (let pass = 0; pass < 3; pass += 1) {
      const counts = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      handled += counts.reduce((x, y) => x + y, 0);
    }
    expect(handled).toBe(recipients.length);
    for (const to of recipients) {
      expect(
        smtp.mails.filter((m) => m.to.includes(to)),
        to,
      ).toHaveLength(1);
      expect(await messageRow(to)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await logOf(to)).toHaveLength(1);
    }
  });

  it('leaves a channel without a provider in the outbox (the development inbox shows it)', async () => {
    await outbox.enqueue({
      channel: 'sms',
      recipient: '+79990003344',
      template: 'login_code',
      params: { code: '123123' },
    });
    const mailOnly = delivery({ email: providers.email, sms: null });
    expect(mailOnly.channels).toEqual(['email']);
    await mailOnly.runOnce();
    expect(await messageRow('+79990003344')).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await outbox.list('+79990003344', 1))[0]!.body).toContain('123123');
    // Clean up for the other tests: deliver it.
    await delivery().runOnce();
  });
});

describe('what arrives', () => {
  it('an e-mail has a text and an HTML part, sender, reply-to and the subject of its language', async () => {
    const to = nextEmail();
    await outbox.enqueue({
      channel: 'email',
      recipient: to,
      template: 'confirm_email',
      lang: 'ru',
      params: {
        code: '654321',
        accountNumber: '1234567890',
        link: 'https://parlay.test/ru/a?user=1&code=654321',
      },
    });
    await delivery().runOnce();
    const [mail] = await smtp.waitForMail(to);
    expect(mail!.subject).toBe('Подтвердите e-mail');
    expect(mail!.headers.get('from')).toContain('no-reply@parlay.test');
    expect(mail!.headers.get('reply-to')).toContain('help@parlay.test');
    expect(mail!.text).toContain('Добро пожаловать в Parlay. Номер вашего счёта 1234567890.');
    expect(codeIn(mail!.text)).toBe('654321');
    expect(mail!.html).toContain('<b>654321</b>');
    expect(mail!.html).toContain(
      '<a href="https://parlay.test/ru/a?user=1&amp;code=654321">https://parlay.test/ru/a?user=1&amp;code=654321</a>',
    );
    expect(mail!.html).toContain('lang="ru"');
  });

  it('escapes every parameter and text in the HTML part', async () => {
    const to = nextEmail();
    const password = `<script>alert("x")</script>&'`;
    await outbox.enqueue({
      channel: 'email',
      recipient: to,
      template: 'credentials',
      lang: 'en',
      params: { accountNumber: '1234567890', password },
    });
    const stored = await messageRow(to);
    expect(stored.html).not.toContain('<script>');
    expect(stored.html).toContain('<b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</b>');
    // The text part is the text itself.
    expect(stored.body).toContain(`Password: ${password}`);
    // A link parameter that is not http(s) is text, never an href.
    await outbox.enqueue({
      channel: 'email',
      recipient: `${to}.js`,
      template: 'confirm_email',
      lang: 'en',
      params: { code: '111111', link: 'javascript:alert(1)' },
    });
    const js = await messageRow(`${to}.js`);
    expect(js.html).not.toContain('href');
    expect(js.html).toContain('javascript:alert(1)');
    await delivery().runOnce();
    const [mail] = await smtp.waitForMail(to);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain(password);
  });

  it('an SMS reaches the webhook with the auth header, JSON-escaped', async () => {
    const phone = '+79990005566';
    await outbox.enqueue({
      channel: 'sms',
      recipient: phone,
      template: 'registration_code',
      lang: 'en',
      params: { code: '777888' },
    });
    await delivery().runOnce();
    const [message] = await sms.waitForSms(phone);
    expect(message!.headers.authorization).toBe('Bearer gateway-token');
    expect(message!.headers['content-type']).toBe('application/json');
    expect(message!.text).toBe('Parlay: your registration code is 777888. Do not share it.');
    expect((await logOf(phone))[0]!.provider_answer).toMatch(/^200 \{"status":"queued","id":"sms-\d+"\}$/);
  });

  it('fills the webhook body escaped for JSON and for forms', () => {
    const text = 'a "quote" & \\ back\nline';
    const json = fillWebhookBody(
      { format: 'json', body: '{"phone":"{to}","message":"{text}"}' },
      '+7999',
      text,
    );
    expect(JSON.parse(json)).toEqual({ phone: '+7999', message: text });
    const form = fillWebhookBody({ format: 'form', body: 'to={to}&text={text}&from=Parlay' }, '+7999', text);
    expect(Object.fromEntries(new URLSearchParams(form))).toEqual({ to: '+7999', text, from: 'Parlay' });
  });

  it('signs e-mail with DKIM when a key is configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      MAIL_FROM: FROM,
      DKIM_DOMAIN: 'parlay.test',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: pem,
    });
    const signed = providersOf(config);
    const to = nextEmail();
    await outbox.enqueue({
      channel: 'email',
      recipient: to,
      template: 'login_code',
      lang: 'en',
      params: { code: '246810' },
    });
    await delivery(signed).runOnce();
    signed.email?.close?.();
    const [mail] = await smtp.waitForMail(to);
    const dkim = mail!.headers.get('dkim-signature') ?? '';
    expect(dkim).toMatch(/\bd=parlay\.test;/);
    expect(dkim).toMatch(/\bs=mail2026;/);
    expect(dkim).toMatch(/\bb=[A-Za-z0-9+/=\s]{40,}/);
    // Without a key nothing is signed.
    const plain = nextEmail();
    await outbox.enqueue({
      channel: 'email',
      recipient: plain,
      template: 'login_code',
      lang: 'en',
      params: { code: '135791' },
    });
    await delivery().runOnce();
    const [unsigned] = await smtp.waitForMail(plain);
    expect(unsigned!.headers.has('dkim-signature')).toBe(false);
  });
});

describe('templates', () => {
  it('have the same texts in both languages, none empty', () => {
    expect(
      dictionaryProblems({
        ru: { messages: TEMPLATE_DICTIONARIES.ru },
        en: { messages: TEMPLATE_DICTIONARIES.en },
      } as never),
    ).toEqual([]);
  });

  it('render every template on each of its channels in both languages, with the code in the text', () => {
    const params = {
      code: '123456',
      minutes: '15',
      accountNumber: '1234567890',
      password: 'pw',
      link: 'https://x.test/a',
    };
    for (const name of Object.keys(TEMPLATES) as TemplateName[]) {
      for (const channel of TEMPLATES[name].channels) {
        for (const lang of ['ru', 'en']) {
          const rendered = renderMessage({
            channel,
            recipient: channel === 'sms' ? '+79990000000' : 'a@example.com',
            template: name,
            lang,
            params,
          });
          const where = `${name} ${channel} ${lang}`;
          expect(rendered.lang, where).toBe(lang);
          expect(rendered.body, where).not.toMatch(/\{\{|\}\}/);
          if (name !== 'credentials') expect(codeIn(rendered.body), where).toBe('123456');
          if (channel === 'email') {
            expect(rendered.subject, where).not.toBe('');
            expect(rendered.html, where).toMatch(/^<!doctype html>/);
            expect(rendered.html, where).not.toMatch(/\{\{/);
          } else {
            expect([rendered.subject, rendered.html, rendered.body.includes('\n')], where).toEqual([
              '',
              null,
              false,
            ]);
          }
        }
      }
    }
  });

  it('refuses a message with a missing parameter or an unknown template, storing nothing', async () => {
    const to = nextEmail();
    await expect(
      outbox.enqueue({ channel: 'email', recipient: to, template: 'login_code', params: {} }),
    ).rejects.toThrow(/parameter code missing/);
    await expect(
      outbox.enqueue({ channel: 'email', recipient: to, template: 'no_such', params: { code: '1' } }),
    ).rejects.toThrow(/unknown template/);
    await expect(
      outbox.enqueue({ channel: 'email', recipient: to, template: 'confirm_phone', params: { code: '1' } }),
    ).rejects.toThrow(/not sent by email/);
    expect(await outbox.list(to, 10)).toEqual([]);
  });
});

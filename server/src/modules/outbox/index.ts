/**
 * Outbox module: SMS and e-mail messages written by other modules (OutboxService.enqueue, rendered
 * from templates per language), their delivery in the workers role (startMessaging: SMTP for
 * e-mail, an HTTP webhook for SMS, retries with backoff, a delivery log; docs/messaging.md) and,
 * with DEV_TOOLS=on, the development inbox that shows them to clients on this machine only (it shows
 * every sign-in and recovery code): GET /dev/inbox (HTML page) and GET /dev/inbox.json (the same as
 * JSON). No error codes: a broken message is a programming error (TemplateError, a 500).
 */
import { Type } from '@sinclair/typebox';
import type { Config } from '../../platform/config.ts';
import { serveToLocalClientsOnly } from '../../platform/dev-tools.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { type DeliveryLog, OutboxDelivery, startOutboxDelivery } from './delivery.ts';
import { OutboxService, type StoredMessage } from './outbox-service.ts';
import { providersOf } from './providers.ts';
import { escapeHtml } from './templates.ts';

export { DEAD_PAGE_MAX, type DeadMessage, DeadMessages } from './dead-messages.ts';
export {
  DEFAULT_DELIVERY_OPTIONS,
  type DeliveryLog,
  type DeliveryOptions,
  OutboxDelivery,
  retryDelayMs,
  startOutboxDelivery,
} from './delivery.ts';
export { OUTBOX_USAGE, runOutboxCommand } from './outbox-command.ts';
export {
  type OutboxChannel,
  type OutboxMessage,
  OutboxService,
  renderMessage,
  type StoredMessage,
} from './outbox-service.ts';
export {
  DeliveryError,
  type DeliveryProvider,
  fillWebhookBody,
  type Providers,
  providersOf,
  SmsWebhook,
  SmtpMailer,
} from './providers.ts';
export { escapeHtml, TEMPLATES, TemplateError, type TemplateName } from './templates.ts';

/**
 * Whether the site sends e-mail and SMS at all (MESSAGING); off = flows that need a code (e-mail
 * registration, password recovery, SMS sign-in) cannot finish, and the site config tells the web
 * (features.isMessagingEnabled).
 */
export function isMessagingEnabled(config: Config): boolean {
  return config.messaging === 'on';
}

/**
 * For the flows that cannot finish without a delivered code (SMS sign-in and registration codes,
 * password recovery): 403 MESSAGING_OFF with MESSAGING=off, before anything is stored or counted.
 */
export function requireMessaging(config: Config): void {
  if (!isMessagingEnabled(config)) throw new AppError('MESSAGING_OFF', 'MESSAGING=off: no codes are sent');
}

/**
 * Starts delivery in this process (workers role) for the channels that have a provider; none =
 * nothing runs and messages wait in the outbox (the development inbox shows them). The returned
 * function stops after the running pass and closes the SMTP connections.
 */
export function startMessaging(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'config'>,
  log: DeliveryLog,
  intervalMs = 1000,
): () => Promise<void> {
  const providers = providersOf(deps.config);
  const delivery = new OutboxDelivery(deps.db.db, deps.clock, providers, {}, log);
  log.info(
    {
      email: providers.email?.name ?? 'none',
      sms: providers.sms?.name ?? 'none',
      messaging: deps.config.messaging,
    },
    'outbox: delivery providers',
  );
  return startOutboxDelivery(delivery, log, intervalMs, () => {
    providers.email?.close?.();
    providers.sms?.close?.();
  });
}

const MessageSchema = Type.Object({
  id: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  lang: Type.String(),
  template: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  createdAt: Type.String(),
});

const InboxQuery = Type.Object({
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Only this recipient' })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

/** Whether the development inbox is served (to local clients): only with DEV_TOOLS=on. */
export function isDevInboxEnabled(deps: ModuleDeps): boolean {
  return deps.config.devTools;
}

export async function outboxModule(app: RoutesApp, deps: ModuleDeps): Promise<void> {
  if (!isDevInboxEnabled(deps)) return;
  serveToLocalClientsOnly(app);
  const outbox = new OutboxService(deps.db.db, deps.clock);
  const tags = ['development'];

  app.get(
    '/dev/inbox.json',
    {
      schema: {
        tags,
        summary: 'Development inbox (JSON)',
        description:
          'SMS and e-mail messages in the outbox, newest first. Only with DEV_TOOLS=on, only to clients on this machine.',
        querystring: InboxQuery,
        response: { 200: Type.Object({ data: Type.Array(MessageSchema) }) },
      },
    },
    async (request, reply) => {
      const { to, limit } = request.query;
      reply.header('cache-control', 'no-store');
      return { data: await outbox.list(to ?? null, limit) };
    },
  );

  app.get(
    '/dev/inbox',
    {
      schema: {
        tags,
        summary: 'Development inbox',
        description:
          'An HTML page listing the outbox, newest first. Only with DEV_TOOLS=on, only to clients on this machine.',
        querystring: InboxQuery,
      },
    },
    async (request, reply) => {
      const { to, limit } = request.query;
      reply.header('cache-control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(renderInbox(await outbox.list(to ?? null, limit)));
    },
  );
}

function renderInbox(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (
        m,
      ) => `<article><h2>${escapeHtml(m.channel.toUpperCase())} to ${escapeHtml(m.recipient)} <small>${escapeHtml(m.createdAt)} · ${escapeHtml(m.template)} · ${escapeHtml(m.status)}</small></h2>
${m.subject ? `<h3>${escapeHtml(m.subject)}</h3>` : ''}<pre>${escapeHtml(m.body)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development inbox</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}
article{border-top:1px solid #ccd;padding:.5rem 0}h2{font-size:1rem}small{color:#556;font-weight:normal}pre{white-space:pre-wrap;background:#f3f5f8;padding:.5rem}</style></head>
<body><main><h1>Development inbox</h1><p>Messages that a provider would deliver. <a href="/dev/inbox.json">JSON</a></p>
${rows || '<p>No messages yet.</p>'}</main></body></html>`;
}

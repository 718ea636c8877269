/**
 * Delivery providers: e-mail through SMTP (nodemailer, optional DKIM signing) and SMS through a
 * provider interface with one implementation, an HTTP webhook (URL, Authorization header, a body
 * template with {to} and {text}, JSON or form) that fits most SMS gateways.
 */
import { readFileSync } from 'node:fs';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../../platform/config.ts';

/** One message as a provider sends it. */
export interface OutgoingMessage {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
}

/** What the provider answered (its message id, status line), kept in the delivery log. */
export interface ProviderAnswer {
  answer: string;
}

export interface DeliveryProvider {
  /** Shown in the delivery log: smtp, sms-webhook, … */
  readonly name: string;
  /** Resolves when the provider accepted the message; throws DeliveryError (or anything) when not. */
  send(message: OutgoingMessage): Promise<ProviderAnswer>;
  close?(): void;
}

/** A refusal; permanent = retrying cannot help (the mailbox does not exist, the number is invalid). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  readonly answer: string;
  constructor(message: string, options: { permanent?: boolean; answer?: string } = {}) {
    super(message);
    this.permanent = options.permanent ?? false;
    this.answer = options.answer ?? '';
  }
}

/** The provider's network calls give up after this long (well inside the claim's lease). */
export const PROVIDER_TIMEOUT_MS = 30_000;

/** SMTP replies that mean the recipient or the message will never be accepted. */
const PERMANENT_SMTP_CODES = new Set([550, 551, 553, 554]);

export interface MailSettings {
  smtpUrl: string;
  from: string;
  replyTo: string | null;
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
}

export class SmtpMailer implements DeliveryProvider {
  readonly name = 'smtp';
  readonly #settings: MailSettings;
  #transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | null = null;

  constructor(settings: MailSettings) {
    this.#settings = settings;
  }

  /**
   * nodemailer loaded with the first message: about 15 MB of resident memory (its modules, compiled)
   * that a server with nothing to send never needs (issue 25, docs/deploy.md Memory).
   */
  #transporter(): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
    const settings = this.#settings;
    const options: SMTPTransport.Options = {
      url: settings.smtpUrl,
      connectionTimeout: PROVIDER_TIMEOUT_MS,
      greetingTimeout: PROVIDER_TIMEOUT_MS,
      socketTimeout: PROVIDER_TIMEOUT_MS,
      ...(settings.dkim ? { dkim: settings.dkim } : {}),
    };
    this.#transport ??= import('nodemailer').then((m) => m.default.createTransport(options));
    return this.#transport;
  }

  async send(message: OutgoingMessage): Promise<ProviderAnswer> {
    try {
      const transport = await this.#transporter();
      const info = await transport.sendMail({
        from: this.#settings.from,
        ...(this.#settings.replyTo ? { replyTo: this.#settings.replyTo } : {}),
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: { 'X-Parlay-Message': message.id },
      });
      if (info.rejected.length > 0) {
        throw new DeliveryError(`rejected: ${String(info.response)}`, {
          permanent: true,
          answer: String(info.response ?? ''),
        });
      }
      return { answer: `${String(info.response ?? '')} ${String(info.messageId ?? '')}`.trim() };
    } catch (error) {
      if (error instanceof DeliveryError) throw error;
      const code = (error as { responseCode?: number }).responseCode;
      throw new DeliveryError((error as Error).message, {
        permanent: code !== undefined && PERMANENT_SMTP_CODES.has(code),
        answer: String((error as { response?: string }).response ?? ''),
      });
    }
  }

  close(): void {
    void this.#transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}

export interface SmsWebhookSettings {
  url: string;
  /** The Authorization header's value; null = none. */
  auth: string | null;
  /** The request body with {to} and {text}, filled in escaped for the format. */
  body: string;
  format: 'json' | 'form';
}

/** Gateway answers that retrying will not change (a malformed request, an unknown number). */
const PERMANENT_HTTP_CODES = new Set([400, 404, 410, 422]);

/** Fills {to} and {text} in a body template, escaped as JSON string content or as form values. */
export function fillWebhookBody(
  settings: Pick<SmsWebhookSettings, 'body' | 'format'>,
  to: string,
  text: string,
) {
  const escaped =
    settings.format === 'json'
      ? (value: string) => JSON.stringify(value).slice(1, -1)
      : (value: string) => encodeURIComponent(value);
  return settings.body.replace(/\{(to|text)\}/g, (_, name: string) => escaped(name === 'to' ? to : text));
}

export class SmsWebhook implements DeliveryProvider {
  readonly name = 'sms-webhook';
  readonly #settings: SmsWebhookSettings;

  constructor(settings: SmsWebhookSettings) {
    this.#settings = settings;
  }

  async send(message: OutgoingMessage): Promise<ProviderAnswer> {
    const headers: Record<string, string> = {
      'content-type':
        this.#settings.format === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      'x-parlay-message': message.id,
    };
    if (this.#settings.auth) headers.authorization = this.#settings.auth;
    let response: Response;
    try {
      response = await fetch(this.#settings.url, {
        method: 'POST',
        headers,
        body: fillWebhookBody(this.#settings, message.recipient, message.text),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new DeliveryError(`request failed: ${(error as Error).message}`);
    }
    const answer = `${response.status} ${(await response.text().catch(() => '')).slice(0, 500)}`.trim();
    if (!response.ok) {
      throw new DeliveryError(`gateway answered ${response.status}`, {
        permanent: PERMANENT_HTTP_CODES.has(response.status),
        answer,
      });
    }
    return { answer };
  }
}

/** The providers the configuration names; a channel without one is not delivered (development inbox). */
export interface Providers {
  email: DeliveryProvider | null;
  sms: DeliveryProvider | null;
}

export function mailSettingsOf(config: Config): MailSettings | null {
  if (!config.smtpUrl || !config.mailFrom) return null;
  let dkim: MailSettings['dkim'] = null;
  if (config.dkimDomain && config.dkimSelector) {
    const privateKey =
      config.dkimPrivateKey ??
      (config.dkimPrivateKeyFile ? readFileSync(config.dkimPrivateKeyFile, 'utf8') : null);
    if (privateKey) dkim = { domainName: config.dkimDomain, keySelector: config.dkimSelector, privateKey };
  }
  return { smtpUrl: config.smtpUrl, from: config.mailFrom, replyTo: config.mailReplyTo, dkim };
}

export function smsSettingsOf(config: Config): SmsWebhookSettings | null {
  if (!config.smsWebhookUrl) return null;
  return {
    url: config.smsWebhookUrl,
    auth: config.smsWebhookAuth,
    body: config.smsWebhookBody,
    format: config.smsWebhookFormat,
  };
}

/** The configured providers (none with MESSAGING=off). */
export function providersOf(config: Config): Providers {
  if (config.messaging === 'off') return { email: null, sms: null };
  const mail = mailSettingsOf(config);
  const sms = smsSettingsOf(config);
  return { email: mail ? new SmtpMailer(mail) : null, sms: sms ? new SmsWebhook(sms) : null };
}

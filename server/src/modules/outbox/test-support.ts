/**
 * For tests: a real SMTP server (smtp-server on 127.0.0.1, a free port, with AUTH) and a real HTTP
 * endpoint for the SMS webhook (node:http), both keeping what they received and able to refuse the
 * next requests; and a small MIME reader for the received mail (text and HTML parts, headers).
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** Waits (event-driven, no polling guesses) until `find` answers something, or fails after `ms`. */
class Arrivals<T> {
  readonly items: T[] = [];
  #waiters: (() => void)[] = [];

  push(item: T): void {
    this.items.push(item);
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async waitFor<R>(find: (items: T[]) => R | undefined, what: string, ms = 10_000): Promise<R> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = find(this.items);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`nothing arrived: ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) of a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** The text and HTML parts of a message (single part or multipart/alternative), decoded. */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const { headers, body } = splitPart(raw);
  const found = { text: '', html: '' };
  const walk = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of partBody.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        const inner = splitPart(piece.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body);
      }
      return;
    }
    const decoded = decodeBody(partHeaders, partBody).replace(/\r\n/g, '\n').trimEnd();
    if (/^text\/html/i.test(type)) found.html = decoded;
    else if (/^text\/plain/i.test(type)) found.text = decoded;
  };
  walk(headers, body);
  return { to, raw, headers, subject: decodeWords(headers.get('subject') ?? ''), ...found };
}

export interface TestSmtpServer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Answer the next `count` messages with `code` (451 = try later, 550 = never) instead of taking them. */
  refuseNext(count: number, code?: number): void;
  waitForMail(to: string, count?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 that takes mail only after AUTH as user/password. */
export async function startTestSmtpServer(
  user = 'parlay',
  password = 'smtp-secret',
): Promise<TestSmtpServer> {
  const arrivals = new Arrivals<ReceivedMail>();
  let refusals: { count: number; code: number } = { count: 0, code: 451 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals = { ...refusals, count: refusals.count - 1 };
          const message = refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later';
          callback(Object.assign(new Error(message), { responseCode: refusals.code }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        arrivals.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    mails: arrivals.items,
    refuseNext(count, code = 451) {
      refusals = { count, code };
    },
    waitForMail(to, count = 1) {
      return arrivals.waitFor((items) => {
        const mine = items.filter((m) => m.to.includes(to));
        return mine.length >= count ? mine : undefined;
      }, `${count} mail(s) to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedSms {
  headers: IncomingHttpHeaders;
  body: string;
  /** The to (or phone) field of the JSON or form body. */
  to: string;
  /** The text (or message) field. */
  text: string;
}

export interface TestSmsEndpoint {
  url: string;
  messages: ReceivedSms[];
  /** Answer the next `count` requests with this HTTP status. */
  refuseNext(count: number, status?: number): void;
  waitForSms(to: string, count?: number): Promise<ReceivedSms[]>;
  close(): Promise<void>;
}

/** An HTTP endpoint on 127.0.0.1 taking the SMS webhook's JSON or form posts. */
export async function startTestSmsEndpoint(): Promise<TestSmsEndpoint> {
  const arrivals = new Arrivals<ReceivedSms>();
  let refusals = { count: 0, status: 503 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (refusals.count > 0) {
        refusals = { ...refusals, count: refusals.count - 1 };
        // Like many gateways, the refusal echoes what it was sent (the delivery log must mask it).
        response.writeHead(refusals.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'refused', received: Buffer.concat(chunks).toString('utf8') }));
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const json = /json/.test(request.headers['content-type'] ?? '');
      const fields = json
        ? (JSON.parse(body) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
      arrivals.push({
        headers: request.headers,
        body,
        to: fields.to ?? fields.phone ?? '',
        text: fields.text ?? fields.message ?? '',
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'queued', id: `sms-${arrivals.items.length}` }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/send`,
    messages: arrivals.items,
    refuseNext(count, status = 503) {
      refusals = { count, status };
    },
    waitForSms(to, count = 1) {
      return arrivals.waitFor((items) => {
        const mine = items.filter((m) => m.to === to);
        return mine.length >= count ? mine : undefined;
      }, `${count} SMS to ${to}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The first six-digit code of a text. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

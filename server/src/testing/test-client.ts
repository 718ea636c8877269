/**
 * For tests: a browser-like client over app.inject that keeps the user_token cookie, and helpers to
 * read the development inbox and solve captchas (development tools: the app needs DEV_TOOLS=on).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { solvePow } from '../modules/captcha/index.ts';

export class TestClient {
  readonly app: FastifyInstance;
  readonly ip: string;
  token: string | null = null;

  constructor(app: FastifyInstance, ip = '127.0.0.1') {
    this.app = app;
    this.ip = ip;
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const options: InjectOptions = {
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...headers, ...(this.token ? { cookie: `user_token=${this.token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    };
    const res = await this.app.inject(options);
    const cookie = res.cookies.find((c) => c.name === 'user_token');
    if (cookie) this.token = cookie.value === '' ? null : cookie.value;
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.call('GET', url, undefined, headers);
  }

  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.call('POST', url, body, headers);
  }
}

/** The body of a full registration (Ada Lovelace, RUB) of `email`, with `extra` fields over it. */
export const fullRegistration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthDate: '1990-12-10',
  countryId: 1,
  currency: 'RUB',
  ...extra,
});

/** Registers `email` in full through the client `c`, which is signed in afterwards; throws on any other answer. */
export async function registerFullPlayer(c: TestClient, email: string, extra: Record<string, unknown> = {}) {
  const res = await c.post('/web-api/auth/v1/registration/full', fullRegistration(email, extra));
  if (res.statusCode !== 200) throw new Error(`registration of ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { userId: number; accountNumber: string };
  return { c, userId: body.userId, accountNumber: body.accountNumber };
}

/** The newest development-inbox message to a recipient. */
export async function lastMessage(
  app: FastifyInstance,
  to: string,
): Promise<{ body: string; template: string }> {
  const res = await app.inject({
    method: 'GET',
    url: `/dev/inbox.json?to=${encodeURIComponent(to)}&limit=1`,
  });
  const message = res.json().data[0];
  if (!message) throw new Error(`no message to ${to}`);
  return message;
}

export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const match = /\b(\d{6})\b/.exec((await lastMessage(app, to)).body);
  if (!match) throw new Error(`no code in the message to ${to}`);
  return match[1]!;
}

/**
 * A new image captcha answered "id:answer", the sum read from the development tool (the app needs
 * DEV_TOOLS=on; app.inject comes from loopback).
 */
export async function solveImageCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/captcha-api/v1/update' });
  const { id } = res.json() as { id: string };
  const shown = await app.inject({ method: 'GET', url: `/dev/captcha?id=${encodeURIComponent(id)}` });
  const { answer } = shown.json() as { answer: number | null };
  if (answer === null) throw new Error(`no answer for captcha ${id}: ${shown.statusCode} ${shown.body}`);
  return `${id}:${answer}`;
}

export async function solvePowCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/captcha-api/v1/gettime' });
  const { id, challenge, bits } = res.json() as { id: string; challenge: string; bits: number };
  return `${id}:${solvePow(challenge, bits)}`;
}

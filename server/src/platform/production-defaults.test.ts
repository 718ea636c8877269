/**
 * What production does with what it is not told. The sandbox payment provider lets anyone "pay"
 * with test cards and its notifications are signed with a key: in production it runs only when
 * asked for by name and allowed in so many words, and never with the public development key. Keys
 * left unset (AUTH_SECRET) are random per site, never a default anyone could read. E-mail and SMS
 * providers are required (registration, recovery and sign-in codes must leave the building) unless
 * MESSAGING=off says so, and then the site config tells the web.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServerKeys } from '../modules/auth/index.ts';
import { createTestApp } from '../testing/test-app.ts';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'a-production-sandbox-key-0123456789';
const AUTH_SECRET = 'a-production-auth-secret-0123456789abcdefghij';

/** The one line loadConfig stops the boot with. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('payment provider configuration', () => {
  it('runs the sandbox with the development key outside production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(config.paymentsProvider).toBe('sandbox');
      expect(config.paymentsSandboxSecret.length).toBeGreaterThanOrEqual(16);
    }
  });

  it('takes no payments in production unless a provider is named', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET, MESSAGING: 'off' }).paymentsProvider).toBe(
      'none',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET, MESSAGING: 'off', PAYMENTS_PROVIDER: 'none' })
        .paymentsProvider,
    ).toBe('none');
  });

  it('refuses the sandbox in production unless explicitly allowed, naming the variable', () => {
    const message = refusal({
      NODE_ENV: 'production',
      AUTH_SECRET,
      MESSAGING: 'off',
      PAYMENTS_PROVIDER: 'sandbox',
      PAYMENTS_SANDBOX_SECRET: SECRET,
    });
    expect(message).toMatch(/^invalid configuration: PAYMENTS_PROVIDER = "sandbox": /);
    expect(message).toContain('PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION');
    expect(message).not.toContain('\n');
    const allowed = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET,
      MESSAGING: 'off',
      PAYMENTS_PROVIDER: 'sandbox',
      PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION: 'true',
      PAYMENTS_SANDBOX_SECRET: SECRET,
    });
    expect(allowed.paymentsProvider).toBe('sandbox');
    expect(allowed.paymentsSandboxSecret).toBe(SECRET);
  });

  it('has no public key for the sandbox in production', () => {
    const allowed = {
      NODE_ENV: 'production',
      AUTH_SECRET,
      MESSAGING: 'off',
      PAYMENTS_PROVIDER: 'sandbox',
      PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION: 'true',
    };
    expect(refusal(allowed)).toMatch(/^invalid configuration: PAYMENTS_SANDBOX_SECRET = "": [^\n]+$/);
    const publicKey = loadConfig({ NODE_ENV: 'development' }).paymentsSandboxSecret;
    expect(refusal({ ...allowed, PAYMENTS_SANDBOX_SECRET: publicKey })).toMatch(
      /^invalid configuration: PAYMENTS_SANDBOX_SECRET = "[^"]*": [^\n]+$/,
    );
  });

  it('serves no sandbox payment page in a default production app', async () => {
    const t = await createTestApp({
      roles: 'api',
      env: { NODE_ENV: 'production', AUTH_SECRET, MESSAGING: 'off' },
    });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/payments-sandbox/pay/pay_0123456789abcdef' });
      expect([page.statusCode, page.json().error.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
      const notify = await t.app.inject({
        method: 'POST',
        url: '/payments-api/v1/notify/sandbox',
        payload: {},
      });
      expect(notify.json().error.code).toBe('PAYMENT_PROVIDER_UNKNOWN');
    } finally {
      await t.close();
    }
  });
});

describe('AUTH_SECRET', () => {
  it('is required in production: no key that only the database knows', () => {
    expect(refusal({ NODE_ENV: 'production', MESSAGING: 'off' })).toMatch(
      /^invalid configuration: AUTH_SECRET = "": NODE_ENV=production needs its own key [^\n]+$/,
    );
    expect(refusal({ NODE_ENV: 'production', MESSAGING: 'off', AUTH_SECRET: 'short' })).toMatch(
      /^invalid configuration: AUTH_SECRET = "short": /,
    );
    expect(loadConfig({ NODE_ENV: 'production', MESSAGING: 'off', AUTH_SECRET }).authSecret).toBe(
      AUTH_SECRET,
    );
  });

  it('unset outside production: signs with a random key kept in its own database, different on every site', async () => {
    const sites = [
      await createTestApp({ roles: 'api', env: { NODE_ENV: 'development' } }),
      await createTestApp({ roles: 'api', env: { NODE_ENV: 'development' } }),
    ];
    try {
      const keys = [];
      for (const site of sites) {
        expect(site.deps.config.authSecret).toBeNull();
        keys.push(await new ServerKeys(site.deps.db.db, site.deps.config.authSecret).key('session-token'));
        // The same key again from the database: every process of one site signs alike.
        const again = await new ServerKeys(site.deps.db.db, null).key('session-token');
        expect(again.equals(keys.at(-1)!)).toBe(true);
      }
      expect(keys[0]!.equals(keys[1]!)).toBe(false);
    } finally {
      for (const site of sites) await site.close();
    }
  });
});

describe('the development identity provider in production', () => {
  it('is refused on (DEV_TOOLS), and as a configured sign-in provider', () => {
    const base = { NODE_ENV: 'production', MESSAGING: 'off', AUTH_SECRET };
    expect(refusal({ ...base, DEV_TOOLS: 'on' })).toMatch(
      /^invalid configuration: DEV_TOOLS = "on": [^\n]+$/,
    );
    const dev = [{ name: 'dev', issuer: 'https://bets.example/dev-idp', clientId: 'parlay-dev' }];
    expect(refusal({ ...base, OIDC_PROVIDERS: JSON.stringify(dev) })).toMatch(
      /^invalid configuration: OIDC_PROVIDERS: "dev" is the development identity provider [^\n]+$/,
    );
    const renamed = [{ ...dev[0], name: 'staff' }];
    expect(refusal({ ...base, OIDC_PROVIDERS: JSON.stringify(renamed) })).toMatch(
      /"staff" is the development/,
    );
    const real = [{ name: 'google', issuer: 'https://accounts.google.com', clientId: 'x' }];
    expect(loadConfig({ ...base, OIDC_PROVIDERS: JSON.stringify(real) }).oidcProviders).toEqual(real);
    // Outside production the development provider may be configured by hand.
    expect(
      loadConfig({ NODE_ENV: 'development', OIDC_PROVIDERS: JSON.stringify(dev) }).oidcProviders,
    ).toEqual(dev);
  });
});

describe('messaging in production', () => {
  const providers = {
    SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
    MAIL_FROM: 'Parlay <no-reply@example.com>',
    SMS_WEBHOOK_URL: 'https://sms.example.com/send',
  };

  it('refuses to start without an e-mail and an SMS provider, naming what is missing', () => {
    const none = refusal({ NODE_ENV: 'production', AUTH_SECRET });
    expect(none).toMatch(/^invalid configuration: MESSAGING = "": [^\n]+$/);
    expect(none).toContain('SMTP_URL and MAIL_FROM (e-mail) and SMS_WEBHOOK_URL (SMS)');
    expect(none).toContain('MESSAGING=off');
    const { SMS_WEBHOOK_URL: _, ...mailOnly } = providers;
    expect(refusal({ NODE_ENV: 'production', AUTH_SECRET, ...mailOnly })).toMatch(
      /needs SMS_WEBHOOK_URL \(SMS\) to deliver/,
    );
    const { SMTP_URL: __, ...smsOnly } = providers;
    expect(refusal({ NODE_ENV: 'production', AUTH_SECRET, ...smsOnly })).toMatch(
      /needs SMTP_URL and MAIL_FROM \(e-mail\) to deliver/,
    );
    expect(refusal({ NODE_ENV: 'production', AUTH_SECRET, MESSAGING: 'on' })).toMatch(
      /^invalid configuration: MESSAGING = "on": /,
    );
    // Set but empty is the default (on), so it refuses too; only off is off.
    expect(refusal({ NODE_ENV: 'production', AUTH_SECRET, MESSAGING: '' })).toMatch(
      /^invalid configuration: MESSAGING = "": /,
    );
    expect(refusal({ NODE_ENV: 'development', MESSAGING: 'sometimes' })).toMatch(
      /^invalid configuration: MESSAGING = "sometimes": /,
    );
  });

  it('starts with both providers, or with MESSAGING=off said in so many words', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET, ...providers }).messaging).toBe('on');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET, MESSAGING: 'off' }).messaging).toBe('off');
    // Outside production the development inbox stands in for missing providers.
    expect(loadConfig({ NODE_ENV: 'development' }).messaging).toBe('on');
  });

  it('refuses half a configuration anywhere: SMTP without a sender, DKIM without its key', () => {
    expect(refusal({ NODE_ENV: 'development', SMTP_URL: providers.SMTP_URL })).toMatch(
      /^invalid configuration: MAIL_FROM = "": required with SMTP_URL$/,
    );
    expect(
      refusal({ NODE_ENV: 'development', ...providers, DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1' }),
    ).toMatch(/^invalid configuration: DKIM_DOMAIN = "example.com": DKIM needs /);
    expect(refusal({ NODE_ENV: 'development', SMTP_URL: 'http://smtp.example.com' })).toMatch(
      /^invalid configuration: SMTP_URL = "http:\/\/smtp.example.com": /,
    );
    expect(refusal({ NODE_ENV: 'development', SMS_WEBHOOK_BODY: '{"to":"{to}"}' })).toMatch(
      /^invalid configuration: SMS_WEBHOOK_BODY = /,
    );
  });

  it('tells the web when messaging is off (features.isMessagingEnabled), and when it is on', async () => {
    const off = await createTestApp({
      roles: 'api',
      env: { NODE_ENV: 'production', AUTH_SECRET, MESSAGING: 'off' },
    });
    const on = await createTestApp({
      roles: 'api',
      env: { NODE_ENV: 'production', AUTH_SECRET, ...providers },
    });
    try {
      for (const [site, enabled] of [
        [off, false],
        [on, true],
      ] as const) {
        const all = await site.app.inject({ method: 'GET', url: '/bff-api/config/all.json?lang=en' });
        expect(all.json().features.isMessagingEnabled).toBe(enabled);
        const group = await site.app.inject({
          method: 'GET',
          url: '/bff-api/config/group/get?groups=features',
        });
        expect(group.json().features.isMessagingEnabled).toBe(enabled);
      }
    } finally {
      await off.close();
      await on.close();
    }
  });
});

describe('parlay start with NODE_ENV=production', () => {
  const bin = path.resolve(import.meta.dirname, '../../bin/parlay');
  const ready = {
    NODE_ENV: 'production',
    AUTH_SECRET,
    SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
    MAIL_FROM: 'Parlay <no-reply@example.com>',
    SMS_WEBHOOK_URL: 'https://sms.example.com/send',
  };
  const { AUTH_SECRET: _, ...noAuthSecret } = ready;
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'the sandbox with the public payment key',
      { ...ready, PAYMENTS_PROVIDER: 'sandbox', PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION: 'true' },
      /^invalid configuration: PAYMENTS_SANDBOX_SECRET = "": /,
    ],
    [
      'the development identity provider',
      { ...ready, DEV_TOOLS: 'on' },
      /^invalid configuration: DEV_TOOLS = "on": /,
    ],
    ['no AUTH_SECRET', noAuthSecret, /^invalid configuration: AUTH_SECRET = "": /],
    [
      'messaging unconfigured',
      { ...ready, SMTP_URL: '', SMS_WEBHOOK_URL: '' },
      /^invalid configuration: MESSAGING = "": /,
    ],
  ];

  it.each(cases)('refuses %s with one line on stderr and exit status 1', (_name, env, line) => {
    const run = spawnSync(bin, ['start'], {
      // Only what is given here: no variable of this shell, no .env file.
      env: {
        PATH: process.env.PATH ?? '',
        PARLAY_ENV_FILE: '/nonexistent',
        DATA_DIR: '/nonexistent',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });
});

/**
 * The one configuration object, built from the environment at boot and validated against a schema.
 * Nothing else in the server reads process.env.
 */
import { availableParallelism } from 'node:os';
import { APPROVAL_DELAY_SECONDS } from '@parlay/domain/limits/index.ts';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export const ROLES = ['web', 'api', 'realtime', 'workers'] as const;
export type Role = (typeof ROLES)[number];

/** An IPv4 or IPv6 address or network (CIDR), or a name proxy-addr knows (loopback, linklocal, uniquelocal). */
const PROXY_ADDRESS =
  '^(loopback|linklocal|uniquelocal|(\\d{1,3}\\.){3}\\d{1,3}(/(3[0-2]|[12]?\\d))?|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(/(12[0-8]|1[01]\\d|[1-9]?\\d))?)$';

const ConfigSchema = Type.Object({
  nodeEnv: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')]),
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  roles: Type.Array(Type.Union(ROLES.map((r) => Type.Literal(r))), { minItems: 1 }),
  databaseUrl: Type.Union([Type.String({ pattern: '^postgres(ql)?://' }), Type.Null()]),
  dataDir: Type.String({ minLength: 1 }),
  databasePoolSize: Type.Integer({ minimum: 1, maximum: 200 }),
  databaseReadUrl: Type.Union([Type.String({ pattern: '^postgres(ql)?://' }), Type.Null()]),
  webConcurrency: Type.Integer({ minimum: 1, maximum: 64 }),
  busUrl: Type.Union([Type.String({ pattern: '^(redis|nats)://' }), Type.Null()]),
  logLevel: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
  ),
  publicOrigin: Type.Union([Type.String({ pattern: '^https?://' }), Type.Null()]),
  metricsToken: Type.Union([
    Type.String({ minLength: 16, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' }),
    Type.Null(),
  ]),
  trustProxy: Type.Union([
    Type.Literal(false),
    Type.Integer({ minimum: 1, maximum: 20 }),
    Type.Array(Type.String({ pattern: PROXY_ADDRESS }), { minItems: 1, maxItems: 100 }),
  ]),
  webDistDir: Type.String({ minLength: 1 }),
  apiInternalUrl: Type.Union([Type.String({ pattern: '^https?://' }), Type.Null()]),
  seedOnStart: Type.Boolean(),
  fragmentTimeoutMs: Type.Integer({ minimum: 50, maximum: 60_000 }),
  pageCacheMs: Type.Integer({ minimum: 0, maximum: 60_000 }),
  renderThreads: Type.Integer({ minimum: 0, maximum: 16 }),
  bodyLimitBytes: Type.Integer({ minimum: 1024, maximum: 50 * 1024 * 1024 }),
  clockTickMs: Type.Integer({ minimum: 100, maximum: 60_000 }),
  wsMaxTopicsPerSocket: Type.Integer({ minimum: 1, maximum: 10_000 }),
  wsMaxConnections: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  feedProvider: Type.Union([Type.Literal('simulator'), Type.Literal('none')]),
  feedSeed: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
  feedMarginBasisPoints: Type.Integer({ minimum: 0, maximum: 3000 }),
  feedTickMs: Type.Integer({ minimum: 50, maximum: 60_000 }),
  feedHeartbeatSeconds: Type.Integer({ minimum: 1, maximum: 3600 }),
  authSecret: Type.Union([Type.String({ minLength: 32 }), Type.Null()]),
  newsletterSecret: Type.Union([Type.String({ minLength: 32 }), Type.Null()]),
  authTokenTtlSeconds: Type.Integer({ minimum: 30, maximum: 86_400 }),
  authRememberDays: Type.Integer({ minimum: 1, maximum: 365 }),
  oidcProviders: Type.Array(
    Type.Object(
      {
        name: Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }),
        issuer: Type.String({ pattern: '^https?://' }),
        clientId: Type.String({ minLength: 1, maxLength: 500 }),
        jwksUri: Type.Optional(Type.String({ pattern: '^https?://' })),
      },
      { additionalProperties: false },
    ),
    { maxItems: 20 },
  ),
  devTools: Type.Boolean(),
  captchaPowBits: Type.Integer({ minimum: 4, maximum: 28 }),
  paymentsProvider: Type.Union([Type.Literal('sandbox'), Type.Literal('none')]),
  paymentsSandboxSecret: Type.String({ minLength: 16, maxLength: 200 }),
  paymentsSandboxAllowInProduction: Type.Boolean(),
  withdrawalAutoApprove: Type.String({
    pattern: '^([A-Z]{3}:\\d{1,13}(\\.\\d{1,3})?(,[A-Z]{3}:\\d{1,13}(\\.\\d{1,3})?)*)?$',
  }),
  withdrawalRequiresVerification: Type.Boolean(),
  bettingWorkerIntervalMs: Type.Integer({ minimum: 10, maximum: 60_000 }),
  bettingResettleWindowHours: Type.Integer({ minimum: 1, maximum: 24 * 365 }),
  limitApprovalDelaySeconds: Type.Integer({ minimum: 1, maximum: 30 * 86_400 }),
  messaging: Type.Union([Type.Literal('on'), Type.Literal('off')]),
  smtpUrl: Type.Union([Type.String({ pattern: '^smtps?://[^\\s]+$' }), Type.Null()]),
  mailFrom: Type.Union([Type.String({ minLength: 3, maxLength: 300 }), Type.Null()]),
  mailReplyTo: Type.Union([Type.String({ minLength: 3, maxLength: 300 }), Type.Null()]),
  dkimDomain: Type.Union([Type.String({ pattern: '^[A-Za-z0-9.-]{1,253}$' }), Type.Null()]),
  dkimSelector: Type.Union([Type.String({ pattern: '^[A-Za-z0-9._-]{1,63}$' }), Type.Null()]),
  dkimPrivateKey: Type.Union([Type.String({ pattern: 'PRIVATE KEY' }), Type.Null()]),
  dkimPrivateKeyFile: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  smsWebhookUrl: Type.Union([Type.String({ pattern: '^https?://[^\\s]+$' }), Type.Null()]),
  smsWebhookAuth: Type.Union([Type.String({ minLength: 1, maxLength: 2000 }), Type.Null()]),
  smsWebhookBody: Type.String({ minLength: 1, maxLength: 4000, pattern: '\\{text\\}' }),
  smsWebhookFormat: Type.Union([Type.Literal('json'), Type.Literal('form')]),
  casinoProviders: Type.Array(
    Type.Object(
      {
        name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }),
        baseUrl: Type.String({ pattern: '^https?://' }),
        secret: Type.String({ minLength: 16, maxLength: 200 }),
      },
      { additionalProperties: false },
    ),
    { maxItems: 50 },
  ),
  casinoDemoStudioSecret: Type.Union([Type.String({ minLength: 16, maxLength: 200 }), Type.Null()]),
  totoCurrency: Type.String({ pattern: '^[A-Z]{3}$' }),
  totoMinStakeMinor: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  totoPoolPercent: Type.Integer({ minimum: 1, maximum: 100 }),
  totoCategoryShares: Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { minItems: 7, maxItems: 7 }),
  totoCloseBeforeStartSeconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
  totoWorkerIntervalMs: Type.Integer({ minimum: 100, maximum: 3_600_000 }),
  casinoDrawPacePercent: Type.Integer({ minimum: 1, maximum: 100 }),
  bonusEngine: Type.Boolean(),
});

export type Config = Static<typeof ConfigSchema>;

/** One row of the configuration table: the variable, its default, and how it maps into Config. */
interface Variable {
  name: string;
  field: keyof Config;
  description: string;
  defaultValue: string;
  parse: (raw: string) => unknown;
}

const int = (raw: string): unknown => (/^-?\d+$/.test(raw.trim()) ? Number(raw) : raw);
const intOrAuto = (raw: string): unknown => (raw.trim() === 'auto' ? 'auto' : int(raw));

/**
 * RENDER_THREADS=auto: the machine's cores shared among the WEB_CONCURRENCY processes. On two
 * cores one process with two render threads beat two processes with one each (bench/ssr, every
 * page composed: 262 vs 259 req/s, p99/p50 at 70 % 2.6 vs 5.0): the threads take renders from one
 * queue, so a page never waits behind a slow render while the other thread idles.
 */
export function autoRenderThreads(webConcurrency: unknown): number {
  const processes =
    Number.isInteger(webConcurrency) && (webConcurrency as number) > 0 ? (webConcurrency as number) : 1;
  return Math.max(1, Math.floor(availableParallelism() / processes));
}
const text = (raw: string): unknown => raw;
const nullable = (raw: string): unknown => (raw.trim() === '' ? null : raw.trim());
const bool = (raw: string): unknown => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  return raw;
};
const json = (raw: string): unknown => {
  if (raw.trim() === '') return [];
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};
const list = (raw: string): unknown =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
/** TRUST_PROXY: off (also empty, false, 0), a hop count, or a comma list of addresses and networks. */
const proxies = (raw: string): unknown => {
  const v = raw.trim().toLowerCase();
  if (['', 'off', 'false', 'no', '0'].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  return list(raw);
};

/** Every environment variable Parlay reads; README's configuration table is written from this list. */
export const VARIABLES: readonly Variable[] = [
  {
    name: 'NODE_ENV',
    field: 'nodeEnv',
    defaultValue: 'development',
    parse: text,
    description:
      'development, production or test; production never serves development tools (DEV_TOOLS) and runs the sandbox payment provider only when allowed (PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION).',
  },
  {
    name: 'PORT',
    field: 'port',
    defaultValue: '3000',
    parse: int,
    description: 'HTTP port (0 picks a free port).',
  },
  {
    name: 'HOST',
    field: 'host',
    defaultValue: '0.0.0.0',
    parse: text,
    description: 'Interface to listen on.',
  },
  {
    name: 'PARLAY_ROLES',
    field: 'roles',
    defaultValue: 'web,api,realtime,workers',
    parse: list,
    description: 'Comma list of roles this process runs: web, api, realtime, workers.',
  },
  {
    name: 'DATABASE_URL',
    field: 'databaseUrl',
    defaultValue: '',
    parse: nullable,
    description: 'postgres://… of a PostgreSQL server; unset = embedded PGlite in DATA_DIR.',
  },
  {
    name: 'DATA_DIR',
    field: 'dataDir',
    defaultValue: './data',
    parse: text,
    description: 'Directory of the embedded database (when DATABASE_URL is unset) and local files.',
  },
  {
    name: 'DATABASE_POOL_SIZE',
    field: 'databasePoolSize',
    defaultValue: '20',
    parse: int,
    description: 'Connections in the PostgreSQL pool.',
  },
  {
    name: 'WEB_CONCURRENCY',
    field: 'webConcurrency',
    defaultValue: '1',
    parse: int,
    description:
      'Processes serving HTTP on the one port (node:cluster); above 1 needs DATABASE_URL and BUS_URL. Only the first runs the workers role.',
  },
  {
    name: 'BUS_URL',
    field: 'busUrl',
    defaultValue: '',
    parse: nullable,
    description: 'redis://… or nats://… for cross-process events; unset = in-process bus.',
  },
  {
    name: 'LOG_LEVEL',
    field: 'logLevel',
    defaultValue: 'info',
    parse: text,
    description: 'fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'PUBLIC_ORIGIN',
    field: 'publicOrigin',
    defaultValue: '',
    parse: nullable,
    description: 'Public https://host of the site, for absolute links (sitemap, OpenAPI servers).',
  },
  {
    name: 'TRUST_PROXY',
    field: 'trustProxy',
    defaultValue: '',
    parse: proxies,
    description:
      "Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed: a hop count (1 = the nearest proxy) or a comma list of IP addresses and CIDR networks (or loopback, linklocal, uniquelocal); unset = the client is the connection's peer and forwarded headers are ignored (per-address limits and captcha thresholds count real peers).",
  },
  {
    name: 'METRICS_TOKEN',
    field: 'metricsToken',
    defaultValue: '',
    parse: nullable,
    description:
      'Bearer token (16+ printable characters) a Prometheus scraper on another machine sends to read /metrics (Authorization: Bearer …); clients on this machine (loopback socket, not forwarded) read it without one; anyone else gets 404.',
  },
  {
    name: 'WEB_DIST_DIR',
    field: 'webDistDir',
    defaultValue: './web/dist',
    parse: text,
    description: 'Built web assets (npm run build); a relative path is taken from the repository root.',
  },
  {
    name: 'API_INTERNAL_URL',
    field: 'apiInternalUrl',
    defaultValue: '',
    parse: nullable,
    description:
      'http://… of the api role, needed by a web-role process that does not run the api role itself.',
  },
  {
    name: 'SEED_ON_START',
    field: 'seedOnStart',
    defaultValue: 'true',
    parse: bool,
    description:
      'Seed the sports catalogue on start when the database is empty, and refresh the casino catalogue (idempotent).',
  },
  {
    name: 'FRAGMENT_TIMEOUT_MS',
    field: 'fragmentTimeoutMs',
    defaultValue: '3000',
    parse: int,
    description: 'Time the shell waits for one micro-app fragment.',
  },
  {
    name: 'PAGE_CACHE_MS',
    field: 'pageCacheMs',
    defaultValue: '1000',
    parse: int,
    description: "How long a guest's rendered page may be served again to identical guests (0 = never).",
  },
  {
    name: 'RENDER_THREADS',
    field: 'renderThreads',
    defaultValue: 'auto',
    parse: intOrAuto,
    description:
      'Worker threads per process that render pages off the HTTP event loop (0 = render on the main thread; auto = the cores divided among WEB_CONCURRENCY processes, at least 1, and 1 with the embedded database).',
  },
  {
    name: 'BODY_LIMIT_BYTES',
    field: 'bodyLimitBytes',
    defaultValue: '1048576',
    parse: int,
    description: 'Largest accepted request body.',
  },
  {
    name: 'CLOCK_TICK_MS',
    field: 'clockTickMs',
    defaultValue: '1000',
    parse: int,
    description: 'Interval of the server clock topic on /ws.',
  },
  {
    name: 'WS_MAX_TOPICS_PER_SOCKET',
    field: 'wsMaxTopicsPerSocket',
    defaultValue: '200',
    parse: int,
    description: 'Most topics one WebSocket may subscribe to.',
  },
  {
    name: 'WS_MAX_CONNECTIONS',
    field: 'wsMaxConnections',
    defaultValue: '10000',
    parse: int,
    description:
      'Most WebSocket connections one process keeps; one more is closed with code 1013 (try again later) and a reason saying so.',
  },
  {
    name: 'FEED_PROVIDER',
    field: 'feedProvider',
    defaultValue: 'simulator',
    parse: text,
    description: 'Odds feed run by the workers role: simulator (deterministic simulated world) or none.',
  },
  {
    name: 'FEED_SEED',
    field: 'feedSeed',
    defaultValue: '285',
    parse: int,
    description: 'Seed of the simulated world: the same seed gives the same games, prices and results.',
  },
  {
    name: 'FEED_MARGIN_BASIS_POINTS',
    field: 'feedMarginBasisPoints',
    defaultValue: '600',
    parse: int,
    description:
      "Bookmaker's margin the simulator puts on every market, in hundredths of a percent (600 = 6 %).",
  },
  {
    name: 'FEED_TICK_MS',
    field: 'feedTickMs',
    defaultValue: '1000',
    parse: int,
    description: 'How often the simulator advances and delivers a batch.',
  },
  {
    name: 'FEED_HEARTBEAT_SECONDS',
    field: 'feedHeartbeatSeconds',
    defaultValue: '15',
    parse: int,
    description: 'Feed silence after which every open market is suspended until the feed resumes.',
  },
  {
    name: 'AUTH_SECRET',
    field: 'authSecret',
    defaultValue: '',
    parse: nullable,
    description:
      'Key (32+ characters) that signs session tokens and sign-in links; unset = a random key kept in the database and shared by every process, refused with NODE_ENV=production (there it must be set, e.g. openssl rand -base64 48).',
  },
  {
    name: 'NEWSLETTER_SECRET',
    field: 'newsletterSecret',
    defaultValue: '',
    parse: nullable,
    description:
      'Key (32+ characters) that signs the one-click unsubscribe links of newsletters (/user/stopnewsletter); unset = a random key kept in the database and shared by every process.',
  },
  {
    name: 'AUTH_TOKEN_TTL_SECONDS',
    field: 'authTokenTtlSeconds',
    defaultValue: '900',
    parse: int,
    description:
      'Lifetime of the signed token in the user_token cookie; the browser renews it through /web-api/user/gettoken.',
  },
  {
    name: 'AUTH_REMEMBER_DAYS',
    field: 'authRememberDays',
    defaultValue: '30',
    parse: int,
    description: 'How long a "remember me" session lasts (otherwise 12 hours).',
  },
  {
    name: 'OIDC_PROVIDERS',
    field: 'oidcProviders',
    defaultValue: '',
    parse: json,
    description:
      'JSON list of OpenID Connect sign-in providers: [{"name":"google","issuer":"https://accounts.google.com","clientId":"…"}].',
  },
  {
    name: 'DEV_TOOLS',
    field: 'devTools',
    defaultValue: 'off',
    parse: bool,
    description:
      'Development tools: the inbox of every e-mail and SMS at /dev/inbox, the development identity provider at /dev-idp (social sign-in "dev") and image-captcha answers at /dev/captcha. on = served, only to clients on this machine (loopback socket, no forwarding header), never with NODE_ENV=production; off = not served.',
  },
  {
    name: 'CAPTCHA_POW_BITS',
    field: 'captchaPowBits',
    defaultValue: '16',
    parse: int,
    description:
      'Difficulty of the proof-of-work captcha: leading zero bits of SHA-256 (each bit doubles the work).',
  },
  {
    name: 'PAYMENTS_PROVIDER',
    field: 'paymentsProvider',
    defaultValue: '',
    parse: nullable,
    description:
      'Payment provider: sandbox (hosted test page with test cards, signed notifications) or none (payments off); unset = sandbox, except none with NODE_ENV=production, where the sandbox also needs PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION.',
  },
  {
    name: 'PAYMENTS_SANDBOX_SECRET',
    field: 'paymentsSandboxSecret',
    defaultValue: '',
    parse: nullable,
    description:
      "HMAC-SHA256 key (16+ characters) that signs the sandbox provider's notifications; unset = a public development key, refused with NODE_ENV=production (there it must be set, and not to that key).",
  },
  {
    name: 'PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION',
    field: 'paymentsSandboxAllowInProduction',
    defaultValue: 'false',
    parse: bool,
    description:
      'Lets PAYMENTS_PROVIDER=sandbox run with NODE_ENV=production (a demonstration site: anyone can pay with the test cards).',
  },
  {
    name: 'WITHDRAWAL_AUTO_APPROVE',
    field: 'withdrawalAutoApprove',
    defaultValue: 'RUB:15000,USD:200,EUR:200,UAH:8000,KZT:100000',
    parse: text,
    description:
      'Withdrawals up to these amounts (major units per currency) are approved automatically; others wait for `parlay payments approve`.',
  },
  {
    name: 'WITHDRAWAL_REQUIRES_VERIFICATION',
    field: 'withdrawalRequiresVerification',
    defaultValue: 'false',
    parse: bool,
    description: "Refuse withdrawals until the player's identity is verified.",
  },
  {
    name: 'BETTING_WORKER_INTERVAL_MS',
    field: 'bettingWorkerIntervalMs',
    defaultValue: '250',
    parse: int,
    description:
      'How often the workers role decides live bets whose delay ended, settles resulted bets and checks auto cash-outs.',
  },
  {
    name: 'BETTING_RESETTLE_WINDOW_HOURS',
    field: 'bettingResettleWindowHours',
    defaultValue: '168',
    parse: int,
    description: 'How long after settlement a bet is still re-settled when its results change.',
  },
  {
    name: 'LIMIT_APPROVAL_DELAY_SECONDS',
    field: 'limitApprovalDelaySeconds',
    defaultValue: String(APPROVAL_DELAY_SECONDS),
    parse: int,
    description:
      'Delay before a looser responsible-gaming limit applies (deposit limits then wait for the player to approve); the spec says 86400, tests shorten it.',
  },
  {
    name: 'MESSAGING',
    field: 'messaging',
    defaultValue: 'on',
    parse: (raw) => (raw.trim() === '' || bool(raw) === true ? 'on' : bool(raw) === false ? 'off' : raw),
    description:
      'E-mail and SMS delivery (docs/messaging.md): on = the workers role delivers through the providers configured below (a channel without one stays in the development inbox); off = nothing is delivered and the site config says so (features.isMessagingEnabled). NODE_ENV=production refuses to start without both providers unless this is off.',
  },
  {
    name: 'SMTP_URL',
    field: 'smtpUrl',
    defaultValue: '',
    parse: nullable,
    description:
      'E-mail provider: smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465; unset = no e-mail delivery.',
  },
  {
    name: 'MAIL_FROM',
    field: 'mailFrom',
    defaultValue: '',
    parse: nullable,
    description: 'Sender of every e-mail, e.g. "Parlay <no-reply@example.com>"; required with SMTP_URL.',
  },
  {
    name: 'MAIL_REPLY_TO',
    field: 'mailReplyTo',
    defaultValue: '',
    parse: nullable,
    description: 'Reply-To of every e-mail; unset = none.',
  },
  {
    name: 'DKIM_DOMAIN',
    field: 'dkimDomain',
    defaultValue: '',
    parse: nullable,
    description:
      'Signs e-mail with DKIM for this domain (with DKIM_SELECTOR and a private key); unset = unsigned.',
  },
  {
    name: 'DKIM_SELECTOR',
    field: 'dkimSelector',
    defaultValue: '',
    parse: nullable,
    description: 'DKIM selector: the public key is published at <selector>._domainkey.<DKIM_DOMAIN>.',
  },
  {
    name: 'DKIM_PRIVATE_KEY',
    field: 'dkimPrivateKey',
    defaultValue: '',
    parse: nullable,
    description: 'DKIM private key (PEM text); or DKIM_PRIVATE_KEY_FILE.',
  },
  {
    name: 'DKIM_PRIVATE_KEY_FILE',
    field: 'dkimPrivateKeyFile',
    defaultValue: '',
    parse: nullable,
    description: 'File holding the DKIM private key (PEM), read when the workers start.',
  },
  {
    name: 'SMS_WEBHOOK_URL',
    field: 'smsWebhookUrl',
    defaultValue: '',
    parse: nullable,
    description:
      "SMS provider: the gateway's https://… endpoint, POSTed once per SMS; unset = no SMS delivery.",
  },
  {
    name: 'SMS_WEBHOOK_AUTH',
    field: 'smsWebhookAuth',
    defaultValue: '',
    parse: nullable,
    description:
      'Authorization header value sent to the SMS gateway, e.g. "Bearer …" or "Basic …"; unset = none.',
  },
  {
    name: 'SMS_WEBHOOK_BODY',
    field: 'smsWebhookBody',
    defaultValue: '{"to":"{to}","text":"{text}"}',
    parse: text,
    description:
      'Request body sent to the SMS gateway: {to} (+ and digits) and {text} are filled in, escaped for SMS_WEBHOOK_FORMAT.',
  },
  {
    name: 'SMS_WEBHOOK_FORMAT',
    field: 'smsWebhookFormat',
    defaultValue: 'json',
    parse: text,
    description:
      'json (application/json) or form (application/x-www-form-urlencoded, e.g. SMS_WEBHOOK_BODY=to={to}&text={text}).',
  },
  {
    name: 'CASINO_PROVIDERS',
    field: 'casinoProviders',
    defaultValue: '',
    parse: casinoProviderList,
    description:
      'External game studios calling the seamless-wallet API (/provider-api/v1/<name>/…): JSON [{"name":"acme","baseUrl":"https://games.acme.example/launch","secret":"…"}] or name|baseUrl|secret;… (secret 16+ characters, its HMAC-SHA256 key; with NODE_ENV=production 32+).',
  },
  {
    name: 'CASINO_DEMO_STUDIO_SECRET',
    field: 'casinoDemoStudioSecret',
    defaultValue: '',
    parse: nullable,
    description:
      'HMAC key (16+ characters) of the built-in development studio parlay-demo-studio, served only in development or with DEV_TOOLS; unset = a random key kept in the database.',
  },
  {
    name: 'TOTO_CURRENCY',
    field: 'totoCurrency',
    defaultValue: 'RUB',
    parse: text,
    description:
      'The currency toto draws are sold and paid in (coupons from accounts in other currencies are refused).',
  },
  {
    name: 'TOTO_MIN_STAKE_MINOR',
    field: 'totoMinStakeMinor',
    defaultValue: '1000',
    parse: int,
    description:
      'The smallest toto stake per combination (minor units); a coupon’s stake per combination is a whole multiple of it.',
  },
  {
    name: 'TOTO_POOL_PERCENT',
    field: 'totoPoolPercent',
    defaultValue: '90',
    parse: int,
    description: 'The share of a toto draw’s stakes that forms its pool.',
  },
  {
    name: 'TOTO_CATEGORY_SHARES',
    field: 'totoCategoryShares',
    defaultValue: '5,5,5,5,10,20,40',
    parse: (raw) => (list(raw) as string[]).map((v) => int(v)),
    description:
      'Percent of the toto pool for 15, 14, 13, 12, 11, 10 and 9 correct (at most 100 in all; the rest and every unwon share feed the jackpot, won only with 15).',
  },
  {
    name: 'TOTO_CLOSE_BEFORE_START_SECONDS',
    field: 'totoCloseBeforeStartSeconds',
    defaultValue: '0',
    parse: int,
    description: 'A toto draw stops taking coupons this long before its first match starts.',
  },
  {
    name: 'TOTO_WORKER_INTERVAL_MS',
    field: 'totoWorkerIntervalMs',
    defaultValue: '5000',
    parse: int,
    description:
      'How often the workers role closes toto draws, creates the next one, takes match results, distributes pools and pays winners.',
  },
  {
    name: 'CASINO_DRAW_PACE_PERCENT',
    field: 'casinoDrawPacePercent',
    defaultValue: '100',
    parse: int,
    description:
      'Bingo and TV games timings (ball pace, pauses, buying windows, draw intervals, reveals) as a percent of their normal length; lower only for demos and end-to-end tests.',
  },
  {
    name: 'BONUS_ENGINE',
    field: 'bonusEngine',
    defaultValue: 'true',
    parse: bool,
    description:
      'Wire the bonus engine into deposits, settled bets, registrations and casino stakes; false only to measure what it costs (bench:place and bench:casino measure it off and on in one run).',
  },
  {
    name: 'DATABASE_READ_URL',
    field: 'databaseReadUrl',
    defaultValue: '',
    parse: nullable,
    description:
      'postgres://… of a read replica of DATABASE_URL for reads that tolerate its lag (sports lists, results, content, casino lobby; never money, bets or a player reading what they just wrote); unset = every read goes to DATABASE_URL.',
  },
];

/** CASINO_PROVIDERS: a JSON list, or `name|baseUrl|secret` entries separated by `;`. */
function casinoProviderList(raw: string): unknown {
  const v = raw.trim();
  if (v === '') return [];
  if (v.startsWith('[')) return json(v);
  return v
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const [name, baseUrl, ...secret] = entry.split('|');
      return { name: name?.trim(), baseUrl: baseUrl?.trim(), secret: secret.join('|') };
    });
}

/**
 * The sandbox provider's development key: public (it is in this file), so good only where the
 * sandbox's test cards already let anyone pay.
 */
const DEVELOPMENT_SANDBOX_SECRET = 'parlay-sandbox-secret';

/**
 * Fills the payment provider and sandbox key left unset, by NODE_ENV; answers why the boot must stop
 * ("VARIABLE = value: reason") when production would run the sandbox without being told to, or
 * with a key anyone can read.
 */
function resolvePaymentsDefaults(
  draft: Record<string, unknown>,
  env: Record<string, string | undefined>,
): string | null {
  const production = draft.nodeEnv === 'production';
  draft.paymentsProvider ??= production ? 'none' : 'sandbox';
  if (!production || draft.paymentsProvider !== 'sandbox') {
    draft.paymentsSandboxSecret ??= DEVELOPMENT_SANDBOX_SECRET;
    return null;
  }
  if (draft.paymentsSandboxAllowInProduction !== true) {
    return `PAYMENTS_PROVIDER = "sandbox": the sandbox provider (anyone can pay with its test cards) runs with NODE_ENV=production only with PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION=true`;
  }
  const secret = draft.paymentsSandboxSecret;
  if (secret === null || secret === DEVELOPMENT_SANDBOX_SECRET) {
    return `PAYMENTS_SANDBOX_SECRET = ${JSON.stringify(env.PAYMENTS_SANDBOX_SECRET ?? '')}: the sandbox provider in production needs its own key (16+ characters), not the public development one`;
  }
  return null;
}

/** Names the site's own games use: the development studio, the in-house originals. */
const RESERVED_PROVIDER_NAMES = new Set(['parlay-demo-studio', 'in-house', 'parlay-originals']);

/** Provider names are unique; in production every provider's key is 32+ characters. */
function casinoProvidersRefusal(config: Config): string | null {
  const names = new Set<string>();
  for (const provider of config.casinoProviders) {
    if (names.has(provider.name) || RESERVED_PROVIDER_NAMES.has(provider.name)) {
      return `CASINO_PROVIDERS: the name "${provider.name}" is taken`;
    }
    names.add(provider.name);
    if (config.nodeEnv === 'production' && provider.secret.length < 32) {
      return `CASINO_PROVIDERS: the key of "${provider.name}" must have 32+ characters with NODE_ENV=production`;
    }
  }
  return null;
}

/**
 * Messaging settings that only make sense together; and production, where registration codes,
 * password recovery and SMS sign-in need real delivery, refuses to start without both providers
 * unless MESSAGING=off says so.
 */
function messagingRefusal(draft: Config, env: Record<string, string | undefined>): string | null {
  const shown = (name: string) => JSON.stringify(env[name] ?? '');
  if (draft.smtpUrl && !draft.mailFrom) return 'MAIL_FROM = "": required with SMTP_URL';
  const dkimParts = [draft.dkimDomain, draft.dkimSelector, draft.dkimPrivateKey ?? draft.dkimPrivateKeyFile];
  if (dkimParts.some((p) => p !== null) && dkimParts.some((p) => p === null)) {
    return `DKIM_DOMAIN = ${shown('DKIM_DOMAIN')}: DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together`;
  }
  if (draft.nodeEnv === 'production' && draft.messaging === 'on') {
    const missing = [
      ...(draft.smtpUrl ? [] : ['SMTP_URL and MAIL_FROM (e-mail)']),
      ...(draft.smsWebhookUrl ? [] : ['SMS_WEBHOOK_URL (SMS)']),
    ];
    if (missing.length > 0) {
      return `MESSAGING = ${shown('MESSAGING')}: NODE_ENV=production needs ${missing.join(' and ')} to deliver registration, recovery and sign-in codes; set MESSAGING=off to run without e-mail and SMS`;
    }
  }
  return null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Builds the config from an environment map; throws ConfigError naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const draft: Record<string, unknown> = {};
  for (const variable of VARIABLES) {
    const raw = env[variable.name];
    draft[variable.field] = variable.parse(raw === undefined ? variable.defaultValue : raw);
  }
  if (draft.renderThreads === 'auto') {
    // The embedded database is a small site's: one render thread (an isolate with its own copy of
    // the web build) instead of one per core keeps it within its memory bound (bench:soak).
    draft.renderThreads = draft.databaseUrl === null ? 1 : autoRenderThreads(draft.webConcurrency);
  }
  const sandboxRefusal = resolvePaymentsDefaults(draft, env);
  if (sandboxRefusal) throw new ConfigError(`invalid configuration: ${sandboxRefusal}`);
  if (Value.Check(ConfigSchema, draft)) {
    if (draft.webConcurrency > 1 && (!draft.databaseUrl || !draft.busUrl)) {
      throw new ConfigError(
        `invalid configuration: WEB_CONCURRENCY = "${draft.webConcurrency}": more than one process needs DATABASE_URL (PGlite is single-process) and BUS_URL (events must cross processes)`,
      );
    }
    if (draft.databaseReadUrl && !draft.databaseUrl) {
      throw new ConfigError(
        'invalid configuration: DATABASE_READ_URL is a replica of DATABASE_URL: set DATABASE_URL too (the embedded database has no replicas)',
      );
    }
    if (draft.devTools && draft.nodeEnv === 'production') {
      throw new ConfigError(
        `invalid configuration: DEV_TOOLS = ${JSON.stringify(env.DEV_TOOLS)}: development tools are never served with NODE_ENV=production`,
      );
    }
    const providerRefusal = casinoProvidersRefusal(draft);
    if (providerRefusal) throw new ConfigError(`invalid configuration: ${providerRefusal}`);
    const messaging = messagingRefusal(draft, env);
    if (messaging) throw new ConfigError(`invalid configuration: ${messaging}`);
    const devProvider = draft.oidcProviders.find(
      (provider) => provider.name === 'dev' || /\/dev-idp\/?$/.test(provider.issuer),
    );
    if (draft.nodeEnv === 'production' && devProvider) {
      throw new ConfigError(
        `invalid configuration: OIDC_PROVIDERS: "${devProvider.name}" is the development identity provider (/dev-idp), never served with NODE_ENV=production`,
      );
    }
    if (draft.nodeEnv === 'production' && draft.authSecret === null) {
      throw new ConfigError(
        'invalid configuration: AUTH_SECRET = "": NODE_ENV=production needs its own key of 32+ characters to sign sessions and sign-in links (e.g. openssl rand -base64 48)',
      );
    }
    if (draft.roles.includes('web') && !draft.roles.includes('api') && !draft.apiInternalUrl) {
      throw new ConfigError(
        'invalid configuration: API_INTERNAL_URL = "": required when PARLAY_ROLES has web without api',
      );
    }
    return draft;
  }
  const first = Value.Errors(ConfigSchema, draft).First();
  const field = first?.path.split('/')[1] ?? '';
  const variable = VARIABLES.find((v) => v.field === field);
  const shown = variable ? JSON.stringify(env[variable.name] ?? variable.defaultValue) : '';
  throw new ConfigError(
    `invalid configuration: ${variable?.name ?? field} = ${shown}: ${first?.message ?? 'invalid'} (${variable?.description ?? ''})`,
  );
}

export function hasRole(config: Config, role: Role): boolean {
  return config.roles.includes(role);
}

/**
 * Architecture rules, checked by `npm run arch` (dependency-cruiser) as part of `npm test`; each
 * rule's comment says why it holds. tests/architecture/dependency-rules.test.ts plants a violation
 * of every rule in a small copy of our layout and sees it reported, so a rule that stops matching
 * (or a new rule without a planted violation) fails the tests.
 *
 * TypeScript 7's package has no compiler API for dependency-cruiser to parse with, so the sources
 * are parsed by swc (`parser: 'swc'`, @swc/core); type-only imports count like any other.
 */
import type { IConfiguration } from 'dependency-cruiser';

/** Node packages that do I/O or belong to a side of the system, never to the pure rules. */
const ioPackages = [
  'pg',
  'kysely',
  'fastify',
  '@fastify',
  'fastify-plugin',
  '@electric-sql',
  'ioredis',
  'nats',
  'ws',
  'pino',
  'prom-client',
  'react',
  'react-dom',
  'i18next',
];

/** The packages of the repository; a relative import must stay inside its own. */
const workspacePackage = '^(web/apps/[^/]+|web/[^/]+|domain|server|tests/e2e|bench)/';

/** The front doors of a server module: its index.ts, and test-support.ts for other modules' tests. */
const moduleFrontDoor = '(index|test-support)\\.ts';
/** The one platform file that knows modules: it gathers their table types (see its rules). */
const platformSchema = '^server/src/platform/schema\\.ts$';
const testFile = '\\.test\\.tsx?$';
const testSupport = '(^|/)test-support\\.tsx?$';

/** Fastify and its plugins: the HTTP edge of the server. */
const httpPackages = '(^|/)node_modules/(fastify|@fastify/[^/]+|fastify-plugin)/';
/** Where a module meets HTTP: its route files (routes.ts, routes-*.ts, *-routes.ts) and its index.ts. */
const moduleHttpEdge = [
  '^server/src/modules/.+/(routes|routes-[^/]+|[^/]+-routes)\\.ts$',
  '^server/src/modules/[^/]+/index\\.ts$',
];
/**
 * Module files that are HTTP plumbing by name and need Fastify's types, kept few on purpose; a use
 * case takes plain values and never one of these.
 */
const httpPlumbing = [
  // auth: reading the caller (address, user agent, captcha answer, fingerprint, referral cookies)
  // from a request, and the session of a request (user_token cookie, per-request user).
  '^server/src/modules/auth/http-(request|session)\\.ts$',
  // web: the page host is HTTP through and through; these read the request a page is rendered
  // for and call the APIs and micro-apps in process through app.inject.
  '^server/src/modules/web/(shell-request|api-fetch|fragments)\\.ts$',
];

const config: IConfiguration = {
  forbidden: [
    {
      name: 'domain-imports-only-domain',
      comment:
        'domain/ holds pure rules shared by server and browser: it imports nothing of ours outside domain/.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', '(^|/)node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'domain-no-io',
      comment:
        'domain/ does no I/O: no Node built-in (fs, net, http, child_process, …) and no package that talks to a database, network or screen.',
      severity: 'error',
      from: { path: '^domain/' },
      to: {
        dependencyTypes: ['core'],
      },
    },
    {
      name: 'domain-no-io-packages',
      comment: 'domain/ does no I/O: no database, HTTP, bus, logging or React package.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: `(^|/)node_modules/(${ioPackages.join('|')})/` },
    },
    {
      name: 'web-not-server',
      comment: 'The browser side never imports the server: what both need lives in domain/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'module-through-its-index',
      comment:
        "A server module reaches another module only through that module's index.ts (its service interface and events); tests also through its test-support.ts.",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', `^server/src/modules/[^/]+/${moduleFrontDoor}$`],
      },
    },
    {
      name: 'outside-through-index',
      comment:
        'Server code outside the modules (composition root, platform tests, shared test helpers) reaches a module through its index.ts or test-support.ts too.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['^server/src/modules/', platformSchema] },
      to: { path: '^server/src/modules/[^/]+/', pathNot: `^server/src/modules/[^/]+/${moduleFrontDoor}$` },
    },
    {
      name: 'platform-knows-no-module',
      comment:
        'server/src/platform is the ground every module stands on; it knows no module (server/src/app.ts, the composition root, does). Its tests may boot the whole app.',
      severity: 'error',
      from: { path: '^server/src/platform/', pathNot: [platformSchema, testFile] },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'platform-schema-only-table-types',
      comment:
        "platform/schema.ts only gathers the modules' table types into one Kysely Database type: type-only imports of modules' tables.ts, nothing else.",
      severity: 'error',
      from: { path: platformSchema },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/[^/]+/tables\\.ts$' },
    },
    {
      name: 'platform-schema-types-only',
      comment: 'platform/schema.ts imports table types (import type), never code of a module.',
      severity: 'error',
      from: { path: platformSchema },
      to: { path: '^server/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'fastify-only-at-the-http-edge',
      comment:
        'A module translates HTTP in its route files and index.ts: its use cases take plain values (the client address, a cookie read, the language) and answer plain results, never a Fastify request or reply. Tests and the few HTTP plumbing files (httpPlumbing above) may use Fastify too.',
      severity: 'error',
      from: {
        path: '^server/src/modules/',
        pathNot: [...moduleHttpEdge, ...httpPlumbing, testFile, testSupport],
      },
      to: { path: httpPackages },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production code never imports tests or test helpers.',
      severity: 'error',
      from: { path: '^(server/src|domain|web)/', pathNot: [testFile, testSupport, '^server/src/testing/'] },
      to: { path: [testFile, testSupport, '^server/src/testing/'] },
    },
    {
      name: 'micro-apps-independent',
      comment:
        'A micro-app does not import another micro-app: what two apps share lives in web/ui, web/mf, web/client or domain/.',
      severity: 'error',
      from: { path: '^web/apps/([^/]+)/' },
      to: { path: '^web/apps/', pathNot: '^web/apps/$1/' },
    },
    {
      name: 'shell-not-apps',
      comment:
        "The shell composes micro-apps through their manifests and fragments, never by importing their code: it reads only the list of manifests (web/apps/index.ts), the list's server-side texts (web/apps/dictionaries.ts) and, in tests, the apps' sample paths (web/apps/route-samples.ts).",
      severity: 'error',
      from: { path: '^web/shell/' },
      to: { path: '^web/apps/', pathNot: '^web/apps/(index|dictionaries|route-samples)\\.ts$' },
    },
    {
      name: 'packages-by-name',
      comment:
        'A relative import stays inside its own workspace package; another package is imported by name (@parlay/domain/…).',
      severity: 'error',
      from: { path: workspacePackage },
      to: {
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased-workspace'],
        pathNot: '^$1/',
      },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles: two files that need each other are one thing, or share a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment: 'Every import resolves, so no dependency escapes the rules above unseen.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    // Packages are recorded as imported (the domain's I/O rules need that) but not read.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['(^|/)dist/', '^data/', '^tests/e2e/artifacts/'] },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};

export default config;

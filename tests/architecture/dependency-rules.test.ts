/**
 * The architecture rules of .dependency-cruiser.ts (`npm run arch`) catch what they name: a small
 * repository laid out like ours, written to a temporary directory, holds allowed imports and one
 * planted violation of every rule; dependency-cruiser runs on it with the real configuration and
 * must report each planted violation under its rule and nothing for the allowed imports. A rule
 * added to the configuration without a planted violation here fails the last test.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../.dependency-cruiser.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

/** Allowed imports: none of these files may show up in a violation. */
const ALLOWED: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, type: 'module' }),
  'domain/package.json': JSON.stringify({
    name: '@parlay/domain',
    type: 'module',
    exports: { './*': './*' },
  }),
  'domain/money/amount.ts': 'export const SCALE = 2;\n',
  'domain/odds/formats.ts': "import { SCALE } from '../money/amount.ts';\nexport const FORMAT = SCALE;\n",
  'domain/odds/formats.test.ts':
    "import { it } from 'vitest';\nimport { FORMAT } from './formats.ts';\nit('x', () => FORMAT);\n",
  'node_modules/vitest/package.json': JSON.stringify({ name: 'vitest', main: 'index.js' }),
  'node_modules/vitest/index.js': 'export const it = () => {};\n',
  'node_modules/kysely/package.json': JSON.stringify({ name: 'kysely', main: 'index.js' }),
  'node_modules/kysely/index.js': 'export const sql = 1;\n',
  'node_modules/fastify/package.json': JSON.stringify({ name: 'fastify', main: 'fastify.js' }),
  'node_modules/fastify/fastify.js': 'export default function fastify() {}\n',
  'server/package.json': JSON.stringify({ name: '@parlay/server', type: 'module' }),
  'server/src/app.ts':
    "import { ledgerModule } from './modules/accounts/index.ts';\nexport const app = ledgerModule;\n",
  'server/src/platform/db.ts': "import { sql } from 'kysely';\nexport const db = sql;\n",
  'server/src/platform/schema.ts':
    "import type { AccountsTables } from '../modules/accounts/tables.ts';\nexport type Database = AccountsTables;\n",
  'server/src/platform/db.test.ts':
    "import { ledgerModule } from '../modules/accounts/index.ts';\nexport const t = ledgerModule;\n",
  'server/src/modules/accounts/tables.ts': 'export interface AccountsTables { id: number }\n',
  'server/src/modules/accounts/ledger.ts':
    "import { SCALE } from '@parlay/domain/money/amount.ts';\nimport { db } from '../../platform/db.ts';\nexport const ledger = [SCALE, db];\n",
  'server/src/modules/accounts/index.ts':
    "import { ledger } from './ledger.ts';\nexport const ledgerModule = ledger;\n",
  'server/src/modules/accounts/test-support.ts':
    "import { ledger } from './ledger.ts';\nexport const funded = ledger;\n",
  'server/src/modules/betting/place.ts':
    "import { ledgerModule } from '../accounts/index.ts';\nimport { FORMAT } from '@parlay/domain/odds/formats.ts';\nexport const place = [ledgerModule, FORMAT];\n",
  'server/src/modules/betting/routes.ts':
    "import type { FastifyRequest } from 'fastify';\nimport { place } from './place.ts';\nexport const route = (request: FastifyRequest) => [request.ip, place];\n",
  'server/src/modules/betting/place.test.ts':
    "import { funded } from '../accounts/test-support.ts';\nimport { place } from './place.ts';\nexport const t = [funded, place];\n",
  'web/mf/package.json': JSON.stringify({
    name: '@parlay/mf',
    type: 'module',
    exports: { './*': './src/*' },
  }),
  'web/mf/src/odds-view.ts':
    "import { FORMAT } from '@parlay/domain/odds/formats.ts';\nexport const VIEW = FORMAT;\n",
  'web/apps/sports/package.json': JSON.stringify({ name: '@parlay/app-sports', type: 'module' }),
  'web/apps/sports/src/page.tsx':
    "import { VIEW } from '@parlay/mf/odds-view.ts';\nexport const Page = () => <p>{VIEW}</p>;\n",
  'web/shell/package.json': JSON.stringify({ name: '@parlay/shell', type: 'module' }),
  'web/shell/src/routes.ts':
    "import { VIEW } from '@parlay/mf/odds-view.ts';\nexport const routes = [VIEW];\n",
};

/** One planted violation per rule: the rule, the importing file, its text and the import it names. */
const PLANTED: { rule: string; from: string; text: string; to: string }[] = [
  {
    rule: 'domain-imports-only-domain',
    from: 'domain/odds/uses-web.ts',
    text: "import { VIEW } from '@parlay/mf/odds-view.ts';\nexport const x = VIEW;\n",
    to: 'web/mf/src/odds-view.ts',
  },
  {
    rule: 'domain-no-io',
    from: 'domain/money/reads-files.ts',
    text: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    to: 'fs',
  },
  {
    rule: 'domain-no-io-packages',
    from: 'domain/money/queries.ts',
    text: "import { sql } from 'kysely';\nexport const x = sql;\n",
    to: 'node_modules/kysely/index.js',
  },
  {
    rule: 'web-not-server',
    from: 'web/shell/src/reads-db.ts',
    text: "import { db } from '../../../server/src/platform/db.ts';\nexport const x = db;\n",
    to: 'server/src/platform/db.ts',
  },
  {
    rule: 'module-through-its-index',
    from: 'server/src/modules/betting/settle.ts',
    text: "import { ledger } from '../accounts/ledger.ts';\nexport const x = ledger;\n",
    to: 'server/src/modules/accounts/ledger.ts',
  },
  {
    rule: 'outside-through-index',
    from: 'server/src/main.ts',
    text: "import { ledger } from './modules/accounts/ledger.ts';\nexport const x = ledger;\n",
    to: 'server/src/modules/accounts/ledger.ts',
  },
  {
    rule: 'platform-knows-no-module',
    from: 'server/src/platform/jobs.ts',
    text: "import { ledgerModule } from '../modules/accounts/index.ts';\nexport const x = ledgerModule;\n",
    to: 'server/src/modules/accounts/index.ts',
  },
  {
    rule: 'platform-schema-only-table-types',
    from: 'server/src/platform/schema.ts',
    text: "import type { ledger } from '../modules/accounts/ledger.ts';\nexport type Ledger = typeof ledger;\n",
    to: 'server/src/modules/accounts/ledger.ts',
  },
  {
    rule: 'platform-schema-types-only',
    from: 'server/src/platform/schema.ts',
    text: "import { AccountsTables as Tables } from '../modules/accounts/tables.ts';\nexport type Rows = Tables;\n",
    to: 'server/src/modules/accounts/tables.ts',
  },
  {
    rule: 'fastify-only-at-the-http-edge',
    from: 'server/src/modules/betting/settle-bets.ts',
    text: "import type { FastifyRequest } from 'fastify';\nexport const settle = (request: FastifyRequest) => request.ip;\n",
    to: 'node_modules/fastify/fastify.js',
  },
  {
    rule: 'no-test-code-in-production',
    from: 'server/src/modules/accounts/wallet.ts',
    text: "import { funded } from './test-support.ts';\nexport const x = funded;\n",
    to: 'server/src/modules/accounts/test-support.ts',
  },
  {
    rule: 'micro-apps-independent',
    from: 'web/apps/office/src/bets.tsx',
    text: "import { Page } from '@parlay/app-sports/src/page.tsx';\nexport const x = Page;\n",
    to: 'web/apps/sports/src/page.tsx',
  },
  {
    rule: 'shell-not-apps',
    from: 'web/shell/src/slot.tsx',
    text: "import { Page } from '../../apps/sports/src/page.tsx';\nexport const x = Page;\n",
    to: 'web/apps/sports/src/page.tsx',
  },
  {
    rule: 'packages-by-name',
    from: 'server/src/modules/betting/quote.ts',
    text: "import { SCALE } from '../../../../domain/money/amount.ts';\nexport const x = SCALE;\n",
    to: 'domain/money/amount.ts',
  },
  {
    rule: 'no-cycles',
    from: 'web/apps/sports/src/slip-a.ts',
    text: "import { b } from './slip-b.ts';\nexport const a = () => b;\n",
    to: 'web/apps/sports/src/slip-b.ts',
  },
  {
    rule: 'resolvable',
    from: 'server/src/modules/betting/lost.ts',
    text: "import { gone } from './nowhere.ts';\nexport const x = gone;\n",
    to: './nowhere.ts',
  },
];

/** Files a planted violation needs beside it (the other half of the cycle, the office app's package). */
const PLANTED_SUPPORT: Record<string, string> = {
  'web/apps/sports/src/slip-b.ts': "import { a } from './slip-a.ts';\nexport const b = () => a;\n",
  'web/apps/office/package.json': JSON.stringify({ name: '@parlay/app-office', type: 'module' }),
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

/** Links the fixture's workspace packages into its node_modules, as npm does for ours. */
async function linkWorkspaces(root: string): Promise<void> {
  const links: Record<string, string> = {
    '@parlay/domain': 'domain',
    '@parlay/server': 'server',
    '@parlay/mf': 'web/mf',
    '@parlay/shell': 'web/shell',
    '@parlay/app-sports': 'web/apps/sports',
    '@parlay/app-office': 'web/apps/office',
  };
  await mkdir(join(root, 'node_modules/@parlay'), { recursive: true });
  for (const [name, target] of Object.entries(links)) {
    await symlink(join(root, target), join(root, 'node_modules', name), 'dir');
  }
}

async function cruise(root: string): Promise<Violation[]> {
  const args = [CLI, '--config', join(ROOT, '.dependency-cruiser.ts'), '--output-type', 'json'];
  const run = promisify(execFile);
  // dependency-cruiser exits with the number of errors; the JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, [...args, 'domain', 'server', 'web'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string }) => {
    if (!err.stdout) throw new Error(`dependency-cruiser gave no report: ${err.stderr}`);
    return { stdout: err.stdout };
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('architecture rules (.dependency-cruiser.ts) report a planted violation of each', () => {
  let cleanDir: string;
  let plantedDir: string;
  let clean: Violation[];
  let planted: Violation[];

  beforeAll(async () => {
    cleanDir = await mkdtemp(join(tmpdir(), 'parlay-arch-clean-'));
    plantedDir = await mkdtemp(join(tmpdir(), 'parlay-arch-planted-'));
    await writeTree(cleanDir, ALLOWED);
    // A planted line goes after the allowed ones of its file (platform/schema.ts gets two).
    const plantedFiles: Record<string, string> = { ...ALLOWED, ...PLANTED_SUPPORT };
    for (const p of PLANTED) plantedFiles[p.from] = (plantedFiles[p.from] ?? '') + p.text;
    await writeTree(plantedDir, plantedFiles);
    await linkWorkspaces(cleanDir);
    await linkWorkspaces(plantedDir);
    [clean, planted] = await Promise.all([cruise(cleanDir), cruise(plantedDir)]);
  });

  afterAll(async () => {
    await rm(cleanDir, { recursive: true, force: true });
    await rm(plantedDir, { recursive: true, force: true });
  });

  it('finds nothing wrong with the allowed imports', () => {
    expect(clean).toEqual([]);
  });

  it.each(PLANTED)('$rule: reports $from → $to', ({ rule, from, to }) => {
    const found = planted.filter((v) => v.rule.name === rule && v.from === from);
    expect(found.map((v) => v.to)).toContainEqual(expect.stringContaining(to));
  });

  it('reports no allowed file in the planted tree', () => {
    const plantedFrom = new Set([...PLANTED.map((p) => p.from), ...Object.keys(PLANTED_SUPPORT)]);
    expect(planted.filter((v) => !plantedFrom.has(v.from))).toEqual([]);
  });

  it('has a planted violation for every rule of the configuration', () => {
    const rules = (config.forbidden ?? []).map((rule) => rule.name);
    expect([...new Set(PLANTED.map((p) => p.rule))].sort()).toEqual([...rules].sort());
  });
});

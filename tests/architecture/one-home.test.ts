/**
 * Rules and constants that lived in two or three copies have one home, in domain/, and every
 * side uses it (issue 17): the odds format ids, the limit type codes and families, the approval
 * delay and the token refresh sharing window, the game status codes. This reads the sources (not
 * tests, not migrations) for the copies that were there and must not come back.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['domain', 'server/src', 'web'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    }),
  );
  return files.flat();
}

/** Source text without comments, so a doc line naming the codes is not a copy of them. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

let sources: Map<string, string>;

beforeAll(async () => {
  const files = (await Promise.all(SOURCE_DIRS.map(sourceFiles))).flat();
  sources = new Map(
    await Promise.all(
      files.map(
        async (file) =>
          [relative(ROOT, join(ROOT, file)), code(await readFile(join(ROOT, file), 'utf8'))] as const,
      ),
    ),
  );
});

/** Files (other than `home`) whose code matches the pattern, with the matching text. */
function copiesOf(pattern: RegExp, home: string[] = []): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    if (home.includes(file)) continue;
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))) {
      found.push(`${file}: ${match[0]}`);
    }
  }
  return found;
}

function importersOf(name: string): string[] {
  return [...sources]
    .filter(([file, text]) => !file.startsWith('domain/') && new RegExp(`\\b${name}\\b`).test(text))
    .map(([file]) => file);
}

describe('one home per rule and constant', () => {
  it('lists the odds format ids once, in domain/odds/formats.ts', () => {
    expect(
      copiesOf(/\[\s*0,\s*1,\s*2,\s*4,\s*5,\s*6,\s*14,\s*15,\s*16\s*\]/, ['domain/odds/formats.ts']),
    ).toEqual([]);
  });

  it('names limit type codes only in domain/limits/limit-types.ts', () => {
    const home = ['domain/limits/limit-types.ts'];
    // A list of a family's codes is a copy in code about responsible-gaming limits (code that names
    // limit types or the limits module); a calculator's or a lottery's [1, 2, 3] is not.
    expect(
      copiesOf(/\[\s*(1,\s*2,\s*3|10,\s*11,\s*12|20,\s*21,\s*22)\s*\]/, home).filter((hit) =>
        /limitType|LimitType|limit_type|limits\/|LIMIT_/.test(
          sources.get(hit.slice(0, hit.indexOf(':'))) ?? '',
        ),
      ),
    ).toEqual([]);
    expect(copiesOf(/\b(limitType|limit_type|record\.type)\s*(===|!==|<=|>=|<|>)\s*\d+/, home)).toEqual([]);
    expect(copiesOf(/\.records\.get\(\s*\d+\s*\)/, home)).toEqual([]);
  });

  it('uses the domain approval delay and token refresh window instead of copies', () => {
    expect(importersOf('APPROVAL_DELAY_SECONDS')).toContain('server/src/platform/config.ts');
    expect(importersOf('TOKEN_REFRESH_DEDUPE_MS').filter((file) => file.startsWith('web/'))).not.toEqual([]);
    expect(copiesOf(/\bTOKEN_REFRESH_SHARE_MS\s*=/)).toEqual([]);
  });

  it('compares game statuses by their domain names, never as raw numbers', () => {
    const home = ['domain/sportsbook/game-status.ts'];
    expect(copiesOf(/\b(game|m|state|data|r)\.status\s*(===|!==)\s*\d\b/, home)).toEqual([]);
  });
});

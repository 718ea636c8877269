/**
 * The docs stay true to the tree: every repository path a doc names in backticks and every local
 * markdown link of docs/*.md and README.md must exist. A path counts as a repository path when its
 * first segment is an entry at the top of the repository (domain/…, server/…, web/…, docs/…,
 * .dependency-cruiser.ts); a placeholder segment (<name>, *, …) is checked up to its folder, and a
 * `*` in the last segment must match at least one file. In docs/*.md a file path must be written in
 * full from the repository root (a reader, and this test, can then find it). The table of
 * dependency rules in docs/architecture.md §7 lists exactly the rules of .dependency-cruiser.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../.dependency-cruiser.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Top-level entries that are not part of the repository's text (generated, installed, local data). */
const NOT_NAMED_BY_DOCS = new Set(['.git', 'node_modules', 'data', 'dist']);
const TOP_LEVEL = new Set(readdirSync(ROOT).filter((name) => !NOT_NAMED_BY_DOCS.has(name)));

const DOCS = [
  'README.md',
  ...(existsSync(join(ROOT, 'docs')) ? readdirSync(join(ROOT, 'docs')) : [])
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The four pages issue 17 asks for; the README links each of them. */
const REQUIRED_DOCS = [
  'docs/architecture.md',
  'docs/flows.md',
  'docs/adding-a-micro-app.md',
  'docs/adding-a-module.md',
];

const PLACEHOLDER = /[<>*{}…[\]]|\.\.\./;
const FILE_EXTENSION = /\.(ts|tsx|json|md|sql|css|mjs|js)$/;

/** Text outside fenced code blocks (a command or a diagram there is not a path claim). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** Inline code spans: `x`. */
function codeSpans(markdown: string): string[] {
  return [...prose(markdown).matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
}

/** Targets of local markdown links [text](target), without their #anchor. */
function localLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^([a-z]+:|#)/.test(target))
    .map((target) => target.replace(/#.*$/, ''));
}

/** Folders git ignores (.gitignore entries ending in "/"): outputs that exist only after a build or a run. */
const GENERATED = readFileSync(join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.endsWith('/') && !line.startsWith('#'));

const isBuildOutput = (span: string) =>
  span.split('/').includes('dist') ||
  GENERATED.some((folder) => `${span.replace(/\/$/, '')}/`.startsWith(folder));

/**
 * A span that names something in this repository: its first segment is a top-level entry. Build
 * outputs (a `dist` segment, or a folder .gitignore names) are not checked: they exist only after a build or a run.
 */
function isRepositoryPath(span: string): boolean {
  if (/\s/.test(span) || isBuildOutput(span)) return false;
  const first = span.split('/')[0] ?? '';
  return TOP_LEVEL.has(first) || first === 'docs';
}

/** Whether the path (with placeholder segments) names something that exists. */
function exists(path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/');
  const fixed: string[] = [];
  for (const [i, segment] of segments.entries()) {
    if (!PLACEHOLDER.test(segment)) {
      fixed.push(segment);
      continue;
    }
    const dir = join(ROOT, ...fixed);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    // A glob in the last segment: at least one entry matches it.
    if (i === segments.length - 1 && /^[^<>{}…[\]]*\*[^<>{}…[\]]*$/.test(segment)) {
      const pattern = new RegExp(`^${segment.replace(/[.+?^$()|\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      return readdirSync(dir).some((name) => pattern.test(name));
    }
    return true;
  }
  return existsSync(join(ROOT, ...fixed));
}

describe('docs name only what exists', () => {
  it('has the four pages of the design, the flows and the two how-tos', () => {
    expect(REQUIRED_DOCS.filter((doc) => !existsSync(join(ROOT, doc)))).toEqual([]);
  });

  it('links the four pages from the README', () => {
    const linked = new Set(localLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')));
    expect(REQUIRED_DOCS.filter((doc) => !linked.has(doc))).toEqual([]);
  });

  it.each(DOCS)('%s: every backticked repository path exists', (doc) => {
    const missing = codeSpans(readFileSync(join(ROOT, doc), 'utf8'))
      .filter(isRepositoryPath)
      .filter((path) => !exists(path));
    expect(missing).toEqual([]);
  });

  it.each(DOCS)('%s: every local link resolves', (doc) => {
    const missing = localLinks(readFileSync(join(ROOT, doc), 'utf8')).filter(
      (target) => !existsSync(resolve(ROOT, dirname(doc), target)),
    );
    expect(missing).toEqual([]);
  });

  it.each(DOCS.filter((doc) => doc.startsWith('docs/')))(
    '%s: names files by their full path from the repository root',
    (doc) => {
      const partial = codeSpans(readFileSync(join(ROOT, doc), 'utf8')).filter(
        (span) =>
          span.includes('/') &&
          !span.startsWith('/') &&
          !isBuildOutput(span) &&
          FILE_EXTENSION.test(span) &&
          !/\s/.test(span) &&
          !span.startsWith('@parlay/') &&
          !isRepositoryPath(span),
      );
      expect(partial).toEqual([]);
    },
  );

  it('lists in docs/architecture.md §7 exactly the rules of .dependency-cruiser.ts', () => {
    const text = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const section = text.slice(text.indexOf('\n## 7.'), text.indexOf('\n## 8.'));
    const listed = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    const configured = (config.forbidden ?? []).map((rule) => rule.name);
    expect(listed).toEqual(configured);
  });

  it('checks what it claims: a made-up path is missing, placeholders and globs resolve', () => {
    expect(isRepositoryPath('server/src/nowhere.ts')).toBe(true);
    expect(exists('server/src/nowhere.ts')).toBe(false);
    expect(exists('server/src/modules/<module>/index.ts')).toBe(true);
    expect(exists('server/src/modules/betting/place-*.ts')).toBe(true);
    expect(exists('server/src/modules/betting/nothing-*.ts')).toBe(false);
    expect(isRepositoryPath('/web-api/betting/v1')).toBe(false);
    expect(isRepositoryPath('npm test')).toBe(false);
    expect(isRepositoryPath('web/dist/server/<app>.js')).toBe(false);
  });
});

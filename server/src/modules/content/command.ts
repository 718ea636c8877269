/**
 * parlay content import <folder> | publish <type> <lang> <slug> [--at ISO] | unpublish <type> <lang> <slug>
 *   | cover <type> <lang> <slug> <image file> | list
 */
import { readFile } from 'node:fs/promises';
import type { ContentStore } from './content-store.ts';
import { CoverImageError, type CoverImages } from './cover-images.ts';
import { CONTENT_TYPES, FrontMatterError } from './front-matter.ts';
import { importContentFolder } from './import-content.ts';
import { setCover } from './set-cover.ts';
import type { ContentType } from './tables.ts';

export const CONTENT_USAGE = `  content import <folder>                 import Markdown files with front matter (idempotent)
  content publish <type> <lang> <slug> [--at <ISO date>]   publish the latest version, now or scheduled
  content unpublish <type> <lang> <slug>  take an item back to draft
  content cover <type> <lang> <slug> <image file>   set the cover (resized to 480/960/1440 px webp)
  content list                            every item with its status and versions`;

function typeOf(raw: string | undefined): ContentType | null {
  return raw && (CONTENT_TYPES as readonly string[]).includes(raw) ? (raw as ContentType) : null;
}

export async function runContentCommand(
  args: string[],
  deps: {
    store: ContentStore;
    images: CoverImages;
    out?: (line: string) => void;
    err?: (line: string) => void;
  },
): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const err = deps.err ?? ((line: string) => console.error(line));
  const [action, ...rest] = args;
  if (action === 'import' && rest.length === 1 && rest[0]) {
    try {
      const report = await importContentFolder(rest[0], deps);
      out(`imported ${report.files} files: ${report.created} new versions, ${report.unchanged} unchanged`);
      for (const line of report.renamed) out(`renamed ${line}`);
      return 0;
    } catch (error) {
      if (error instanceof FrontMatterError) {
        err(`import failed: ${error.message}`);
        return 1;
      }
      throw error;
    }
  }
  if ((action === 'publish' || action === 'unpublish') && rest.length >= 3) {
    const [rawType, lang = '', slug = '', flag, when] = rest;
    const type = typeOf(rawType);
    if (!type) {
      err(`type must be one of ${CONTENT_TYPES.join(', ')}`);
      return 1;
    }
    if (action === 'unpublish') {
      if (rest.length !== 3) {
        err(CONTENT_USAGE);
        return 1;
      }
      const done = await deps.store.unpublish(type, lang, slug);
      if (!done) err(`no ${type} ${lang}/${slug}`);
      else out(`${type} ${lang}/${slug} is a draft again`);
      return done ? 0 : 1;
    }
    let at: Date | undefined;
    if (flag !== undefined) {
      at = new Date(when ?? '');
      if (
        flag !== '--at' ||
        rest.length !== 5 ||
        !/^\d{4}-\d{2}-\d{2}/.test(when ?? '') ||
        Number.isNaN(at.getTime())
      ) {
        err('--at needs an ISO date, e.g. 2026-12-01T09:00:00Z');
        return 1;
      }
    }
    const published = await deps.store.publish(type, lang, slug, at);
    if (!published) {
      err(`no ${type} ${lang}/${slug} with a saved version`);
      return 1;
    }
    out(
      `${type} ${lang}/${slug} version ${published.version} published at ${published.publishAt.toISOString()}`,
    );
    return 0;
  }
  if (action === 'cover' && rest.length === 4) {
    return runCover(rest as [string, string, string, string], deps, out, err);
  }
  if (action === 'list' && rest.length === 0) {
    for (const item of await deps.store.listAll()) {
      const when = item.publishAt ? item.publishAt.toISOString() : '-';
      out(
        `${item.type}\t${item.lang}\t${item.slug}\t${item.status}\tv${item.version}` +
          `\tpublished v${item.publishedVersion ?? '-'}\t${when}\t${item.title}`,
      );
    }
    return 0;
  }
  err(`usage:\n${CONTENT_USAGE}`);
  return 1;
}

async function runCover(
  [rawType, lang, slug, file]: [string, string, string, string],
  deps: { store: ContentStore; images: CoverImages },
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const type = typeOf(rawType);
  if (!type) {
    err(`type must be one of ${CONTENT_TYPES.join(', ')}`);
    return 1;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    err(`cannot read ${file}`);
    return 1;
  }
  try {
    const result = await setCover(deps, { type, lang, slug }, bytes);
    if (result.kind === 'missing') {
      err(`no ${type} ${lang}/${slug}`);
      return 1;
    }
    const { image, save, published } = result;
    const state = published ? 'published' : 'a draft: publish it to show the cover';
    out(
      `${type} ${lang}/${slug} cover ${image.id} (${image.width}×${image.height}, widths ${image.widths.join('/')})` +
        `, version ${save.version}${save.created ? '' : ' (unchanged)'}, ${state}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CoverImageError) {
      err(`cover refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/**
 * Imports a folder of Markdown files with front matter (recursively, *.md) into the store: each file
 * is one item's version; a file equal to the item's latest version adds nothing, so importing the same
 * folder twice is a no-op. A `cover:` path (relative to the file) is uploaded and resized first.
 * Every file is checked before any is saved: one bad file fails the import with its name.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentStore } from './content-store.ts';
import type { CoverImages } from './cover-images.ts';
import { type ContentFile, FrontMatterError, parseContentFile } from './front-matter.ts';

export interface ImportReport {
  files: number;
  /** Files that wrote a new version. */
  created: number;
  unchanged: number;
  renamed: string[];
}

async function markdownFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export async function importContentFolder(
  folder: string,
  deps: { store: ContentStore; images: CoverImages },
): Promise<ImportReport> {
  const files = await markdownFiles(folder);
  const parsed: { file: string; content: ContentFile }[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    try {
      const content = parseContentFile(await readFile(file, 'utf8'));
      const key = `${content.type}:${content.lang}:${content.slug}`;
      const other = seen.get(key);
      if (other) throw new FrontMatterError(`same type, lang and slug as ${path.relative(folder, other)}`);
      seen.set(key, file);
      parsed.push({ file, content });
    } catch (error) {
      if (error instanceof FrontMatterError)
        throw new FrontMatterError(`${path.relative(folder, file)}: ${error.message}`);
      throw error;
    }
  }
  const report: ImportReport = { files: parsed.length, created: 0, unchanged: 0, renamed: [] };
  for (const { file, content } of parsed) {
    const { cover, ...rest } = content;
    const coverImage = cover
      ? (await deps.images.upload(await readFile(path.resolve(path.dirname(file), cover)))).id
      : null;
    const saved = await deps.store.save({ ...rest, coverImage });
    if (saved.created) report.created += 1;
    else report.unchanged += 1;
    if (saved.renamedFrom)
      report.renamed.push(`${content.type} ${content.lang} ${saved.renamedFrom} → ${content.slug}`);
  }
  return report;
}

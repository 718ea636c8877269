import { readFileSync } from 'node:fs';
import path from 'node:path';

const rootPackage = path.resolve(import.meta.dirname, '../../../package.json');

/** The release version, from the root package.json. */
export const PARLAY_VERSION: string = (JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string })
  .version;

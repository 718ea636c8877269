/**
 * Blocking (site-shell §4 "Blocking", §7): the shell asks POST /blocks-api/api/v2/block {auth, url},
 * retried 2 times at 100 ms and failing open, maps the answer to its block page with
 * domain/routing/block-reason.ts, and sends blocked visitors there. A block page visited while not
 * blocked (or blocked for another reason) redirects to the language root (or the right block page).
 * Server-only: the browser bundle never imports this file.
 */
import { type BlockAnswer, type BlockPage, blockPageFor } from '@parlay/domain/routing/block-reason.ts';
import type { RouteMatch } from './match.ts';
import type { Redirect } from './redirects.ts';

/** True for the routes of the block pages (blocked layout, area "blocked"). */
export function isBlockRoute(match: RouteMatch | null): boolean {
  return match?.route.area === 'blocked';
}

/** The block answer's page, or null for "not blocked" and for an answer of the wrong shape. */
export function blockPageOf(body: unknown): BlockPage | null {
  if (typeof body !== 'object' || body === null) return null;
  const { displayTypeId, templateTypeId } = body as Partial<BlockAnswer>;
  if (!Number.isInteger(displayTypeId) || !Number.isInteger(templateTypeId)) return null;
  return blockPageFor({ displayTypeId: displayTypeId!, templateTypeId: templateTypeId! });
}

/**
 * Where the block state sends this request, or null to render it: a blocked visitor goes to the
 * block page of the reason; a block page is shown only to visitors blocked for that reason.
 */
export function blockRedirect(
  blockPage: BlockPage | null,
  match: RouteMatch | null,
  lng: string,
): Redirect | null {
  const onBlockPage = isBlockRoute(match);
  if (blockPage === null) return onBlockPage ? { status: 302, location: `/${lng}/` } : null;
  if (onBlockPage && match?.route.id === blockPage) return null;
  return { status: 302, location: `/${lng}/${blockPage}` };
}

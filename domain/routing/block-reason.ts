/**
 * Block reasons (site-shell §4 "Blocking", coupon-accounts §2): a block answer counts only when
 * displayTypeId is 1; its templateTypeId is the reason code, and each code has its page.
 */

export const BLOCK_DISPLAY_TYPE_BLOCKED = 1;

export const BLOCK_PAGES = [
  'block',
  'block-ua',
  'block-ie',
  'site-updates',
  'coming-soon',
  'suspension',
] as const;
export type BlockPage = (typeof BLOCK_PAGES)[number];

const PAGE_BY_REASON: Readonly<Record<number, BlockPage>> = {
  4: 'site-updates',
  16: 'suspension',
  3: 'block',
  1: 'block',
  5: 'block',
  2: 'block',
  14: 'block',
  13: 'block-ua',
  17: 'block-ie',
  8: 'coming-soon',
};

/** Reason codes the block service can answer with. */
export const BLOCK_REASONS = {
  geo: 3,
  siteUpdates: 4,
  userAgent: 13,
  oldInternetExplorer: 17,
  comingSoon: 8,
  suspension: 16,
} as const;

export interface BlockAnswer {
  displayTypeId: number;
  templateTypeId: number;
}

/**
 * The block page for an answer, or null when the visitor is not blocked.
 * @example blockPageFor({ displayTypeId: 1, templateTypeId: 13 }) // 'block-ua'
 */
export function blockPageFor(answer: BlockAnswer): BlockPage | null {
  if (answer.displayTypeId !== BLOCK_DISPLAY_TYPE_BLOCKED) return null;
  return PAGE_BY_REASON[answer.templateTypeId] ?? null;
}

export function isBlockPage(segment: string): segment is BlockPage {
  return (BLOCK_PAGES as readonly string[]).includes(segment);
}

/** Old Internet Explorer (MSIE up to 10, Trident up to 11): the site cannot run there. */
export function isOldInternetExplorer(userAgent: string): boolean {
  return /\bMSIE \d+\.\d+;|\bTrident\/\d/.test(userAgent);
}

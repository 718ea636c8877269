/**
 * Decides whether a visitor is blocked and why (site-shell §4 "Blocking"). Order: maintenance
 * (site updates) first, then old Internet Explorer, then the operator's rules: the whole site,
 * a path prefix, the geo country, the user agent. The first match wins.
 */
import {
  BLOCK_REASONS,
  type BlockAnswer,
  isOldInternetExplorer,
} from '@parlay/domain/routing/block-reason.ts';

export interface BlockRule {
  kind: 'country' | 'user_agent' | 'path' | 'all';
  pattern: string;
  templateTypeId: number;
  displayTypeId: number;
}

export interface BlockRequest {
  /** Path without the language prefix, e.g. "/casino". */
  path: string;
  country: string;
  userAgent: string;
  isMaintenance: boolean;
}

export const NOT_BLOCKED: BlockAnswer = { displayTypeId: 0, templateTypeId: 0 };

function matches(rule: BlockRule, request: BlockRequest): boolean {
  switch (rule.kind) {
    case 'all':
      return true;
    case 'path':
      return request.path === rule.pattern || request.path.startsWith(`${rule.pattern.replace(/\/$/, '')}/`);
    case 'country':
      return request.country.toUpperCase() === rule.pattern.toUpperCase();
    case 'user_agent':
      // Plain case-insensitive substring: operator input never becomes a regular expression.
      return request.userAgent.toLowerCase().includes(rule.pattern.toLowerCase());
  }
}

const ORDER: Record<BlockRule['kind'], number> = { all: 0, path: 1, country: 2, user_agent: 3 };

export function decideBlock(request: BlockRequest, rules: readonly BlockRule[]): BlockAnswer {
  if (request.isMaintenance) return { displayTypeId: 1, templateTypeId: BLOCK_REASONS.siteUpdates };
  if (isOldInternetExplorer(request.userAgent))
    return { displayTypeId: 1, templateTypeId: BLOCK_REASONS.oldInternetExplorer };
  const sorted = [...rules].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  const rule = sorted.find((r) => matches(r, request));
  return rule ? { displayTypeId: rule.displayTypeId, templateTypeId: rule.templateTypeId } : NOT_BLOCKED;
}

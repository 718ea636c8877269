/** Information pages with real text (namespace info, pages.<routeId>.p1/p2); contacts and about have their own layout. */
export const TEXT_PAGES = [
  'information-rules',
  'howbet',
  'information-payment',
  'cookies',
  'ussdinstruction',
  'licenses',
  'taxation',
  'consent',
  'simpleidentification',
  'amlkyc',
  'smsbets',
  'amlpolicy',
  'disputeresolution',
  'kycpolicy',
  'responsiblegaming',
  'cash-terminals',
  'betting-calculator',
] as const;

export type InfoContent = 'contacts' | 'about' | 'text' | 'empty';

/** How the info app fills a route's page: infoContentOf('howbet') === 'text'; promotions → 'empty'. */
export function infoContentOf(routeId: string): InfoContent {
  if (routeId === 'contacts' || routeId === 'about') return routeId;
  return (TEXT_PAGES as readonly string[]).includes(routeId) ? 'text' : 'empty';
}

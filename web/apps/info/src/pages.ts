/** The information pages this app owns, by path after the language prefix. */
export const INFO_PAGES = {
  '/information/contacts': 'contacts',
  '/information/about': 'about',
} as const;

export type InfoPage = (typeof INFO_PAGES)[keyof typeof INFO_PAGES];

/** infoPageOf('/information/contacts') === 'contacts'; a trailing slash is accepted; others → null. */
export function infoPageOf(rest: string): InfoPage | null {
  const normalized = rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
  return Object.hasOwn(INFO_PAGES, normalized) ? INFO_PAGES[normalized as keyof typeof INFO_PAGES] : null;
}

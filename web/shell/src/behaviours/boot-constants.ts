/** Names shared by the server-written document and the browser boot code. */
export const PAGE_VERSION_META = 'parlay-version';

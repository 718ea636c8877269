/** Escaping for text and attribute values inserted into HTML strings. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** escapeHtml('<b a="x">') === '&lt;b a=&quot;x&quot;&gt;'; safe in text and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that can sit inside <script type="application/json"> or an import map: "</script>" and
 * "<!--" cannot appear, and JSON.parse of the text gives the value back.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char] ?? char);
}

/** Splits "/path?query" into its parts without URL parsing, so "//host/x" stays a path. */
export function splitUrl(url: string): { pathname: string; search: string } {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  if (queryAt < 0) return { pathname: withoutHash || '/', search: '' };
  return { pathname: withoutHash.slice(0, queryAt) || '/', search: withoutHash.slice(queryAt) };
}

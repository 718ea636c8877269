/**
 * Assembles the HTML document around the server-rendered header, page fragment and footer, and the
 * Content-Security-Policy that lets exactly its inline scripts run (documentPolicy: each script's
 * hash, from the same texts the document writes).
 */
import { escapeHtml, serializeJsonForScript } from '@parlay/mf/html.ts';
import {
  oldBrowserCode,
  overlaysMarkup,
  type PlatformHead,
  platformHeadTags,
} from './behaviours/document-head.ts';
import { contentSecurityPolicy, scriptHash } from './content-security-policy.ts';
import type { Theme } from './request-context.ts';
import { type ShellState, STATE_ELEMENT_ID } from './state.ts';

export interface DocumentParts {
  lng: string;
  theme: Theme;
  title: string;
  description: string;
  importMap: { imports: Record<string, string> };
  modulePreloads: readonly string[];
  stylesheets: readonly string[];
  /** Stylesheet contents by URL to write inline instead of linking (manifest.inlineCss). */
  inlineCss?: Readonly<Record<string, string>>;
  /** Fragment `style` fields, keyed by app. */
  inlineStyles: readonly { app: string; css: string }[];
  /**
   * Fragment `head` fields: trusted markup from our own micro-apps, inserted as is (a script in it
   * would not run: the policy allows only the document's own inline scripts; data blocks are fine).
   */
  heads: readonly string[];
  headerHtml: string;
  page: { app: string | null; html: string };
  footer: { app: string | null; html: string };
  /** Server-rendered overlay layers (the cookie banner before the first choice). */
  overlaysHtml?: string;
  /** Code that runs right after the overlay layers (the cookie banner's early-press script). */
  overlaysScript?: string;
  state: ShellState;
  shellEntry: string;
  /** Fragment `codeToEval` fields. */
  inlineScripts: readonly string[];
  /** Old-browser check, web app manifest and build version (shell behaviours). */
  platform?: PlatformHead;
}

/** An inline icon, so the browser's automatic /favicon.ico request never 404s. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%234ea1ff'/%3E%3Cpath d='M10 24V8h7a5 5 0 0 1 0 10h-3v6z' fill='%2306121f'/%3E%3C/svg%3E";

const unique = (items: readonly string[]) => [...new Set(items)];
const attr = (value: string) => `"${escapeHtml(value)}"`;
const appAttr = (app: string | null) => (app ? ` data-mf-app=${attr(app)}` : '');
/** Raw text inside <style>/<script> must not close its element early. */
const rawText = (text: string, tag: 'style' | 'script') =>
  text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

const importMapText = (parts: DocumentParts) => serializeJsonForScript(parts.importMap);
const inlineScript = (code: string) => `<script>${rawText(code, 'script')}</script>`;

/** The text of every inline script the document runs, as written into it. */
function inlineScriptTexts(parts: DocumentParts): string[] {
  return [
    ...(parts.platform ? [oldBrowserCode(parts.platform.lng)] : []),
    importMapText(parts),
    ...(parts.overlaysScript ? [rawText(parts.overlaysScript, 'script')] : []),
    ...(parts.modulePreloads.length ? [rawText(preloadCode(parts.modulePreloads), 'script')] : []),
    ...parts.inlineScripts.filter(Boolean).map((code) => rawText(code, 'script')),
  ];
}

/**
 * Asks for the page's modules once the browser has drawn the server-rendered document: after the next
 * animation frame and its paint, or after 100 ms (a background tab draws no frames). Preload links
 * in the head made a phone's first paint share a slow connection with ~170 KB of modules the paint
 * does not need (Lighthouse's mobile run: the largest paint 2.2-3.7 s, about the first paint without
 * them); the shell's module script still starts its own imports as soon as it is parsed.
 */
export function preloadCode(hrefs: readonly string[]): string {
  return (
    `(function(){var d=0,h=${serializeJsonForScript(unique(hrefs))};function go(){if(d)return;d=1;` +
    'for(var i=0;i<h.length;i++){var l=document.createElement("link");l.rel="modulepreload";' +
    'l.href=h[i];l.setAttribute("fetchpriority","low");document.head.appendChild(l)}}' +
    'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,100)})()'
  );
}

/** The document's Content-Security-Policy: the site's, with each of its inline scripts by hash. */
export function documentPolicy(parts: DocumentParts): string {
  return contentSecurityPolicy(inlineScriptTexts(parts).map(scriptHash));
}

export function renderDocument(parts: DocumentParts): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...(parts.platform ? platformHeadTags(parts.platform) : []),
    `<title>${escapeHtml(parts.title)}</title>`,
    `<meta name="description" content=${attr(parts.description)}>`,
    '<meta name="color-scheme" content="dark light">',
    `<link rel="icon" href="${FAVICON}">`,
    `<script type="importmap">${importMapText(parts)}</script>`,
    ...unique(parts.stylesheets).map((href) => {
      const css = parts.inlineCss?.[href];
      // data-href lets the browser host see that this stylesheet is already on the page.
      return css === undefined
        ? `<link rel="stylesheet" href=${attr(href)}>`
        : `<style data-href=${attr(href)}>${rawText(css, 'style')}</style>`;
    }),
    ...parts.inlineStyles
      .filter((style) => style.css)
      .map((style) => `<style data-mf-style=${attr(style.app)}>${rawText(style.css, 'style')}</style>`),
    ...parts.heads.filter(Boolean),
  ];
  const body = [
    '<div id="parlay-progress" aria-hidden="true" hidden></div>',
    `<div id="parlay-header">${parts.headerHtml}</div>`,
    // Before the page: a first visit's cookie banner is the largest text drawn, and at the end of a
    // long page the parser reached it late (a 4× slower CPU drew it at 0.9-1.5 s after the header's
    // 0.5-0.8 s; here with the header). Layers are fixed, so only the reading order moves: the banner
    // comes after the header's links, before the page.
    overlaysMarkup(
      (parts.overlaysHtml ?? '') + (parts.overlaysScript ? inlineScript(parts.overlaysScript) : ''),
    ),
    `<main id="parlay-page" tabindex="-1"${appAttr(parts.page.app)}>${parts.page.html}</main>`,
    `<footer id="parlay-footer"${appAttr(parts.footer.app)}>${parts.footer.html}</footer>`,
    `<script type="application/json" id="${STATE_ELEMENT_ID}">${serializeJsonForScript(parts.state)}</script>`,
    `<script type="module" src=${attr(parts.shellEntry)}></script>`,
    ...(parts.modulePreloads.length ? [inlineScript(preloadCode(parts.modulePreloads))] : []),
    ...parts.inlineScripts.filter(Boolean).map(inlineScript),
  ];
  return (
    `<!doctype html>\n<html lang=${attr(parts.lng)} data-theme=${attr(parts.theme)}>\n` +
    `<head>\n${head.join('\n')}\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`
  );
}

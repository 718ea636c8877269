/**
 * Safe Markdown for operators' texts: markdown-it with raw HTML off (an author's <script> is shown as
 * text), links and images only to http(s), mailto, tel or same-site paths (javascript:, data:,
 * vbscript: and any other scheme drop the link and keep its text), headings with slug ids for anchors,
 * tables, and short codes on a line of their own:
 *   [[game:<gameId>]]       → <div class="content-embed" data-embed="game" data-game-id="…"></div>
 *   [[promotion:<code>]]    → <div class="content-embed" data-embed="promotion" data-promotion-id="…"></div>
 *   [[odds:live|line]]      → <div class="content-embed" data-embed="odds" data-odds-id="live"></div>
 *   [[register]]            → <div class="content-embed" data-embed="register"></div>
 * which the page fills (a sportsbook game card with live odds, a promotion card, an odds widget of the
 * current games, a call into the registration), and two blocks a landing is built from:
 *   [[hero]] … [[/hero]]    → <section class="content-block" data-block="hero">…</section>
 *   [[faq]] … [[/faq]]      → <section class="content-block" data-block="faq">…</section>, each heading
 *                             inside a question and the text up to the next heading its answer (FAQPage).
 * Blocks do not nest; an unmatched closing line is dropped and an unclosed block closes at the end.
 * Pure: no I/O.
 */
import MarkdownIt from 'markdown-it';

export interface RenderedMarkdown {
  html: string;
  /** The h2/h3 headings with their anchor ids, for a table of contents. */
  headings: { level: number; id: string; text: string }[];
  embeds: { kind: EmbedKind; id: string }[];
  /** Questions and plain-text answers of the [[faq]] blocks, for schema.org FAQPage. */
  faq: { question: string; answer: string }[];
  words: number;
}

export type EmbedKind = 'game' | 'promotion' | 'odds' | 'register';
export const BLOCK_KINDS = ['hero', 'faq'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#|\.{0,2}\/?[a-z0-9_-])/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const EMBED = /^\[\[(?:(game|promotion):([A-Za-z0-9_-]{1,64})|odds:(live|line)|(register))\]\]\s*$/;
const BLOCK_LINE = /^\[\[(\/?)(hero|faq)\]\]\s*$/;
/** Block rules that may end a paragraph, a list or a quote without a blank line before them. */
const INTERRUPTS = { alt: ['paragraph', 'reference', 'blockquote', 'list'] };
const WORDS_PER_MINUTE = 200;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Is this link target safe to emit? Only known schemes; control characters and entities are decoded first by markdown-it. */
export function isSafeUrl(url: string): boolean {
  // Strip whitespace and control characters browsers ignore inside a scheme ("java\tscript:").
  let squeezed = '';
  for (const ch of url) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) squeezed += ch;
  }
  if (!SAFE_URL.test(squeezed)) return false;
  if (SCHEME.test(squeezed)) return /^(https?|mailto|tel):/i.test(squeezed);
  return true;
}

/** "Как сделать ставку?" → "как-сделать-ставку"; letters of every script kept, the rest joined by "-". */
export function slugifyHeading(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'section';
}

function createRenderer() {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: false });
  md.validateLink = isSafeUrl;

  md.block.ruler.before(
    'paragraph',
    'content_embed',
    (state, startLine, _endLine, silent) => {
      const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
      const line = state.src.slice(start, state.eMarks[startLine]);
      const match = EMBED.exec(line);
      if (!match) return false;
      if (silent) return true;
      const token = state.push('content_embed', 'div', 0);
      token.meta = match[1]
        ? { kind: match[1], id: match[2] }
        : match[3]
          ? { kind: 'odds', id: match[3] }
          : { kind: 'register', id: '' };
      token.map = [startLine, startLine + 1];
      state.line = startLine + 1;
      return true;
    },
    INTERRUPTS,
  );
  md.renderer.rules.content_embed = (tokens, index) => {
    const { kind, id } = (tokens[index]?.meta ?? { kind: '', id: '' }) as { kind: string; id: string };
    const idAttr = id ? ` data-${kind}-id="${escapeHtml(id)}"` : '';
    return `<div class="content-embed" data-embed="${kind}"${idAttr}></div>\n`;
  };

  md.block.ruler.before(
    'paragraph',
    'content_block',
    (state, startLine, _endLine, silent) => {
      const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
      const match = BLOCK_LINE.exec(state.src.slice(start, state.eMarks[startLine]));
      if (!match || state.level > 0) return false;
      if (silent) return true;
      const token = state.push(match[1] ? 'content_block_close' : 'content_block_open', 'section', 0);
      token.meta = { kind: match[2] };
      token.map = [startLine, startLine + 1];
      state.line = startLine + 1;
      return true;
    },
    INTERRUPTS,
  );
  // Blocks do not nest: a second opening or a stray closing line renders nothing; an open block closes at the end.
  md.core.ruler.after('block', 'content_block_balance', (state) => {
    let open: string | null = null;
    for (const token of state.tokens) {
      if (token.type === 'content_block_open') {
        if (open) token.type = 'content_block_skip';
        else open = String(token.meta?.kind);
      } else if (token.type === 'content_block_close') {
        if (open !== token.meta?.kind) token.type = 'content_block_skip';
        else open = null;
      }
    }
    if (open) {
      const close = new state.Token('content_block_close', 'section', 0);
      close.meta = { kind: open };
      state.tokens.push(close);
    }
  });
  md.renderer.rules.content_block_open = (tokens, index) => {
    const kind = String(tokens[index]?.meta?.kind);
    return (BLOCK_KINDS as readonly string[]).includes(kind)
      ? `<section class="content-block" data-block="${kind}">\n`
      : '';
  };
  md.renderer.rules.content_block_close = () => '</section>\n';
  md.renderer.rules.content_block_skip = () => '';

  md.core.ruler.push('heading_ids', (state) => {
    const used = new Map<string, number>();
    const { tokens } = state;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (token?.type !== 'heading_open') continue;
      const text = tokens[i + 1]?.children?.map((child) => child.content).join('') ?? '';
      const base = slugifyHeading(text);
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      token.attrSet('id', seen === 0 ? base : `${base}-${seen + 1}`);
    }
  });

  // External links open normally but never hand the opener or referrer to the target.
  const defaultLinkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const href = String(token?.attrGet('href') ?? '');
    if (token && /^https?:/i.test(href)) token.attrSet('rel', 'noopener noreferrer nofollow');
    return defaultLinkOpen
      ? defaultLinkOpen(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
  // Images load lazily and never block the page.
  const defaultImage = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index];
    token?.attrSet('loading', 'lazy');
    token?.attrSet('decoding', 'async');
    return defaultImage
      ? defaultImage(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
  // Tables scroll sideways on a narrow screen instead of widening the page.
  md.renderer.rules.table_open = () => '<div class="content-table"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

const renderer = createRenderer();

/** Renders an item's Markdown body; the same input always gives the same output. */
export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = renderer.parse(source, {});
  const headings: RenderedMarkdown['headings'] = [];
  const embeds: RenderedMarkdown['embeds'] = [];
  const faq: RenderedMarkdown['faq'] = [];
  let inFaq = false;
  let faqFrom = 0;
  let words = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (token.type === 'heading_open' && (token.tag === 'h2' || token.tag === 'h3')) {
      const text = tokens[i + 1]?.content ?? '';
      headings.push({ level: Number(token.tag.slice(1)), id: String(token.attrGet('id') ?? ''), text });
    }
    if (token.type === 'content_embed') embeds.push(token.meta as RenderedMarkdown['embeds'][number]);
    if (token.type === 'inline') words += token.content.split(/\s+/).filter(Boolean).length;
    if (token.type === 'content_block_open' || token.type === 'content_block_close') {
      inFaq = token.type === 'content_block_open' && token.meta?.kind === 'faq';
      faqFrom = faq.length;
    }
    if (inFaq) collectFaq(faq, faqFrom, token, tokens[i - 1]?.type === 'heading_open');
  }
  return { html: renderer.renderer.render(tokens, renderer.options, {}), headings, embeds, faq, words };
}

type Token = ReturnType<typeof renderer.parse>[number];

/** The visible text of an inline token: text and code spans, line breaks as spaces. */
function plainText(token: Token): string {
  return (token.children ?? [])
    .map((child) =>
      child.type === 'text' || child.type === 'code_inline'
        ? child.content
        : child.type === 'softbreak' || child.type === 'hardbreak'
          ? ' '
          : '',
    )
    .join('')
    .trim();
}

/** Inside a [[faq]] block: a heading starts a question, every other text adds to its answer. */
function collectFaq(faq: RenderedMarkdown['faq'], from: number, token: Token, isHeading: boolean): void {
  if (token.type !== 'inline') return;
  const text = plainText(token);
  if (isHeading) faq.push({ question: text, answer: '' });
  else if (faq.length > from) {
    const last = faq.at(-1);
    if (last && text) last.answer = last.answer ? `${last.answer} ${text}` : text;
  }
}

/** Minutes to read `words` words at 200 a minute, at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

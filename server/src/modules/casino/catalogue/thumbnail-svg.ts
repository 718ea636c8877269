/**
 * Generated art, no external images: a game's thumbnail is an SVG drawn from its theme (a diagonal
 * gradient, a symbol, a glow in the accent colour) with its name, and a provider's logo is its
 * initials on its gradient. The same theme and name always give the same bytes.
 */
import type { GameTheme } from './tables.ts';

const W = 320;
const H = 240;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const colour = (value: string, fallback: string) => (COLOUR.test(value) ? value : fallback);

/** Each symbol drawn in a 100×100 box, filled with `fill` and outlined with `line`. */
const GLYPHS: Record<string, (fill: string, line: string) => string> = {
  dice: (f, l) =>
    `<rect x="15" y="15" width="70" height="70" rx="14" fill="${f}"/>` +
    [28, 50, 72].map((c) => `<circle cx="${c}" cy="${c}" r="7" fill="${l}"/>`).join(''),
  arrow: (f) =>
    `<path d="M10 80 L45 45 L60 60 L85 25 L85 50 M85 25 L60 25" fill="none" stroke="${f}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
  wheel: (f, l) =>
    `<circle cx="50" cy="50" r="42" fill="${l}" stroke="${f}" stroke-width="6"/>` +
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      return `<line x1="50" y1="50" x2="${(50 + 40 * Math.cos(a)).toFixed(1)}" y2="${(50 + 40 * Math.sin(a)).toFixed(1)}" stroke="${f}" stroke-width="3"/>`;
    }).join('') +
    `<circle cx="50" cy="50" r="10" fill="${f}"/>`,
  ball: (f, l) =>
    `<circle cx="50" cy="50" r="40" fill="${f}"/><circle cx="50" cy="50" r="22" fill="none" stroke="${l}" stroke-width="5"/>`,
  gem: (f, l) =>
    `<path d="M20 38 L35 18 L65 18 L80 38 L50 85 Z" fill="${f}" stroke="${l}" stroke-width="4"/><path d="M20 38 H80 M35 18 L50 85 L65 18" fill="none" stroke="${l}" stroke-width="3"/>`,
  pins: (f, l) =>
    `${Array.from({ length: 4 }, (_, row) =>
      Array.from(
        { length: row + 2 },
        (_, i) => `<circle cx="${50 + (i - (row + 1) / 2) * 18}" cy="${22 + row * 18}" r="4" fill="${l}"/>`,
      ).join(''),
    ).join('')}<circle cx="50" cy="88" r="9" fill="${f}"/>`,
  seven: (f, l) =>
    `<path d="M22 18 H80 L48 88" fill="none" stroke="${l}" stroke-width="18" stroke-linejoin="round"/><path d="M22 18 H80 L48 88" fill="none" stroke="${f}" stroke-width="10" stroke-linejoin="round"/>`,
  cherry: (f, l) =>
    `<path d="M32 62 Q40 30 62 14 M68 62 Q64 36 62 14" fill="none" stroke="${l}" stroke-width="5"/><circle cx="30" cy="70" r="17" fill="${f}"/><circle cx="70" cy="70" r="17" fill="${f}"/>`,
  card: (f, l) =>
    `<rect x="24" y="10" width="52" height="80" rx="7" fill="${l}" stroke="${f}" stroke-width="4"/><path d="M50 30 C40 44 30 50 38 60 C44 66 50 60 50 60 C50 60 56 66 62 60 C70 50 60 44 50 30 Z" fill="${f}"/>`,
  coin: (f, l) =>
    `<circle cx="50" cy="50" r="40" fill="${f}" stroke="${l}" stroke-width="6"/><text x="50" y="64" font-size="40" text-anchor="middle" font-family="sans-serif" font-weight="700" fill="${l}">$</text>`,
  rocket: (f, l) =>
    `<path d="M50 8 C68 26 70 52 62 74 H38 C30 52 32 26 50 8 Z" fill="${l}" stroke="${f}" stroke-width="4"/><circle cx="50" cy="40" r="8" fill="${f}"/><path d="M38 74 L30 92 L44 82 M62 74 L70 92 L56 82" fill="${f}"/>`,
  horseshoe: (f) =>
    `<path d="M25 20 V55 A25 25 0 0 0 75 55 V20" fill="none" stroke="${f}" stroke-width="14" stroke-linecap="round"/>`,
  fish: (f, l) =>
    `<path d="M12 50 Q45 15 78 50 Q45 85 12 50 Z M78 50 L95 32 V68 Z" fill="${f}"/><circle cx="30" cy="46" r="4" fill="${l}"/>`,
  dragon: (f, l) =>
    `<path d="M15 70 Q30 20 55 40 Q75 10 88 30 Q70 35 72 52 Q60 80 30 78 Z" fill="${f}" stroke="${l}" stroke-width="3"/><circle cx="78" cy="28" r="3" fill="${l}"/>`,
  star: (f, l) =>
    `<path d="M50 8 L61 38 L93 38 L67 57 L77 88 L50 70 L23 88 L33 57 L7 38 L39 38 Z" fill="${f}" stroke="${l}" stroke-width="3"/>`,
  flame: (f, l) =>
    `<path d="M50 8 C62 30 82 40 76 66 C72 84 58 92 50 92 C36 92 22 82 24 62 C26 46 40 40 38 24 C46 32 48 40 50 8 Z" fill="${f}" stroke="${l}" stroke-width="3"/>`,
};

/** Splits a name into at most two lines of about 16 characters. */
function titleLines(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current && `${current} ${word}`.length > 16 && lines.length === 0) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines.slice(0, 2);
}

export function gameThumbnailSvg(theme: GameTheme, name: string): string {
  const from = colour(theme.from, '#1b2a6b');
  const to = colour(theme.to, '#6b2fd1');
  const accent = colour(theme.accent, '#ffffff');
  const glyph = (GLYPHS[theme.glyph] ?? GLYPHS.star!)(accent, from);
  const lines = titleLines(name);
  const text = lines
    .map(
      (line, i) =>
        `<text x="${W / 2}" y="${H - 22 - (lines.length - 1 - i) * 26}" font-size="22" font-weight="700" text-anchor="middle" font-family="system-ui, sans-serif" fill="#ffffff" stroke="rgba(0,0,0,0.35)" stroke-width="3" paint-order="stroke">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.4" r="0.5"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>` +
    `<g transform="translate(${W / 2 - 55} 18) scale(1.1)">${glyph}</g>${text}</svg>`
  );
}

/** A provider's logo: its initials on its gradient. */
export function providerLogoSvg(theme: { from: string; to: string }, name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const from = colour(theme.from, '#1b2a6b');
  const to = colour(theme.to, '#6b2fd1');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" height="60" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="120" height="60" rx="10" fill="url(#bg)"/>` +
    `<text x="60" y="40" font-size="26" font-weight="700" text-anchor="middle" font-family="system-ui, sans-serif" fill="#ffffff">${escapeXml(initials)}</text></svg>`
  );
}

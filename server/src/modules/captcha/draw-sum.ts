/**
 * Draws "a + b = ?" as an SVG a person reads and a script has to look at: every character is pen
 * strokes (glyph-strokes.ts) turned, slanted, scaled and shaken point by point, written as plain
 * <path> coordinates with no text, font or transform to copy; the strokes of all characters and a
 * few look-alike strokes are shuffled among noise curves and dots, so neither the document's order
 * nor a path's shape names a character. (Before, each character was an SVG <text> element: a
 * four-line regex read the sum.)
 */
import { randomInt } from 'node:crypto';
import { GLYPH_HEIGHT, GLYPH_STROKES, GLYPH_WIDTH, type PathCommand, parseStroke } from './glyph-strokes.ts';

const WIDTH = 180;
const HEIGHT = 60;
const PARSED = new Map(Object.entries(GLYPH_STROKES).map(([c, strokes]) => [c, strokes.map(parseStroke)]));

/** A uniform random number in [min, max) with 1/1000 steps (crypto-strong, as the rest). */
const between = (min: number, max: number) => min + (randomInt(0, 1000) / 1000) * (max - min);
const fixed = (n: number) => n.toFixed(1);

/** One character's strokes as path data, placed with its left edge near x. */
function glyphPaths(char: string, x: number): string[] {
  const strokes = PARSED.get(char);
  if (!strokes) throw new Error(`no glyph for ${char}`);
  const scale = between(1.45, 1.8);
  const angle = (between(-18, 18) * Math.PI) / 180;
  const slant = between(-0.3, 0.3);
  const cx = x + (GLYPH_WIDTH * scale) / 2;
  const cy = HEIGHT / 2 + between(-4, 4);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const place = ([px, py]: [number, number]): string => {
    // Centre the box, slant, scale, turn, then shake each point a little.
    const u = (px - GLYPH_WIDTH / 2 + slant * (py - GLYPH_HEIGHT / 2)) * scale;
    const v = (py - GLYPH_HEIGHT / 2) * scale;
    return `${fixed(cx + u * cos - v * sin + between(-0.7, 0.7))} ${fixed(cy + u * sin + v * cos + between(-0.7, 0.7))}`;
  };
  return strokes.map((commands: PathCommand[]) =>
    commands.map((c) => `${c.op}${c.points.map(place).join(' ')}`).join(' '),
  );
}

const point = () => `${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)}`;
const inkColour = () => `hsl(${randomInt(0, 360)},55%,${randomInt(25, 40)}%)`;

/** A short curve drawn like a glyph stroke, to stand among them. */
function lookAlikeStroke(): string {
  const x = randomInt(10, WIDTH - 20);
  const y = randomInt(14, HEIGHT - 14);
  const near = () => `${x + randomInt(-9, 10)} ${y + randomInt(-9, 10)}`;
  return `M${x} ${y} Q${near()} ${near()}`;
}

/** Fisher–Yates with the crypto generator. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export function drawSum(a: number, b: number): string {
  const ink: string[] = [];
  let x = 8 + randomInt(0, 6);
  for (const char of `${a}+${b}=?`) {
    // One pen per character, so a person sees its strokes as one; each stroke is still its own path.
    const pen = `fill="none" stroke="${inkColour()}" stroke-width="${fixed(between(2.2, 3))}" stroke-linecap="round" stroke-linejoin="round"`;
    for (const d of glyphPaths(char, x)) ink.push(`<path d="${d}" ${pen}/>`);
    x += GLYPH_WIDTH * 1.8 + randomInt(3, 7);
  }
  for (let i = 0; i < 3; i += 1) {
    ink.push(
      `<path d="${lookAlikeStroke()}" fill="none" stroke="${inkColour()}" stroke-width="${fixed(between(1.2, 1.8))}" stroke-linecap="round"/>`,
    );
  }
  const noise: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    noise.push(
      `<path d="M${point()} Q${point()} ${point()}" stroke="hsl(${randomInt(0, 360)},35%,${randomInt(60, 72)}%)" stroke-width="${fixed(between(0.8, 1.6))}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 30; i += 1) {
    noise.push(
      `<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="${randomInt(1, 3)}" fill="hsl(${randomInt(0, 360)},30%,60%)"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="captcha"><rect width="100%" height="100%" fill="#f4f1ea"/>${shuffle([...noise, ...ink]).join('')}</svg>`;
}

/**
 * Draws "a + b = ?" as an SVG: each glyph shifted, rotated and coloured at random, over noise lines
 * and dots, so reading it takes more than copying text out of the document.
 */
import { randomInt } from 'node:crypto';

const WIDTH = 180;
const HEIGHT = 60;

export function drawSum(a: number, b: number): string {
  const glyphs = `${a} + ${b} = ?`.split('');
  const parts: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    parts.push(
      `<path d="M${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)} Q${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)} ${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)}" stroke="hsl(${randomInt(0, 360)},40%,55%)" stroke-width="${randomInt(1, 3)}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 30; i += 1) {
    parts.push(
      `<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="${randomInt(1, 3)}" fill="hsl(${randomInt(0, 360)},30%,60%)"/>`,
    );
  }
  let x = 12;
  for (const glyph of glyphs) {
    if (glyph === ' ') {
      x += 8;
      continue;
    }
    const y = 38 + randomInt(-6, 7);
    const angle = randomInt(-25, 26);
    const size = randomInt(22, 30);
    parts.push(
      `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" font-family="monospace" font-size="${size}" font-weight="bold" fill="hsl(${randomInt(0, 360)},55%,35%)">${glyph === '+' ? '&#43;' : glyph}</text>`,
    );
    x += 16 + randomInt(0, 5);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="captcha"><rect width="100%" height="100%" fill="#f4f1ea"/>${parts.join('')}</svg>`;
}

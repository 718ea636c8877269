/**
 * A small stroke font for the image captcha: each character as pen strokes in a 10 × 16 box (y
 * down), in SVG path commands with absolute coordinates (M, L, Q, C). draw-sum.ts bends, turns and
 * shakes every point, so no two drawings of a digit share a path.
 */
export const GLYPH_WIDTH = 10;
export const GLYPH_HEIGHT = 16;

export const GLYPH_STROKES: Readonly<Record<string, readonly string[]>> = {
  '0': ['M5 0 C-0.5 0 -0.5 16 5 16 C10.5 16 10.5 0 5 0'],
  '1': ['M2.5 3 L5.5 0 L5.5 16', 'M2.5 16 L8.5 16'],
  '2': ['M0.5 3.5 C1.5 -1 9.5 -1 9.5 4 C9.5 8 1 11 0.5 16 L10 16'],
  '3': ['M0.5 1.5 C5 -1.5 11 1.5 5 7.5', 'M5 7.5 C11.5 8.5 10.5 17.5 0.5 14.5'],
  '4': ['M7.5 16 L7.5 0 L0 11 L10 11'],
  '5': ['M9.5 0 L2 0 L1 7 C6 5 10.5 8 9.5 12 C8.5 17 2.5 16.5 0.5 14'],
  '6': ['M8.5 1 C3 -1.5 0 4 0.5 10.5 C1 17 9.5 17 9.5 11 C9.5 5.5 1.5 5.5 0.5 10'],
  '7': ['M0 0 L10 0 L3.5 16'],
  '8': ['M5 7.5 C-1 6 0.5 0 5 0 C9.5 0 11 6 5 7.5 C-1 9.5 -0.5 16 5 16 C10.5 16 11 9.5 5 7.5'],
  '9': ['M9.5 6 C9 10.5 0.5 10.5 0.5 5 C0.5 -0.5 9.5 -1 9.5 6 C9.5 11 7 14 2 16'],
  '+': ['M5 3.5 L5 12.5', 'M0.5 8 L9.5 8'],
  '=': ['M0.5 5.5 L9.5 5.5', 'M0.5 10.5 L9.5 10.5'],
  '?': ['M1 4 C1 -1 9 -1 9 4 C9 7.5 5 7.5 5 11', 'M5 14 L5 16'],
};

export type PathCommand = { op: 'M' | 'L' | 'Q' | 'C'; points: [number, number][] };

const POINTS_PER_OP = { M: 1, L: 1, Q: 2, C: 3 } as const;

/** "M5 0 C1 2 3 4 5 6" → commands with their points. */
export function parseStroke(stroke: string): PathCommand[] {
  const tokens = stroke.match(/[MLQC]|-?\d+(\.\d+)?/g) ?? [];
  const commands: PathCommand[] = [];
  let i = 0;
  while (i < tokens.length) {
    const op = tokens[i] as PathCommand['op'];
    const count = POINTS_PER_OP[op];
    if (count === undefined) throw new Error(`bad stroke ${stroke}`);
    const points: [number, number][] = [];
    for (let p = 0; p < count; p += 1) {
      points.push([Number(tokens[i + 1 + 2 * p]), Number(tokens[i + 2 + 2 * p])]);
    }
    commands.push({ op, points });
    i += 1 + 2 * count;
  }
  return commands;
}

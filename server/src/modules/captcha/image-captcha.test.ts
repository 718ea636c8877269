/**
 * The image captcha must be read by looking at it: its SVG holds no text, font or transform that
 * names the characters, and no path repeats from one drawing (or one character) to the next, so
 * neither copying text nor matching known shapes reads the sum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { drawSum } from './draw-sum.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on' } });
});
afterAll(async () => {
  await t.close();
});

/** The solver that read every sum of the old captcha, four lines long. */
function textSolver(svg: string): number | null {
  const glyphs = [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]!.replace('&#43;', '+'));
  const [a, b] = glyphs.join('').split('=')[0]!.split('+').map(Number);
  return a !== undefined && b !== undefined && Number.isFinite(a + b) ? a + b : null;
}

const pathData = (svg: string) => [...svg.matchAll(/ d="([^"]+)"/g)].map((m) => m[1]!);

describe('image captcha', () => {
  it('draws paths and dots only: no text, font, transform or character to copy', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/captcha-api/v1/update' });
      const { image } = res.json() as { image: string };
      expect(textSolver(image)).toBeNull();
      expect(image).not.toMatch(/<text|<tspan|font|transform|&#|<use|<style|<script/i);
      const elements = new Set([...image.matchAll(/<([a-z]+)/g)].map((m) => m[1]));
      expect([...elements].sort()).toEqual(['circle', 'path', 'rect', 'svg']);
      // Outside attribute values nothing but markup: no character content between elements.
      expect(image.replaceAll(/<[^>]*>/g, '')).toBe('');
    }
  });

  it('never draws the same path twice, not even for one digit written three times', () => {
    const first = pathData(drawSum(11, 1));
    const second = pathData(drawSum(11, 1));
    expect(new Set(first).size).toBe(first.length);
    expect(first.filter((d) => second.includes(d))).toEqual([]);
  });

  it('is answered with the sum it shows (read here from the development tool)', async () => {
    const { id } = (await t.app.inject({ method: 'GET', url: '/captcha-api/v1/update' })).json() as {
      id: string;
    };
    const shown = await t.app.inject({ method: 'GET', url: `/dev/captcha?id=${id}` });
    expect(shown.statusCode).toBe(200);
    const { answer } = shown.json() as { answer: number };
    expect(answer).toBeGreaterThanOrEqual(3);
    expect(answer).toBeLessThanOrEqual(28);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/captcha-api/v1/validate',
      payload: { id, answer: String(answer + 1) },
    });
    expect(wrong.json()).toMatchObject({ success: false });
    const right = await t.app.inject({
      method: 'POST',
      url: '/captcha-api/v1/validate',
      payload: { id, answer: String(answer) },
    });
    expect(right.json()).toMatchObject({ success: true, type: 'image' });
    const unknown = await t.app.inject({ method: 'GET', url: '/dev/captcha?id=AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.json()).toEqual({ answer: null });
  });
});

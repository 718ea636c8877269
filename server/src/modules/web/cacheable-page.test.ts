import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cacheablePage, UncacheableResponse } from './index.ts';
import { RenderedPage } from './rendered-page.ts';

const page = (status: number, html: string) =>
  RenderedPage.of({ kind: 'html', status, headers: {}, html } as Parameters<typeof RenderedPage.of>[0]);

describe('the page the guest cache keeps', () => {
  it('is already compressed for browsers, so no visitor waits for it after it replaces a stale copy', async () => {
    const html = `<p>${'a page worth compressing '.repeat(200)}</p>`;
    const kept = await cacheablePage(page(200, html));
    expect(kept.isEncoded('br')).toBe(true);
    expect(kept.isEncoded('gzip')).toBe(false);
    expect(brotliDecompressSync(await kept.encoded('br')).toString('utf8')).toBe(html);
  });

  it('is not compressed when it is too small to be sent compressed', async () => {
    expect((await cacheablePage(page(200, '<p>tiny</p>'))).isEncoded('br')).toBe(false);
  });

  it('is never a server error', async () => {
    await expect(cacheablePage(page(503, '<p>down</p>'))).rejects.toBeInstanceOf(UncacheableResponse);
  });
});

import { describe, expect, it } from 'vitest';
import { oldBrowserScript, platformHeadTags } from './document-head.ts';

describe('document head', () => {
  it('links the manifest, the touch icon and the build version', () => {
    const tags = platformHeadTags({
      lng: 'en',
      theme: 'dark',
      version: 'v1',
      icons: [
        { size: 72, src: '/assets/icons/icon-72.png' },
        { size: 192, src: '/assets/icons/icon-192.png' },
        { size: 152, src: '/assets/icons/icon-152.png' },
      ],
    }).join('\n');
    expect(tags).toContain('<link rel="manifest" href="/manifest.webmanifest?lng=en">');
    expect(tags).toContain('<link rel="apple-touch-icon" href="/assets/icons/icon-152.png">');
    expect(tags).toContain('<meta name="parlay-version" content="v1">');
    expect(tags).toContain('<meta name="theme-color" content="#0e141b">');
  });

  it.each([
    ['a modern browser stays', { supports: () => true }, '/en/', null],
    ['no import maps → oldbrowser', { supports: (t: string) => t === 'module' }, '/en/', '/en/oldbrowser'],
    ['no HTMLScriptElement.supports → oldbrowser', {}, '/en/x', '/en/oldbrowser'],
    ['already on the notice', {}, '/en/oldbrowser', null],
  ])('%s', (_name, scriptElement, pathname, target) => {
    let replaced: string | null = null;
    const code = oldBrowserScript('en').replace(/^<script>|<\/script>$/g, '');
    new Function('window', 'location', code)(
      { HTMLScriptElement: scriptElement },
      {
        pathname,
        replace: (url: string) => {
          replaced = url;
        },
      },
    );
    expect(replaced).toBe(target);
  });
});

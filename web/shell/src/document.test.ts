import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { preloadCode } from './document.ts';

/** Runs the document's preload code against a stand-in document, with frames and timers run by hand. */
function run(hrefs: string[]) {
  const appended: Record<string, string>[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const context = {
    document: {
      createElement: () => {
        const element: Record<string, string> & { setAttribute?: (k: string, v: string) => void } = {};
        element.setAttribute = (k, v) => {
          element[k] = v;
        };
        return element;
      },
      head: { appendChild: (element: Record<string, string>) => appended.push(element) },
    },
    setTimeout: (fn: () => void, ms: number) => timers.push({ run: fn, ms }),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
  };
  runInNewContext(preloadCode(hrefs), context);
  return { appended, frames, timers };
}

describe('preloadCode: the page modules are asked for after the first paint', () => {
  it('adds nothing until a frame has been drawn, then each module once, at low priority', () => {
    const page = run(['/assets/a.js', '/assets/b.js', '/assets/a.js']);
    expect(page.appended).toEqual([]);
    for (const frame of page.frames.splice(0)) frame();
    expect(page.appended).toEqual([]);
    // The timer queued by the frame (after its paint) runs first; the 100 ms bound then does nothing.
    const afterFrame = page.timers.find((timer) => timer.ms === 0);
    afterFrame?.run();
    expect(page.appended.map((link) => [link.rel, link.href, link.fetchpriority])).toEqual([
      ['modulepreload', '/assets/a.js', 'low'],
      ['modulepreload', '/assets/b.js', 'low'],
    ]);
    for (const timer of page.timers) timer.run();
    expect(page.appended).toHaveLength(2);
  });

  it('still asks after 100 ms when no frame comes (a background tab)', () => {
    const page = run(['/assets/a.js']);
    // The frame never comes.
    expect(page.appended).toEqual([]);
    const bound = page.timers.find((timer) => timer.ms === 100);
    expect(bound).toBeDefined();
    bound?.run();
    expect(page.appended.map((link) => link.href)).toEqual(['/assets/a.js']);
  });
});

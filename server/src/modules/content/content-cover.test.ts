/**
 * The operator's cover upload (`parlay content cover …`) and what the landing API carries for blocks:
 * embeds of every kind, the FAQ entries and the configured public origin.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MemoryStorage } from '../accounts/index.ts';
import { createContent, runContentCommand } from './index.ts';

const API = '/web-api/content/v1';

const article = (status: string) =>
  [
    '---',
    'type: article',
    'lang: en',
    'slug: covered',
    'title: "Covered"',
    `status: ${status}`,
    '---',
    '',
    'Body.',
  ].join('\n');

describe('cover upload and landing blocks through the API', () => {
  let t: TestApp;
  let folder: string;
  const clock = new ManualClock(new Date('2026-11-01T10:00:00Z'));
  const storage = new MemoryStorage();
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const content = createContent({ db: t.deps.db.db, clock, bus: t.deps.bus }, storage);
    const code = await runContentCommand(args, {
      ...content,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    return { code, lines };
  };
  const item = async (slug: string) =>
    (await t.app.inject({ method: 'GET', url: `${API}/blog/articles/${slug}?lang=en` })).json();
  const versions = async () =>
    (await t.deps.db.db.selectFrom('content_versions').select('version').execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ roles: 'api', clock, env: { PUBLIC_ORIGIN: 'https://parlay.example' } });
    folder = await mkdtemp(path.join(tmpdir(), 'parlay-cover-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sets the cover of a published article: resized, stored once, shown at once, no version when repeated', async () => {
    await writeFile(path.join(folder, 'covered.md'), article('published'));
    expect((await run(['import', folder])).code).toBe(0);
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#224466' } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(folder, 'cover.jpg'), jpeg);
    const first = await run(['cover', 'article', 'en', 'covered', path.join(folder, 'cover.jpg')]);
    expect(first.code).toBe(0);
    expect(first.lines[0]).toMatch(
      /cover [0-9a-f-]{36} \(1600×900, widths 480\/960\/1440\), version 2, published$/,
    );
    const answer = await item('covered');
    expect(answer.status).toBe('found');
    expect(answer.item.version).toBe(2);
    expect(answer.origin).toBe('https://parlay.example');
    const id = answer.item.coverImage as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Stored through the storage interface the command was given (the server's own is DATA_DIR).
    const images = createContent({ db: t.deps.db.db, clock, bus: t.deps.bus }, storage).images;
    for (const width of [480, 960, 1440]) {
      const stored = await images.read(id, width);
      expect(stored).not.toBeNull();
      expect(await sharp(stored as Buffer).metadata()).toMatchObject({ format: 'webp', width });
    }
    const again = await run(['cover', 'article', 'en', 'covered', path.join(folder, 'cover.jpg')]);
    expect(again.lines[0]).toContain('version 2 (unchanged)');
    expect(await versions()).toBe(2);
  });

  it('keeps a draft a draft and refuses what is not an image or not an item, changing nothing', async () => {
    await writeFile(path.join(folder, 'covered.md'), article('draft').replace('covered', 'drafted'));
    expect((await run(['import', folder])).code).toBe(0);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa0000' } })
      .png()
      .toBuffer();
    await writeFile(path.join(folder, 'small.png'), png);
    const draft = await run(['cover', 'article', 'en', 'drafted', path.join(folder, 'small.png')]);
    expect(draft.lines[0]).toMatch(/widths 300\), version 2, a draft: publish it to show the cover$/);
    expect((await item('drafted')).status).toBe(undefined);
    const before = await versions();
    await writeFile(path.join(folder, 'fake.jpg'), '<svg onload=alert(1)>');
    expect(await run(['cover', 'article', 'en', 'covered', path.join(folder, 'fake.jpg')])).toEqual({
      code: 1,
      lines: ['cover refused: not an image'],
    });
    expect(await run(['cover', 'article', 'en', 'nothing', path.join(folder, 'small.png')])).toEqual({
      code: 1,
      lines: ['no article en/nothing'],
    });
    expect((await run(['cover', 'post', 'en', 'covered', 'x.png'])).code).toBe(1);
    expect(
      (await run(['cover', 'article', 'en', 'covered', path.join(folder, 'missing.png')])).lines,
    ).toEqual([`cannot read ${path.join(folder, 'missing.png')}`]);
    expect(await versions()).toBe(before);
    expect((await item('covered')).item.version).toBe(2);
  });

  it('answers a landing with its embeds, FAQ entries and the configured origin', async () => {
    const body = [
      '[[hero]]',
      'Pitch.',
      '[[register]]',
      '[[/hero]]',
      '[[promotion:welcome-100]]',
      '[[odds:line]]',
      '[[faq]]',
      '### Why?',
      'Because.',
      '[[/faq]]',
    ].join('\n');
    await writeFile(
      path.join(folder, 'landing.md'),
      `---\ntype: landing\nlang: en\nslug: blocks\ntitle: Blocks\nstatus: published\n---\n${body}\n`,
    );
    expect((await run(['import', folder])).code).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: `${API}/landings/blocks?lang=en` });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.origin).toBe('https://parlay.example');
    expect(answer.item.embeds).toEqual([
      { kind: 'register', id: '' },
      { kind: 'promotion', id: 'welcome-100' },
      { kind: 'odds', id: 'line' },
    ]);
    expect(answer.item.faq).toEqual([{ question: 'Why?', answer: 'Because.' }]);
    expect(answer.item.html).toContain('<section class="content-block" data-block="hero">');
  });
});

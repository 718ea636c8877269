/**
 * The content, blocks, redirects, terms and configuration sections through fastify.inject: each
 * change reaches the public answer (content API, block and redirect answers, terms status, site
 * configuration), bad input is refused with a stable code and changes nothing, and a role without
 * the action gets 403 with an audit record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { registerFullPlayer, TestClient } from '../../testing/test-client.ts';
import { newOperator, type OperatorClient, signedIn } from './test-support.ts';

const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
const P = '/backoffice-api/v1';
let t: TestApp;
let editor: OperatorClient;
let admin: OperatorClient;
let auditor: OperatorClient;
let support: OperatorClient;

const news = (extra: Record<string, unknown> = {}) => ({
  mode: 'create',
  type: 'news',
  lang: 'en',
  slug: 'winter-cup',
  title: 'Winter cup opens',
  description: 'The cup starts on Monday',
  body: '## Dates\n\nThe first round starts on Monday.',
  category: null,
  author: 'Editorial team',
  seoTitle: null,
  metaRobots: null,
  canonical: null,
  publishAt: null,
  status: 'draft',
  ...extra,
});

const publicNews = (slug: string) =>
  t.app.inject({ method: 'GET', url: `/web-api/content/v1/news/${slug}?lang=en` });

async function auditOf(login: string, action: string) {
  return t.deps.db.db
    .selectFrom('backoffice_audit')
    .select(['action', 'outcome', 'target', 'details'])
    .where('operator_login', '=', login)
    .where('action', '=', action)
    .orderBy('seq')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', clock });
  const make = async (login: string, role: Parameters<typeof newOperator>[3]) =>
    signedIn(t.app, clock, await newOperator(t, clock, login, role));
  editor = await make('writer', 'content');
  admin = await make('chief', 'admin');
  auditor = await make('reader', 'auditor');
  support = await make('helper', 'support');
});
afterAll(async () => {
  await t?.close();
});

describe('content editor', () => {
  it('creates a draft, publishes, edits, renames, unpublishes and deletes a news item; the public answer follows', async () => {
    const created = await editor.call('POST', `${P}/content/items`, news());
    expect(created.statusCode, created.body).toBe(200);
    expect((await publicNews('winter-cup')).statusCode).toBe(404);

    const listed = await editor.call('GET', `${P}/content/items?type=news&lang=en`);
    expect(listed.json().items.map((i: { slug: string; status: string }) => [i.slug, i.status])).toEqual([
      ['winter-cup', 'draft'],
    ]);

    expect(
      (await editor.call('POST', `${P}/content/publish`, { type: 'news', lang: 'en', slug: 'winter-cup' }))
        .statusCode,
    ).toBe(200);
    const shown = await publicNews('winter-cup');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().item.title).toBe('Winter cup opens');

    const edited = await editor.call(
      'POST',
      `${P}/content/items`,
      news({ mode: 'edit', title: 'Winter cup moved', status: 'published', seoTitle: 'Cup dates' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await publicNews('winter-cup')).json().item;
    expect([after.title, after.seo.title]).toEqual(['Winter cup moved', 'Cup dates']);

    const renamed = await editor.call(
      'POST',
      `${P}/content/items`,
      news({
        mode: 'edit',
        slug: 'winter-cup-2026',
        previousSlug: 'winter-cup',
        title: 'Winter cup moved',
        status: 'published',
        seoTitle: 'Cup dates',
      }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await publicNews('winter-cup')).json()).toMatchObject({
      status: 'moved',
      slug: 'winter-cup-2026',
    });
    expect((await publicNews('winter-cup-2026')).json().item.title).toBe('Winter cup moved');

    const item = await editor.call('GET', `${P}/content/item?type=news&lang=en&slug=winter-cup-2026`);
    expect(item.json()).toMatchObject({ body: news().body, status: 'published', author: 'Editorial team' });

    expect(
      (
        await editor.call('POST', `${P}/content/unpublish`, {
          type: 'news',
          lang: 'en',
          slug: 'winter-cup-2026',
        })
      ).statusCode,
    ).toBe(200);
    expect((await publicNews('winter-cup-2026')).statusCode).toBe(404);

    expect(
      (
        await editor.call('POST', `${P}/content/delete`, {
          type: 'news',
          lang: 'en',
          slug: 'winter-cup-2026',
        })
      ).statusCode,
    ).toBe(200);
    expect((await editor.call('GET', `${P}/content/items?type=news&lang=en`)).json().items).toEqual([]);
    expect((await publicNews('winter-cup')).statusCode).toBe(404);

    const actions = await t.deps.db.db
      .selectFrom('backoffice_audit')
      .select(['action', 'outcome'])
      .where('operator_login', '=', 'writer')
      .where('action', 'like', 'content.%')
      .orderBy('seq')
      .execute();
    expect(actions.map((a) => `${a.action}:${a.outcome}`)).toEqual([
      'content.create:ok',
      'content.publish:ok',
      'content.edit:ok',
      'content.edit:ok',
      'content.unpublish:ok',
      'content.delete:ok',
    ]);
  });

  it('schedules a publication: the item shows once the clock passes its time', async () => {
    const at = new Date(clock.nowMs() + 600_000).toISOString();
    await editor.call(
      'POST',
      `${P}/content/items`,
      news({ slug: 'later', status: 'published', publishAt: at }),
    );
    expect((await publicNews('later')).statusCode).toBe(404);
    clock.advance(600_000);
    expect((await publicNews('later')).statusCode).toBe(200);
  });

  it('previews a body as guests would see it, without the author’s HTML', async () => {
    const res = await editor.call('POST', `${P}/content/preview`, {
      body: '## Hi\n\n<script>alert(1)</script> [x](javascript:alert(1))',
    });
    expect(res.statusCode).toBe(200);
    const { html, headings } = res.json();
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/href="javascript/i);
    expect(headings).toHaveLength(1);
  });

  it('refuses bad input with stable codes and changes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [news({ slug: 'Bad Slug' }), 400, 'VALIDATION_FAILED'],
      [news({ slug: 'empty-title', title: '   ' }), 400, 'VALIDATION_FAILED'],
      [news({ slug: 'bad-type', type: 'poem' }), 400, 'VALIDATION_FAILED'],
      [news({ slug: 'bad-date', publishAt: 'tomorrow' }), 400, 'VALIDATION_FAILED'],
      [news({ slug: 'bad-canonical', canonical: 'javascript:alert(1)' }), 400, 'VALIDATION_FAILED'],
      [news({ slug: 'never-made', mode: 'edit' }), 404, 'CONTENT_NOT_FOUND'],
    ];
    for (const [body, status, code] of cases) {
      const res = await editor.call('POST', `${P}/content/items`, body);
      expect([body.slug, res.statusCode, res.json().error.code]).toEqual([body.slug, status, code]);
    }
    await editor.call('POST', `${P}/content/items`, news({ slug: 'taken', title: 'First' }));
    const twice = await editor.call('POST', `${P}/content/items`, news({ slug: 'taken', title: 'Second' }));
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'CONTENT_ALREADY_EXISTS']);
    expect((await editor.call('GET', `${P}/content/item?type=news&lang=en&slug=taken`)).json().title).toBe(
      'First',
    );
    expect((await auditOf('writer', 'content.create')).at(-1)).toMatchObject({ outcome: 'refused' });
    const unknown = await editor.call('POST', `${P}/content/publish`, {
      type: 'news',
      lang: 'en',
      slug: 'nope',
    });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'CONTENT_NOT_FOUND']);
    const slugs = (await editor.call('GET', `${P}/content/items?type=news&lang=en`))
      .json()
      .items.map((i: { slug: string }) => i.slug);
    expect(slugs.sort()).toEqual(['later', 'taken']);
  });

  it('lets the auditor read but not change, and opens nothing to support; refusals are audited', async () => {
    expect((await auditor.call('GET', `${P}/content/items?type=page&lang=ru`)).statusCode).toBe(200);
    const change = await auditor.call('POST', `${P}/content/items`, news({ slug: 'by-auditor' }));
    expect([change.statusCode, change.json().error.code]).toEqual([403, 'BACKOFFICE_FORBIDDEN']);
    const read = await support.call('GET', `${P}/content/items?type=page&lang=ru`);
    expect(read.statusCode).toBe(403);
    expect(await auditOf('reader', 'content.manage')).toMatchObject([{ outcome: 'forbidden' }]);
    expect(await auditOf('helper', 'content.view')).toMatchObject([{ outcome: 'forbidden' }]);
    expect((await editor.call('GET', `${P}/content/item?type=news&lang=en&slug=by-auditor`)).statusCode).toBe(
      404,
    );
  });
});

describe('blocks and redirects', () => {
  const blockAnswer = async (url: string) =>
    (await t.app.inject({ method: 'POST', url: '/blocks-api/api/v2/block', payload: { url } })).json();
  const redirectAnswer = async (url: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/redirects-api/api/v1/redirect-light', payload: { url } })
    ).json();
  const rule = (extra: Record<string, unknown> = {}) => ({
    kind: 'path',
    pattern: '/casino',
    templateTypeId: 3,
    isActive: true,
    note: 'licence',
    ...extra,
  });

  it('adds, changes and removes a block rule; the block answer follows; bad rules are refused', async () => {
    expect(await blockAnswer('/en/casino/slots')).toEqual({ displayTypeId: 0, templateTypeId: 0 });
    const added = await editor.call('POST', `${P}/blocks`, rule());
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id;
    expect(await blockAnswer('/en/casino/slots')).toEqual({ displayTypeId: 1, templateTypeId: 3 });

    for (const [body, code] of [
      [rule({ kind: 'country', pattern: 'Russia' }), 'BLOCK_RULE_INVALID'],
      [rule({ pattern: 'casino' }), 'BLOCK_RULE_INVALID'],
      [rule({ kind: 'all', pattern: '/x' }), 'BLOCK_RULE_INVALID'],
      [rule({ templateTypeId: 99 }), 'VALIDATION_FAILED'],
    ] as const) {
      const res = await editor.call('POST', `${P}/blocks`, body);
      expect([res.statusCode, res.json().error.code]).toEqual([400, code]);
    }
    expect((await editor.call('GET', `${P}/blocks`)).json().rules).toHaveLength(1);

    expect((await editor.call('POST', `${P}/blocks/${id}`, rule({ pattern: '/lotto' }))).statusCode).toBe(
      200,
    );
    expect((await blockAnswer('/en/casino/slots')).displayTypeId).toBe(0);
    expect(await blockAnswer('/ru/lotto')).toEqual({ displayTypeId: 1, templateTypeId: 3 });
    expect((await editor.call('POST', `${P}/blocks/${id}/delete`)).statusCode).toBe(200);
    expect((await blockAnswer('/ru/lotto')).displayTypeId).toBe(0);
    const gone = await editor.call('POST', `${P}/blocks/${id}/delete`);
    expect([gone.statusCode, gone.json().error.code]).toEqual([404, 'BLOCK_RULE_NOT_FOUND']);
    expect((await auditOf('writer', 'blocks.add')).map((a) => a.outcome)).toEqual([
      'ok',
      'refused',
      'refused',
      'refused',
    ]);
  });

  it('adds, changes and removes a redirect; loops and unsafe targets are refused with nothing changed', async () => {
    const add = (sourcePath: string, targetUrl: string) =>
      editor.call('POST', `${P}/redirects`, { sourcePath, targetUrl, code: 301, isActive: true });
    const first = await add('/old-promo', '/{lng}/promotions');
    expect(first.statusCode, first.body).toBe(200);
    expect(await redirectAnswer('/en/old-promo?utm=1')).toMatchObject({
      redirect: true,
      code: 301,
      url: '/en/promotions?utm=1',
    });

    expect((await add('/summer', '/old-promo')).statusCode).toBe(200);
    for (const [source, target, status, code] of [
      ['/promotions', '/ru/summer', 400, 'REDIRECT_LOOP'],
      ['/self', '/en/self/', 400, 'REDIRECT_LOOP'],
      ['/x', 'javascript:alert(1)', 400, 'REDIRECT_TARGET_INVALID'],
      ['/x', '//evil.example/path', 400, 'REDIRECT_TARGET_INVALID'],
      ['/x', 'promotions', 400, 'REDIRECT_TARGET_INVALID'],
      ['old', '/promotions', 400, 'REDIRECT_SOURCE_INVALID'],
      ['/old-promo', '/casino', 409, 'REDIRECT_SOURCE_TAKEN'],
    ] as const) {
      const res = await add(source, target);
      expect([source, target, res.statusCode, res.json().error.code]).toEqual([source, target, status, code]);
    }
    const rules = (await editor.call('GET', `${P}/redirects`)).json().rules;
    expect(rules.map((r: { sourcePath: string }) => r.sourcePath).sort()).toEqual(['/old-promo', '/summer']);
    expect((await redirectAnswer('/en/promotions')).redirect).toBe(false);

    const id = first.json().id;
    const loop = await editor.call('POST', `${P}/redirects/${id}`, {
      sourcePath: '/old-promo',
      targetUrl: '/summer',
      code: 302,
      isActive: true,
    });
    expect([loop.statusCode, loop.json().error.code]).toEqual([400, 'REDIRECT_LOOP']);
    const edit = await editor.call('POST', `${P}/redirects/${id}`, {
      sourcePath: '/old-promo',
      targetUrl: 'https://example.org/promo',
      code: 302,
      isActive: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await redirectAnswer('/en/old-promo')).toMatchObject({
      redirect: true,
      code: 302,
      url: 'https://example.org/promo',
    });
    expect((await editor.call('POST', `${P}/redirects/${id}/delete`)).statusCode).toBe(200);
    expect((await redirectAnswer('/en/old-promo')).redirect).toBe(false);

    const forbidden = await auditor.call('POST', `${P}/redirects`, {
      sourcePath: '/a',
      targetUrl: '/b',
      code: 301,
      isActive: true,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await auditOf('reader', 'content.manage')).toHaveLength(2);
  });
});

describe('terms and site configuration', () => {
  it('publishes a new terms version that a signed-in player must confirm', async () => {
    const { c } = await registerFullPlayer(new TestClient(t.app, '10.40.0.1'), 'terms@parlay.test');
    const status = () => c.get('/web-api/api-v3/v2/user/agreement-rules/status');
    expect((await status()).json().result).toBe(false);
    clock.advance(1_000);
    const past = await editor.call('POST', `${P}/terms`, {
      note: 'old',
      effectiveAt: new Date(clock.nowMs() - 60_000).toISOString(),
    });
    expect([past.statusCode, past.json().error.code]).toEqual([400, 'TERMS_DATE_IN_PAST']);
    expect((await editor.call('GET', `${P}/terms`)).json().inForceSince).toBeNull();
    const published = await editor.call('POST', `${P}/terms`, { note: 'Bonus terms clarified' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await editor.call('GET', `${P}/terms`)).json().inForceSince).toBe(clock.now().toISOString());
    expect((await status()).json().result).toBe(true);
    expect((await support.call('POST', `${P}/terms`, { note: 'x' })).statusCode).toBe(403);
    expect(await auditOf('writer', 'terms.publish')).toMatchObject([
      { outcome: 'refused' },
      { outcome: 'ok' },
    ]);
  });

  it('lets the admin change and reset a setting by its schema; other roles cannot', async () => {
    const snow = async () =>
      (await t.app.inject({ method: 'GET', url: `/bff-api/config/group/get?groups=features&lang=en` })).json()
        .features.isSnowEnabled;
    expect(await snow()).toBe(false);
    const groups = (await admin.call('GET', `${P}/config?lang=en`)).json().groups;
    expect(groups.find((g: { name: string }) => g.name === 'features').settings).toContainEqual({
      key: 'isSnowEnabled',
      value: false,
      defaultValue: false,
    });

    const bad = await admin.call('POST', `${P}/config`, { path: 'features.isSnowEnabled', value: 'yes' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await admin.call('POST', `${P}/config`, {
      path: 'features.isTeleportEnabled',
      value: true,
    });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await snow()).toBe(false);

    expect(
      (await admin.call('POST', `${P}/config`, { path: 'features.isSnowEnabled', value: true })).statusCode,
    ).toBe(200);
    expect(await snow()).toBe(true);
    const byEditor = await editor.call('POST', `${P}/config`, {
      path: 'features.isSnowEnabled',
      value: false,
    });
    expect([byEditor.statusCode, byEditor.json().error.code]).toEqual([403, 'BACKOFFICE_FORBIDDEN']);
    expect((await editor.call('GET', `${P}/config?lang=en`)).statusCode).toBe(403);
    expect((await auditor.call('GET', `${P}/config?lang=en`)).statusCode).toBe(200);
    expect(await snow()).toBe(true);
    expect(
      (await admin.call('POST', `${P}/config/reset`, { path: 'features.isSnowEnabled' })).statusCode,
    ).toBe(200);
    expect(await snow()).toBe(false);
    expect((await auditOf('chief', 'config.set')).map((a) => a.outcome)).toEqual([
      'refused',
      'refused',
      'ok',
    ]);
    expect(await auditOf('writer', 'settings.manage')).toMatchObject([{ outcome: 'forbidden' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseContentFile } from './front-matter.ts';

const file = (header: string, body = 'Body text.\n') => `---\n${header}\n---\n\n${body}`;
const BASE = 'type: article\nlang: en\nslug: how-odds-work\ntitle: "How odds work: a guide"';

describe('front matter', () => {
  it('reads every field, quoted or plain, and the body after the block', () => {
    const parsed = parseContentFile(
      file(
        `${BASE}\ndescription: 'It''s simple'\ncategory: basics\npublishAt: 2026-12-01T09:00:00Z\nstatus: published\nauthor: Editorial team\n# a comment\nmetaRobots: noindex`,
        '## Heading\n\nText',
      ),
    );
    expect(parsed).toMatchObject({
      type: 'article',
      lang: 'en',
      slug: 'how-odds-work',
      title: 'How odds work: a guide',
      description: "It's simple",
      category: 'basics',
      status: 'published',
      author: 'Editorial team',
      metaRobots: 'noindex',
      seoTitle: null,
      renamedFrom: null,
      body: '## Heading\n\nText',
    });
    expect(parsed.publishAt?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('defaults to a draft with no publish time and accepts CRLF and a BOM', () => {
    const parsed = parseContentFile(`\uFEFF${file(BASE).replace(/\n/g, '\r\n')}`);
    expect(parsed.status).toBe('draft');
    expect(parsed.publishAt).toBeNull();
    expect(parsed.body).toBe('Body text.\n');
  });

  it('accepts nested page slugs', () => {
    expect(parseContentFile(file('type: page\nlang: ru\nslug: rules/sports/settlement\ntitle: T')).slug).toBe(
      'rules/sports/settlement',
    );
  });

  it.each([
    ['no front matter', 'Just text'],
    ['no closing line', '---\ntype: page\n'],
    ['unknown key', file(`${BASE}\ntitel: typo`)],
    ['duplicate key', file(`${BASE}\nslug: again`)],
    ['bad type', file('type: post\nlang: en\nslug: a\ntitle: T')],
    ['bad lang', file('type: page\nlang: eng\nslug: a\ntitle: T')],
    ['bad slug', file('type: page\nlang: en\nslug: Bad Slug\ntitle: T')],
    ['slug with ..', file('type: page\nlang: en\nslug: ../etc\ntitle: T')],
    ['missing title', file('type: page\nlang: en\nslug: a')],
    ['bad status', file(`${BASE}\nstatus: live`)],
    ['bad date', file(`${BASE}\npublishAt: tomorrow`)],
    ['line without colon', file(`${BASE}\njust words`)],
  ])('rejects %s', (_name, text) => {
    expect(() => parseContentFile(text)).toThrow(FrontMatterError);
  });
});

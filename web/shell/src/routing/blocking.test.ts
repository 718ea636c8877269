import { describe, expect, it } from 'vitest';
import { blockPageOf, blockRedirect } from './blocking.ts';
import { matchRoute } from './match.ts';

describe('blocking', () => {
  it.each([
    [{ displayTypeId: 1, templateTypeId: 4 }, 'site-updates'],
    [{ displayTypeId: 1, templateTypeId: 16 }, 'suspension'],
    [{ displayTypeId: 1, templateTypeId: 3 }, 'block'],
    [{ displayTypeId: 1, templateTypeId: 13 }, 'block-ua'],
    [{ displayTypeId: 1, templateTypeId: 17 }, 'block-ie'],
    [{ displayTypeId: 1, templateTypeId: 8 }, 'coming-soon'],
    [{ displayTypeId: 2, templateTypeId: 3 }, null],
    [{ displayTypeId: 0, templateTypeId: 0 }, null],
    [{ displayTypeId: '1', templateTypeId: 3 }, null],
    [null, null],
  ])('%j → %s', (answer, page) => {
    expect(blockPageOf(answer)).toBe(page);
  });

  it.each([
    ['/en/', null, null],
    ['/en/', 'block', { status: 302, location: '/en/block' }],
    ['/en/office/account', 'site-updates', { status: 302, location: '/en/site-updates' }],
    ['/en/block', 'block', null],
    ['/en/block', null, { status: 302, location: '/en/' }],
    ['/ru/coming-soon', null, { status: 302, location: '/ru/' }],
    ['/en/block', 'block-ie', { status: 302, location: '/en/block-ie' }],
  ] as const)('%s while %s → %j', (path, page, redirect) => {
    expect(blockRedirect(page, matchRoute(path), path.slice(1, 3))).toEqual(redirect);
  });
});

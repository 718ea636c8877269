import { describe, expect, it } from 'vitest';
import { blockPageFor, isBlockPage, isOldInternetExplorer } from './block-reason.ts';

describe('blockPageFor (site-shell §4)', () => {
  it.each([
    [4, 'site-updates'],
    [16, 'suspension'],
    [3, 'block'],
    [1, 'block'],
    [5, 'block'],
    [2, 'block'],
    [14, 'block'],
    [13, 'block-ua'],
    [17, 'block-ie'],
    [8, 'coming-soon'],
  ])('reason %i → %s when displayTypeId is 1', (reason, page) => {
    expect(blockPageFor({ displayTypeId: 1, templateTypeId: reason })).toBe(page);
  });

  it.each([0, 2, 3])('no block when displayTypeId is %i', (displayTypeId) => {
    expect(blockPageFor({ displayTypeId, templateTypeId: 4 })).toBeNull();
  });

  it('no block for an unknown reason', () => {
    expect(blockPageFor({ displayTypeId: 1, templateTypeId: 99 })).toBeNull();
  });

  it('knows the block pages', () => {
    expect(isBlockPage('block-ie')).toBe(true);
    expect(isBlockPage('blocked')).toBe(false);
  });
});

describe('isOldInternetExplorer', () => {
  it.each([
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)', true],
    ['Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', true],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      false,
    ],
    ['', false],
  ])('%s → %s', (ua, expected) => {
    expect(isOldInternetExplorer(ua)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  allowsFunctional,
  allowsMarketing,
  type ConsentOption,
  type CookiesType,
  consentCookies,
  consentOptions,
  cookiesTypeOf,
  functionalCookieCleanup,
  functionalCookieWrite,
  parseCookiesType,
} from './consent.ts';

function withChecked(functionality: boolean, marketing: boolean): ConsentOption[] {
  return consentOptions(null).map((option) => {
    if (option.name === 'functionality') return { ...option, checked: functionality };
    if (option.name === 'marketing') return { ...option, checked: marketing };
    return option;
  });
}

describe('accept selected → cookies type', () => {
  it.each([
    [false, false, 'disable'],
    [true, false, 'only_functionality'],
    [false, true, 'only_marketing'],
    [true, true, 'all'],
  ] as Array<[boolean, boolean, CookiesType]>)('functionality %s, marketing %s → %s', (f, m, type) => {
    expect(cookiesTypeOf(withChecked(f, m))).toBe(type);
  });

  it('the necessary option does not count', () => {
    const options = withChecked(false, false).map((o) => ({ ...o, checked: true, disabled: o.disabled }));
    expect(cookiesTypeOf(options)).toBe('all');
    expect(cookiesTypeOf(withChecked(false, false))).toBe('disable');
  });
});

describe('what a type allows', () => {
  it.each([
    ['all', true, true],
    ['only_functionality', true, false],
    ['only_marketing', false, true],
    ['disable', false, false],
    [null, false, false],
  ] as Array<[CookiesType | null, boolean, boolean]>)('%s: functional %s, marketing %s', (type, f, m) => {
    expect(allowsFunctional(type)).toBe(f);
    expect(allowsMarketing(type)).toBe(m);
  });
});

describe('options of the customize view', () => {
  it('round-trips every type', () => {
    for (const type of ['all', 'only_functionality', 'only_marketing', 'disable'] as const) {
      expect(cookiesTypeOf(consentOptions(type))).toBe(type);
    }
  });

  it('necessary cookies are always on and cannot be unchecked', () => {
    expect(consentOptions(null)[0]).toMatchObject({ name: 'necessary', checked: true, disabled: true });
  });
});

describe('stored cookies', () => {
  it('keeps the type and the agreement time for a year', () => {
    const [type, time] = consentCookies('only_marketing', 1_700_000_000_000);
    expect(type).toBe('cookies_agree_type=only_marketing; path=/; max-age=31536000; samesite=lax');
    expect(time).toBe('cookies_agree_time=1700000000000; path=/; max-age=31536000; samesite=lax');
  });

  it.each([
    ['all', 'all'],
    ['disable', 'disable'],
    ['yes', null],
    [undefined, null],
  ])('parses %s', (raw, type) => {
    expect(parseCookiesType(raw)).toBe(type);
  });
});

describe('functional cookies need functional consent', () => {
  it.each([
    ['all', 1],
    ['only_functionality', 1],
    ['only_marketing', 0],
    ['disable', 0],
    [null, 0],
  ] as Array<[CookiesType | null, number]>)('%s writes %i cookie(s)', (type, count) => {
    expect(functionalCookieWrite(type, 'hide_left', '1')).toHaveLength(count);
  });

  it('withdrawn consent deletes hide_left, hide_right and window_width', () => {
    expect(functionalCookieCleanup('only_marketing')).toEqual([
      'hide_left=; path=/; max-age=0; samesite=lax',
      'hide_right=; path=/; max-age=0; samesite=lax',
      'window_width=; path=/; max-age=0; samesite=lax',
    ]);
    expect(functionalCookieCleanup('all')).toEqual([]);
  });
});

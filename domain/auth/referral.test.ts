import { describe, expect, it } from 'vitest';
import { referralCookiesFor, referralSetCookie, referralValuesFrom } from './referral.ts';

const DAY = 86_400;
const cookies = (query: string) =>
  Object.fromEntries(
    referralCookiesFor(new URLSearchParams(query)).map((c) => [c.name, [c.value, c.maxAgeSeconds]]),
  );

describe('referral cookie lifetimes (coupon-accounts §9)', () => {
  it.each([
    ['refererid=42', { refererid: ['42', 60 * DAY] }],
    ['bf_id=b7', { bf_id: ['b7', DAY] }],
    ['reflinkid=r1', { reflinkid: ['r1', 60 * DAY] }],
    ['tag=plain_1', { reflinkid: ['plain_1', 3600] }],
    ['reflinkid=r1&tag=t', { reflinkid: ['r1', 60 * DAY] }],
    ['partner_id=p9&pb=post', { partner_id: ['p9', 60 * DAY], postback: ['post', 30 * DAY] }],
    ['partner_id=p9&click_id=c1&pb=x', { partner_id: ['p9', 30 * DAY], postback: ['x', 30 * DAY] }],
    ['partner_id=p9', { partner_id: ['p9', 60 * DAY], postback: ['', 4] }],
    ['pb=x', { postback: ['x', 30 * DAY] }],
    ['subid=s-1', { subid: ['s-1', 60 * DAY] }],
    ['', {}],
  ])('%s', (query, expected) => {
    expect(cookies(query)).toEqual(expected);
  });

  it('ignores malformed values', () => {
    expect(cookies(`refererid=abc&bf_id=<script>&subid=${'x'.repeat(101)}`)).toEqual({});
    expect(cookies('refererid=0&tag=a%20b')).toEqual({});
  });

  it('writes a Lax cookie for the whole site', () => {
    expect(referralSetCookie({ name: 'subid', value: 's1', maxAgeSeconds: 60 })).toBe(
      'subid=s1; Path=/; Max-Age=60; SameSite=Lax',
    );
  });

  it('reads back only well-formed values', () => {
    expect(
      referralValuesFrom({ refererid: '42', subid: '', bf_id: 'a b', lng: 'en', postback: 'p' }),
    ).toEqual({
      refererid: '42',
      postback: 'p',
    });
  });
});

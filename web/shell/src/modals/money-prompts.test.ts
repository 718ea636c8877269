import { describe, expect, it } from 'vitest';
import { identificationBlocks, mobileCashDecision } from './money-prompts.ts';

const paid = (n: number, others = 0) => [
  ...Array.from({ length: n }, () => ({ status_id: 2 })),
  ...Array.from({ length: others }, () => ({ status_id: 3 })),
];
const none = { counter: undefined, activated: undefined };

describe('mobile-cash modal (site-shell §4)', () => {
  it.each([
    ['2 paid', paid(2), none, { show: false, counter: null, activate: false }],
    ['3 paid, first time', paid(3), none, { show: true, counter: 3, activate: false }],
    [
      '3 paid, already shown',
      paid(3),
      { counter: '3', activated: undefined },
      { show: false, counter: null, activate: false },
    ],
    ['4 paid', paid(4), { counter: '3', activated: undefined }, { show: true, counter: 4, activate: true }],
    [
      '4 paid, activated',
      paid(4),
      { counter: '3', activated: '1' },
      { show: false, counter: null, activate: false },
    ],
    ['3 paid among 5 scanned', [...paid(3, 2)], none, { show: true, counter: 3, activate: false }],
  ])('%s', (_name, entries, cookies, expected) => {
    expect(mobileCashDecision(entries, cookies)).toEqual(expected);
  });

  it('scans only the 5 newest entries', () => {
    const entries = [...paid(0, 3), ...paid(2), ...paid(3)];
    expect(mobileCashDecision(entries, none).show).toBe(false);
  });
});

describe('identification blocker', () => {
  it.each([
    ['/en/office', true, true],
    ['/ru/', true, true],
    ['/en/office/verification', true, false],
    ['/en/office/identification', true, false],
    ['/en/office', false, false],
  ])('%s needs=%s → %s', (path, needs, blocks) => {
    expect(identificationBlocks(path, needs)).toBe(blocks);
  });
});

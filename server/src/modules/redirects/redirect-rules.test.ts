/** The pure checks of an operator's redirect rule: its key, a safe target, and loops through other rules. */
import { describe, expect, it } from 'vitest';
import { makesLoop, type RedirectRuleInput, redirectRuleProblem, ruleKeyOf } from './redirect-rules.ts';

const rule = (sourcePath: string, targetUrl: string, isActive = true): RedirectRuleInput => ({
  sourcePath,
  targetUrl,
  code: 301,
  isActive,
});

describe('ruleKeyOf', () => {
  it.each([
    ['/en/old-promo/', '/old-promo'],
    ['/{lng}/old-promo?x=1', '/old-promo'],
    ['/ru', '/'],
    ['/casino/slots#top', '/casino/slots'],
    ['/english', '/english'],
  ])('%s → %s', (path, key) => expect(ruleKeyOf(path)).toBe(key));
});

describe('redirectRuleProblem', () => {
  it.each([
    ['/old', '/{lng}/promotions', null],
    ['/old', '/promotions?utm=1', null],
    ['/old', 'https://example.org/a', null],
    ['/old', 'javascript:alert(1)', 'target'],
    ['/old', '//evil.example/x', 'target'],
    ['/old', 'promotions', 'target'],
    ['/old', 'https://', 'target'],
    ['/old', '/a b', 'target'],
    ['old', '/promotions', 'source'],
    ['//old', '/promotions', 'source'],
    ['/old?x=1', '/promotions', 'source'],
  ])('%s → %s: %s', (source, target, problem) =>
    expect(redirectRuleProblem(rule(source, target))).toBe(problem),
  );
});

describe('makesLoop', () => {
  const others = [
    rule('/a', '/b'),
    rule('/b', '/{lng}/c/'),
    rule('/d', 'https://example.org/a'),
    rule('/e', '/a', false),
  ];
  it.each([
    [rule('/c', '/a'), true],
    [rule('/c', '/en/b'), true],
    [rule('/x', '/x/'), true],
    [rule('/c', '/d'), false],
    [rule('/c', '/e'), false],
    [rule('/c', 'https://example.org/a'), false],
    [rule('/c', '/a', false), false],
  ])('%o → %s', (candidate, loops) => expect(makesLoop(candidate, others)).toBe(loops));
});

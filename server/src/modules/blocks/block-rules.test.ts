/** The pure check of an operator's block rule: a pattern that fits its kind and a reason with a page. */
import { describe, expect, it } from 'vitest';
import { type BlockRuleInput, blockRuleProblem } from './block-rules.ts';

const rule = (kind: BlockRuleInput['kind'], pattern: string, templateTypeId = 3): BlockRuleInput => ({
  kind,
  pattern,
  templateTypeId,
  isActive: true,
  note: '',
});

describe('blockRuleProblem', () => {
  it.each([
    [rule('country', 'GB'), null],
    [rule('country', 'gb'), 'pattern'],
    [rule('country', 'GBR'), 'pattern'],
    [rule('path', '/casino'), null],
    [rule('path', 'casino'), 'pattern'],
    [rule('path', '//casino'), 'pattern'],
    [rule('user_agent', 'Opera Mini'), null],
    [rule('user_agent', ' x '), 'pattern'],
    [rule('all', '*', 4), null],
    [rule('all', '/'), 'pattern'],
    [rule('country', 'GB', 99), 'templateTypeId'],
  ])('%o → %s', (input, field) => expect(blockRuleProblem(input)?.split(':')[0] ?? null).toBe(field));
});

/** The arithmetic of the claim-rules bench figure (bench/claim-rules.ts) on canned rates: no timing here. */
import { describe, expect, it } from 'vitest';
import { claimRuleRatios, RULE_COUNT, RULE_SETS } from '../../bench/claim-rules.ts';

describe('claimRuleRatios', () => {
  it('each configuration’s median rate over the median with no rule', () => {
    expect(
      claimRuleRatios({
        'no rule': [1000, 900, 1100],
        'some rules': [500, 450, 800],
      }),
    ).toEqual({ 'no rule': 1, 'some rules': 0.5 });
  });

  it('no figure without a baseline', () => {
    expect(claimRuleRatios({ 'some rules': [500] })).toEqual({});
    expect(claimRuleRatios({ 'no rule': [0], 'some rules': [500] })).toEqual({});
  });
});

describe('RULE_SETS', () => {
  it(`none, ${RULE_COUNT} that never match the bench's grant, ${RULE_COUNT} that all do`, () => {
    const [none, missing, matching] = Object.values(RULE_SETS);
    expect(none).toEqual([]);
    expect(missing).toHaveLength(RULE_COUNT);
    expect(matching).toHaveLength(RULE_COUNT);
    expect(new Set(matching?.map((rule) => Object.keys(rule.set)[0])).size).toBe(RULE_COUNT);
  });
});

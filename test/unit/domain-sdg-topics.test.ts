/**
 * The discussion categories (src/domain/sdg-topics.ts): the constants built from the 17 goals (keys sdg_1 … sdg_17
 * in order, one label and at least one subcategory per goal, the shape the API answers with), and which
 * category-subcategory pairs a post may name. The goals' names are words shown to people and are not asserted.
 */
import { describe, expect, it, vi } from 'vitest';
import { sdgConstantsSchema } from '../../src/domain/discussion.schema';

/**
 * The module is loaded afresh in each test, not imported at the top: a change that stops it from loading (constants built into nothing)
 * then fails every test, where a failed import would only fail the file, which StrykerJS reads as no test at all; and
 * what it computes as it loads is then run by every test, not only by the first.
 */
async function load() {
  vi.resetModules();
  const topics = await import('../../src/domain/sdg-topics');
  return { ...topics, goals: Object.values(topics.SDG_CONSTANTS.categories) };
}

describe('the SDG constants', () => {
  it('name the 17 goals sdg_1 to sdg_17, in order, each once', async () => {
    const { SDG_CONSTANTS, goals } = await load();
    expect(Object.keys(SDG_CONSTANTS.categories)).toEqual(Array.from({ length: 17 }, (_, i) => `sdg_${i + 1}`));
    expect(new Set(goals).size).toBe(17);
    for (const goal of goals) expect(goal).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('give each goal, and only the goals, a label and its subcategories', async () => {
    const { SDG_CONSTANTS, goals } = await load();
    expect(Object.keys(SDG_CONSTANTS.categoryLabels)).toEqual(goals);
    expect(Object.keys(SDG_CONSTANTS.subcategories)).toEqual(goals);
    for (const goal of goals) {
      expect(SDG_CONSTANTS.categoryLabels[goal]!.trim()).not.toBe('');
      const subs = SDG_CONSTANTS.subcategories[goal]!;
      expect(subs.length).toBeGreaterThanOrEqual(3);
      for (const sub of subs) {
        expect(Object.keys(sub).sort()).toEqual(['label', 'value']);
        expect(sub.value).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(sub.label.trim()).not.toBe('');
      }
      expect(new Set(subs.map((s) => s.value)).size).toBe(subs.length);
    }
  });

  it('number each goal in its label', async () => {
    const { SDG_CONSTANTS, goals } = await load();
    for (const [i, goal] of goals.entries()) expect(SDG_CONSTANTS.categoryLabels[goal]).toMatch(new RegExp(`^SDG ${i + 1}: `));
  });

  it('have the shape the API answers with', async () => {
    const { SDG_CONSTANTS } = await load();
    expect(sdgConstantsSchema.parse(SDG_CONSTANTS)).toEqual(SDG_CONSTANTS);
  });
});

describe('a post\'s topic', () => {
  it('may be any goal with any of its own subcategories', async () => {
    const { SDG_CONSTANTS, goals, isKnownTopic } = await load();
    for (const goal of goals) for (const sub of SDG_CONSTANTS.subcategories[goal]!) expect(isKnownTopic(goal, sub.value)).toBe(true);
  });

  it('may not pair a goal with another goal\'s subcategory', async () => {
    const { SDG_CONSTANTS, goals, isKnownTopic } = await load();
    const [first, second] = goals as [string, string];
    const otherSub = SDG_CONSTANTS.subcategories[second]![0]!.value;
    expect(isKnownTopic(first, otherSub)).toBe(false);
  });

  it('may not name an unknown goal or subcategory, or leave either empty', async () => {
    const { SDG_CONSTANTS, goals, isKnownTopic } = await load();
    const [goal] = goals as [string];
    const sub = SDG_CONSTANTS.subcategories[goal]![0]!.value;
    expect(isKnownTopic('no-such-goal', sub)).toBe(false);
    expect(isKnownTopic(goal, 'no-such-subcategory')).toBe(false);
    expect(isKnownTopic(goal, '')).toBe(false);
    expect(isKnownTopic('', '')).toBe(false);
    expect(isKnownTopic('sdg_1', sub)).toBe(false);
  });
});

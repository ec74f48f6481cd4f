/**
 * No validator's own words reach a person (issue 41, ADR 164): every length check of the inputs members and staff
 * type into (the profile, the password calls, sign-in, a post, a comment, a workshop's message) carries a sentence of
 * its own. Each field of each body is walked, sent one character too long and one too short, and every message zod
 * gives back must be one of ours.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { login, setPassword, updatePassword, updateProfile } from '../../src/contract/auth';
import { createComment, updateComment } from '../../src/contract/comments';
import { createDiscussion, updateDiscussion } from '../../src/contract/discussions';
import { messageRegistrants } from '../../src/contract/staff-workshops';

const BODIES = { login, setPassword, updatePassword, updateProfile, createComment, updateComment, createDiscussion, updateDiscussion, messageRegistrants };
/** Fields no person types: ids the app fills in. */
const NOT_TYPED = new Set(['discussionId', 'parentCommentId']);
const VALIDATOR_WORDS = /expected|too big|too small|invalid input|invalid string|must contain at/i;

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The string check under optional, nullable, default and pipe wrappers, or null for a field that is not a string. */
function stringIn(schema: z.ZodType): z.ZodString | null {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const def = defOf(current);
    if (def.type === 'string') return current as unknown as z.ZodString;
    current = def.innerType ?? def.in;
  }
  return null;
}

function messagesFor(schema: z.ZodType, value: string): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the length checks of the typed fields speak for themselves', () => {
  for (const [name, c] of Object.entries(BODIES)) {
    it(`${name}: too long and too short say which field and how long, never a validator's words`, () => {
      const shape = (c.body as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      let checked = 0;
      for (const [field, schema] of Object.entries(shape)) {
        if (NOT_TYPED.has(field)) continue;
        const string = stringIn(schema);
        if (!string) continue;
        const said: string[] = [];
        if (string.maxLength !== null) said.push(...messagesFor(schema, 'a'.repeat(string.maxLength + 1)));
        if (string.minLength !== null && string.minLength > 0) said.push(...messagesFor(schema, 'a'.repeat(string.minLength - 1)));
        for (const message of said) {
          expect(message, `${name}.${field}`).not.toMatch(VALIDATOR_WORDS);
          expect(message, `${name}.${field}`).toMatch(/^[A-Z]/);
        }
        if (string.maxLength !== null) {
          expect(said.length, `${name}.${field} is refused when too long`).toBeGreaterThan(0);
          checked += 1;
        }
      }
      expect(checked, `${name} has a length check to walk`).toBeGreaterThan(0);
    });
  }

  it('the walk catches a check without words of its own', async () => {
    const { z: zod } = await import('zod');
    const bare = zod.string().max(3);
    const said = messagesFor(bare, 'abcd');
    expect(said.some((message) => VALIDATOR_WORDS.test(message))).toBe(true);
  });
});

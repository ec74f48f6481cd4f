/** Shared checks of the shapes the API answers: a full sample comes back unchanged, and every field is required. */
import { expect, it } from 'vitest';
import type { z } from 'zod';

export type ShapeSample = [name: string, schema: z.ZodType, sample: Record<string, unknown>];

export function itKeepsEveryFieldAndNeedsEachOne(samples: ShapeSample[]) {
  it.each(samples)('a %s keeps every field', (_name, schema, sample) => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it.each(samples)('a %s missing any field is rejected', (_name, schema, sample) => {
    for (const key of Object.keys(sample)) {
      const { [key]: _dropped, ...rest } = sample;
      expect(schema.safeParse(rest).success, key).toBe(false);
    }
  });
}

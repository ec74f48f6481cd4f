/**
 * Entity ids (src/domain/ids.ts): a UUID of any version, in either case, is an id; anything else (another length,
 * hyphens elsewhere, letters beyond f, text around it, no string at all) is not.
 */
import { describe, expect, it } from 'vitest';
import { isUuid } from '../../src/domain/ids';

const V4 = '0b6e8f4a-3c2d-4e1f-9a8b-7c6d5e4f3a2b';

describe('entity ids', () => {
  it.each([V4, V4.toUpperCase(), '00000000-0000-0000-0000-000000000000', '01890a5d-ac96-774b-bcce-b302099a8057', 'ffffffff-ffff-ffff-ffff-ffffffffffff'])(
    '%s is an id',
    (id) => {
      expect(isUuid(id)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['without hyphens', V4.replace(/-/g, '')],
    ['a letter beyond f', `g${V4.slice(1)}`],
    ['a letter beyond f in the last group', `${V4.slice(0, -1)}g`],
    ['a letter beyond f in the middle', '0b6e8f4a-3c2d-4e1z-9a8b-7c6d5e4f3a2b'],
    ['text before it', `x${V4}`],
    ['text after it', `${V4}x`],
    ['a space around it', ` ${V4} `],
    ['one digit too few in the first group', '0b6e8f4-3c2d-4e1f-9a8b-7c6d5e4f3a2b'],
    ['one digit too many in the first group', '0b6e8f4aa-3c2d-4e1f-9a8b-7c6d5e4f3a2b'],
    ['one digit too few in the second group', '0b6e8f4a-3c2-4e1f-9a8b-7c6d5e4f3a2b'],
    ['one digit too many in the second group', '0b6e8f4a-3c2dd-4e1f-9a8b-7c6d5e4f3a2b'],
    ['one digit too few in the third group', '0b6e8f4a-3c2d-4e1-9a8b-7c6d5e4f3a2b'],
    ['one digit too many in the third group', '0b6e8f4a-3c2d-4e1ff-9a8b-7c6d5e4f3a2b'],
    ['one digit too few in the fourth group', '0b6e8f4a-3c2d-4e1f-9a8-7c6d5e4f3a2b'],
    ['one digit too many in the fourth group', '0b6e8f4a-3c2d-4e1f-9a8bb-7c6d5e4f3a2b'],
    ['one digit too few in the last group', '0b6e8f4a-3c2d-4e1f-9a8b-7c6d5e4f3a2'],
    ['one digit too many in the last group', '0b6e8f4a-3c2d-4e1f-9a8b-7c6d5e4f3a2bb'],
    ['one digit per group', '0-3-4-9-7'],
    ['two ids', `${V4}\n${V4}`],
  ])('%s is not an id', (_what, value) => {
    expect(isUuid(value)).toBe(false);
  });

  it('nothing is not an id, nor a boxed string', () => {
    expect(isUuid(null)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(new String(V4) as unknown as string)).toBe(false);
  });
});

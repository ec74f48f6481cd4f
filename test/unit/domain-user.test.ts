/**
 * User rules (src/domain/user.ts and user.schema.ts), beyond the cases of domain.test.ts: the password rule and its
 * messages at both bounds, an email trimmed and lower-cased before it is checked, the user shape, the avatar's
 * initials (names trimmed, upper-cased, missing ones skipped), and the first name and byline shown for a member.
 */
import { describe, expect, it } from 'vitest';
import { avatarInitials, displayFirstName, displayName, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT, type User, UNNAMED_MEMBER } from '../../src/domain/user';
import { emailSchema, passwordSchema, userSchema } from '../../src/domain/user.schema';

type AvatarSource = Parameters<typeof avatarInitials>[0];

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('passwords', () => {
  it('are 8 to 128 characters, as the rule text says', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
    expect(PASSWORD_RULE_TEXT).toBe('Use 8 to 128 characters.');
  });

  it('accepts both bounds', () => {
    expect(passwordSchema.parse('a'.repeat(8))).toBe('a'.repeat(8));
    expect(passwordSchema.parse('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('refuses one character too few or too many, each with its message', () => {
    const short = passwordSchema.safeParse('a'.repeat(7));
    expect(short.success).toBe(false);
    expect(messages(short)).toEqual(['Password must be at least 8 characters']);
    const long = passwordSchema.safeParse('a'.repeat(129));
    expect(long.success).toBe(false);
    expect(messages(long)).toEqual(['Password must be at most 128 characters']);
  });
});

describe('emails', () => {
  it('are trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.ORG ')).toBe('ada.lovelace@example.org');
  });

  it.each(['', 'ada', 'ada@', '@example.org', 'ada @example.org'])('refuses %j with the spec\'s message', (email) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual(['Please enter a valid email address']);
  });
});

describe('the user shape', () => {
  const user: User = {
    _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', address: 'London', name: 'Ada Lovelace', email: 'ada@example.org', profilePicture: '/ada.png',
  };
  it('keeps every field', () => {
    expect(userSchema.parse(user)).toEqual(user);
  });
  it.each(Object.keys(user))('refuses a user without %s', (field) => {
    const { [field as keyof User]: _gone, ...rest } = user;
    expect(userSchema.safeParse(rest).success).toBe(false);
  });
});

describe('the avatar', () => {
  it.each([
    [{ firstName: '  grace ', lastName: ' hopper', email: 'g@x.io' }, 'GH'],
    [{ firstName: '', lastName: 'hopper', email: 'g@x.io' }, 'H'],
    [{ firstName: 'ß', lastName: '', email: '' }, 'SS'],
    [{ firstName: '', lastName: '', email: '  zed@x.io ' }, 'Z'],
    [{ firstName: '', lastName: '', email: '   ' }, 'U'],
    [undefined, 'U'],
  ])('%j → %s', (user, expected) => {
    expect(avatarInitials(user)).toBe(expected);
  });

  it('skips names and emails the answer does not hold', () => {
    expect(avatarInitials({ email: 'kay@x.io' } as AvatarSource)).toBe('K');
    expect(avatarInitials({ firstName: 'ada' } as AvatarSource)).toBe('A');
    expect(avatarInitials({ lastName: 'lovelace' } as AvatarSource)).toBe('L');
    expect(avatarInitials({} as AvatarSource)).toBe('U');
  });
});

describe('names shown for a member', () => {
  it('the menu shows the trimmed first name, else User', () => {
    expect(UNNAMED_MEMBER).toBe('User');
    expect(displayFirstName({ firstName: '  Grace ' })).toBe('Grace');
    expect(displayFirstName({ firstName: '   ' })).toBe('User');
    expect(displayFirstName(null)).toBe('User');
    expect(displayFirstName(undefined)).toBe('User');
    expect(displayFirstName({} as { firstName: string })).toBe('User');
  });

  it('the byline is the trimmed first and last name, either alone, else User', () => {
    expect(displayName(' Ada ', ' Lovelace ')).toBe('Ada Lovelace');
    expect(displayName('Ada', '')).toBe('Ada');
    expect(displayName('  ', 'Lovelace')).toBe('Lovelace');
    expect(displayName(' ', ' ')).toBe('User');
    expect(displayName('', '')).toBe('User');
  });
});

/** User rules with no dependencies, so the app shell can use them without loading zod. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE_TEXT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

/** A member's first or last name: 1 to 100 characters once trimmed (issue 35). */
export const NAME_MAX_LENGTH = 100;
/** The postal address kept with the profile (spec section 3). */
export const ADDRESS_MAX_LENGTH = 500;
/** The most a password field takes when it is checked, not set (sign-in, the current password): longer is never right. */
export const PASSWORD_INPUT_MAX_LENGTH = 1024;
export const NAME_TEXT = {
  required: 'Please enter your first and last name',
  tooLong: `Names must be at most ${NAME_MAX_LENGTH} characters`,
} as const;
/** The words of the checks of the profile and password calls' other fields (ADR 164): never a validator's own. */
export const ACCOUNT_FIELD_TEXT = {
  addressTooLong: `Address must be at most ${ADDRESS_MAX_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_INPUT_MAX_LENGTH} characters`,
  currentPasswordTooLong: `Current password must be at most ${PASSWORD_INPUT_MAX_LENGTH} characters`,
} as const;

/** Why a first and last name cannot be kept, or null when both can. */
export function nameProblem(firstName: string | undefined, lastName: string | undefined): string | null {
  const first = firstName?.trim() ?? '';
  const last = lastName?.trim() ?? '';
  if (!first || !last) return NAME_TEXT.required;
  if (first.length > NAME_MAX_LENGTH || last.length > NAME_MAX_LENGTH) return NAME_TEXT.tooLong;
  return null;
}

/** A learner's account as the API returns it (spec section 3). The zod schema lives in user.schema.ts. */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  address: string;
  name: string;
  email: string;
  profilePicture: string;
}

type AvatarSource = Pick<User, 'firstName' | 'lastName' | 'email'>;

/** Spec: the avatar shows the initials of first and last name, else the first letter of the email, else 'U'. */
export function avatarInitials(user: AvatarSource | null | undefined): string {
  const first = user?.firstName?.trim() ?? '';
  const last = user?.lastName?.trim() ?? '';
  const initials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  if (initials) return initials;
  const email = user?.email?.trim() ?? '';
  if (email) return email.charAt(0).toUpperCase();
  return 'U';
}

/**
 * Members who have not filled in their names yet: one word everywhere, the spec's default of the account menu ('User'),
 * also on their posts and comments (a readable byline, never their email).
 */
export const UNNAMED_MEMBER = 'User';

/** Spec: the menu shows the first name, 'User' by default. */
export function displayFirstName(user: Pick<User, 'firstName'> | null | undefined): string {
  return user?.firstName?.trim() || UNNAMED_MEMBER;
}

/** A member's byline on posts and comments: first and last name. */
export function displayName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ') || UNNAMED_MEMBER;
}

import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE_TEXT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  name: z.string(),
  email: z.string(),
  profilePicture: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Please enter a valid email address' }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

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

/** Spec: the menu shows the first name, 'User' by default. */
export function displayFirstName(user: Pick<User, 'firstName'> | null | undefined): string {
  return user?.firstName?.trim() || 'User';
}

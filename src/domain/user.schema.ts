/** zod schemas of the user entity and of the credentials the contract accepts. */
import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_TEXT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type User } from './user';

export const userSchema: z.ZodType<User> = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  name: z.string(),
  email: z.string(),
  profilePicture: z.string(),
});

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Please enter a valid email address' }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);


/** A first or last name given at signup: trimmed, 1 to 100 characters (issue 35). */
export const personNameSchema = z.string().trim().min(1, NAME_TEXT.required).max(NAME_MAX_LENGTH, NAME_TEXT.tooLong);

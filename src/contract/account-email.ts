/** Changing the member's email (issue 35 item 6): a code to the new address confirms it (ADR 133). */
import { z } from 'zod';
import { userSchema, emailSchema } from '../domain/user.schema';
import { call, okMessageSchema } from './define';

const EMAIL_PATH = '/account/email';

/** Sends a code to the new address; the current password is asked of a member who has one. */
export const requestEmailChange = call({
  name: 'account.requestEmailChange', method: 'POST', path: EMAIL_PATH, auth: 'required',
  body: z.object({ email: emailSchema, currentPassword: z.string().max(1024).optional() }),
  response: okMessageSchema,
});
/** The code from the new address replaces the email; every session stays signed in. */
export const confirmEmailChange = call({
  name: 'account.confirmEmailChange', method: 'PUT', path: EMAIL_PATH, auth: 'required',
  body: z.object({ otp: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits') }),
  response: okMessageSchema.extend({ user: userSchema }),
  invalidates: ['/auth/profile'],
});

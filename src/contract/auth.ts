import { z } from 'zod';
import { BIO_MAX, HEADLINE_MAX, ORGANISATION_MAX, PROFESSIONS, PROFILE_TEXT } from '../domain/member';
import { ACCOUNT_FIELD_TEXT, ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, NAME_TEXT, PASSWORD_INPUT_MAX_LENGTH } from '../domain/user';
import { emailSchema, passwordSchema, personNameSchema, userSchema } from '../domain/user.schema';
import { call, okMessageSchema } from './define';

const otpCode = z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits');
const tokenAnswer = z.object({ success: z.literal(true), token: z.string() });
const profileAnswer = z.object({ success: z.literal(true), user: userSchema });

export const requestSignupOtp = call({
  name: 'auth.requestSignupOtp', method: 'POST', path: '/auth/otp',
  body: z.object({ email: emailSchema }), response: okMessageSchema,
});
export const verifySignupOtp = call({
  name: 'auth.signup', method: 'POST', path: '/auth/signup',
  body: z.object({ email: emailSchema, otp: otpCode }), response: tokenAnswer,
});
export const login = call({
  name: 'auth.login', method: 'POST', path: '/auth/login',
  body: z.object({ email: emailSchema, password: z.string().min(1, 'Password is required').max(PASSWORD_INPUT_MAX_LENGTH, ACCOUNT_FIELD_TEXT.passwordTooLong) }),
  response: tokenAnswer,
});
export const forgotPassword = call({
  name: 'auth.forgotPassword', method: 'POST', path: '/auth/forgot-password',
  body: z.object({ email: emailSchema }), response: okMessageSchema,
});
export const verifyResetOtp = call({
  name: 'auth.verifyResetOtp', method: 'POST', path: '/auth/verify-otp',
  body: z.object({ email: emailSchema, otp: otpCode }), response: tokenAnswer,
});
export const setPassword = call({
  name: 'auth.setPassword', method: 'PUT', path: '/auth/set-password', auth: 'required',
  // A new member gives their name with the password (issue 35); a reset sends the password alone.
  body: z.object({ password: passwordSchema, firstName: personNameSchema.optional(), lastName: personNameSchema.optional() }),
  response: okMessageSchema,
  invalidates: ['/auth/profile'],
});
export const updatePassword = call({
  name: 'auth.updatePassword', method: 'PUT', path: '/auth/update-password', auth: 'required',
  body: z.object({ currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_INPUT_MAX_LENGTH, ACCOUNT_FIELD_TEXT.currentPasswordTooLong), newPassword: passwordSchema }),
  response: okMessageSchema,
});
export const updateProfile = call({
  name: 'auth.updateProfile', method: 'PUT', path: '/auth/update-profile', auth: 'required',
  body: z.object({
    firstName: z.string().trim().max(NAME_MAX_LENGTH, NAME_TEXT.tooLong),
    lastName: z.string().trim().max(NAME_MAX_LENGTH, NAME_TEXT.tooLong),
    address: z.string().trim().max(ADDRESS_MAX_LENGTH, ACCOUNT_FIELD_TEXT.addressTooLong).default(''),
    // The public profile (issue 35): each optional, left as it is when absent.
    headline: z.string().trim().max(HEADLINE_MAX, PROFILE_TEXT.headlineTooLong).optional(),
    profession: z.enum(['', ...PROFESSIONS], { message: PROFILE_TEXT.profession }).optional(),
    organisation: z.string().trim().max(ORGANISATION_MAX, PROFILE_TEXT.organisationTooLong).optional(),
    bio: z.string().trim().max(BIO_MAX, PROFILE_TEXT.bioTooLong).optional(),
  }),
  response: okMessageSchema.extend({ user: userSchema }),
  invalidates: ['/auth/profile', '/members'],
});
export const profile = call({
  name: 'auth.profile', method: 'GET', path: '/auth/profile', auth: 'required', response: profileAnswer,
});
export const logout = call({
  name: 'auth.logout', method: 'POST', path: '/auth/logout', auth: 'required', response: okMessageSchema,
});

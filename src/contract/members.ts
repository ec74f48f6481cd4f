/** Members as people (issue 35): a member's public profile, and their avatar (upload, removal, the public pictures). */
import { z } from 'zod';
import type { MemberActivity, MemberProfile } from '../domain/member';
import { AVATAR_SIZES } from '../domain/member';
import { call, okMessageSchema } from './define';

const ok = z.literal(true);

const activitySchema: z.ZodType<MemberActivity> = z.object({
  _id: z.string(),
  kind: z.enum(['post', 'comment']),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  subcategory: z.string(),
  createdAt: z.string(),
});

/** Strict: an answer carrying any field not listed here (an email) fails its check, on the server too. */
export const memberProfileSchema: z.ZodType<MemberProfile> = z.strictObject({
  _id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string(),
  headline: z.string(),
  profession: z.string(),
  organisation: z.string(),
  bio: z.string(),
  memberSince: z.string(),
  posts: z.array(activitySchema),
  comments: z.array(activitySchema),
});

/** A member's profile, for signed-in members; a deleted member has none (404). */
export const getMember = call({
  name: 'members.get', method: 'GET', path: '/members/:id', auth: 'required',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ success: ok, member: memberProfileSchema }),
});

/** Strict, as the profile: a suggestion carries a name and a picture, never an email. */
const suggestionSchema = z.strictObject({ _id: z.string(), name: z.string(), profilePicture: z.string() });

/** Members whose name has a word starting with `q`, for a mention (ADR 150): up to eight, for signed-in members. */
export const suggestMembers = call({
  name: 'members.suggest', method: 'GET', path: '/members/suggest', auth: 'required',
  query: z.object({ q: z.string().max(64).default('') }),
  response: z.object({ success: ok, members: z.array(suggestionSchema) }),
});

const avatarAnswer = okMessageSchema.extend({ profilePicture: z.string() });

/** The picture, as multipart/form-data with one file field `file` (JPEG, PNG or WebP, up to 5 MB). */
export const uploadAvatar = call({
  name: 'account.uploadAvatar', method: 'POST', path: '/account/avatar', auth: 'required',
  response: avatarAnswer,
  invalidates: ['/auth/profile', '/members'],
});

export const removeAvatar = call({
  name: 'account.removeAvatar', method: 'DELETE', path: '/account/avatar', auth: 'required',
  response: avatarAnswer,
  invalidates: ['/auth/profile', '/members'],
});

/** The public picture: its URL holds the version, so it is cached for good (an <img> sends no bearer token). */
export const avatarPicture = call({
  name: 'members.avatar', method: 'GET', path: '/members/:id/avatar/:version/:file',
  params: z.object({
    id: z.string().min(1).max(64),
    version: z.string().regex(/^[0-9a-f]{8,64}$/, 'Not a picture version'),
    file: z.enum(AVATAR_SIZES.map((size) => `${size}.webp`) as [string, ...string[]], { message: 'Not a picture size' }),
  }),
  response: z.instanceof(Uint8Array), binary: true,
});

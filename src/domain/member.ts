/** A member as other members see them (issue 35): profile fields, their limits and texts, the avatar's rules. No zod. */

/** The spec's audience (section 1), as the professions a member may choose from. */
export const PROFESSIONS = [
  'Architect',
  'Interior designer',
  'Urban planner',
  'Sustainability consultant',
  'Student',
  'Academician',
  'Researcher',
  'Environmentalist',
  'Industry expert',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

export function isProfession(value: string): value is Profession {
  return (PROFESSIONS as readonly string[]).includes(value);
}

export const HEADLINE_MAX = 100;
export const ORGANISATION_MAX = 100;
export const BIO_MAX = 500;

/** Each sentence names its field, so a refusal from the server finds its place beside that field (profileFieldOf). */
export const PROFILE_TEXT = {
  headlineTooLong: `Headline must be at most ${HEADLINE_MAX} characters`,
  organisationTooLong: `Organisation must be at most ${ORGANISATION_MAX} characters`,
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  profession: 'Please choose a profession from the list',
} as const;

export interface ProfileFields {
  headline: string;
  profession: string;
  organisation: string;
  bio: string;
}
export type ProfileField = keyof ProfileFields;

/** What is wrong with each field, by field; empty when all can be kept. */
export function profileProblems(fields: ProfileFields): Partial<Record<ProfileField, string>> {
  const problems: Partial<Record<ProfileField, string>> = {};
  if (fields.headline.trim().length > HEADLINE_MAX) problems.headline = PROFILE_TEXT.headlineTooLong;
  if (fields.organisation.trim().length > ORGANISATION_MAX) problems.organisation = PROFILE_TEXT.organisationTooLong;
  if (fields.bio.trim().length > BIO_MAX) problems.bio = PROFILE_TEXT.bioTooLong;
  if (fields.profession && !isProfession(fields.profession)) problems.profession = PROFILE_TEXT.profession;
  return problems;
}

/** The field a refusal's sentence is about, or null (a name, or a problem of the whole form). */
export function profileFieldOf(message: string): ProfileField | null {
  if (message.includes(PROFILE_TEXT.headlineTooLong)) return 'headline';
  if (message.includes(PROFILE_TEXT.organisationTooLong)) return 'organisation';
  if (message.includes(PROFILE_TEXT.bioTooLong)) return 'bio';
  if (message.includes(PROFILE_TEXT.profession)) return 'profession';
  return null;
}

/** The avatar: what may be uploaded, and the two sizes the server keeps (square WebP). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_SIZES = [256, 64] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];
export const AVATAR_TEXT = {
  notAnImage: 'Please choose a JPEG, PNG or WebP picture',
  tooBig: 'Pictures must be at most 5 MB',
  missing: 'Please choose a picture to upload',
} as const;

/** The picture's alternative text where the name is not read beside it (ADR 132). */
export function avatarAlt(name: string): string {
  return `${name}'s profile picture`;
}

/** The public URL of a kept avatar: the version (a hash of the picture) is part of it, so it is cached for good. */
export function avatarUrl(apiBase: string, memberId: string, version: string, size: AvatarSize): string {
  return `${apiBase}/members/${encodeURIComponent(memberId)}/avatar/${encodeURIComponent(version)}/${size}.webp`;
}

/** The initials of a shown name ("Ada Lovelace" → "AL"): the first letters of its first and last words, else 'U'. */
export function initialsOfName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]!.charAt(0)}${words.at(-1)!.charAt(0)}` : (words[0]?.charAt(0) ?? '');
  return letters.toUpperCase() || 'U';
}

/** The small picture of a byline, from the large one's URL (both are kept with the same version). */
export function smallAvatarUrl(large: string): string {
  return large.replace(/\/256\.webp$/, '/64.webp');
}

/** A byline's author: the member's id and picture. A deleted member's byline carries no id (or `deleted`), so no link. */
export interface BylineAuthor {
  _id: string;
  name: string;
  profilePicture?: string;
  deleted?: boolean;
}

/** Whether a byline links to its author's profile: not for a deleted member (no id, or marked deleted). */
export function hasProfile(author: BylineAuthor): boolean {
  return Boolean(author._id) && !author.deleted;
}

/** One of a member's recent posts or comments, as their profile lists it. */
export interface MemberActivity {
  _id: string;
  kind: 'post' | 'comment';
  /** The post's title (for a comment, the title of the post it is on). */
  title: string;
  /** A comment's text as plain text, cut short; '' for a post. */
  excerpt: string;
  category: string;
  subcategory: string;
  createdAt: string;
}

/** A member's public profile: never their email. */
export interface MemberProfile {
  _id: string;
  name: string;
  firstName: string;
  lastName: string;
  profilePicture: string;
  headline: string;
  profession: string;
  organisation: string;
  bio: string;
  memberSince: string;
  posts: MemberActivity[];
  comments: MemberActivity[];
}

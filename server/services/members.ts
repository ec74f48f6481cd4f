/**
 * Members as people (issue 35): a member's public profile (never their email), and their avatar, which is decoded
 * with sharp, turned upright, cropped to a centred square and kept as 256 and 64 px WebP without any metadata.
 */
import { createHash } from 'node:crypto';
import { AVATAR_TEXT, avatarUrl, type AvatarSize, type MemberActivity, type MemberProfile } from '../../src/domain/member';
import { type MentionSuggestion, SUGGESTION_LIMIT } from '../../src/domain/mentions';
import { stripHtml, truncate } from '../../src/domain/text';
import { displayName } from '../../src/domain/user';
import type { Db } from '../data/client';
import { openImage, rasterFormat } from '../render/images';
import { dropAvatar, findAvatar, findProfile, keepAvatar, recentComments, recentPosts, suggestMembers } from '../data/members';
import { invalid, notFound } from './errors';

export const MEMBER_NOT_FOUND = 'Member not found';
/** How many posts and how many comments a profile lists. */
export const RECENT_ACTIVITY = 5;
const EXCERPT_LENGTH = 140;

/** The two pictures of an upload and their version (a hash of the large one, part of their URL). */
export async function squareAvatar(input: Buffer): Promise<{ large: Buffer; small: Buffer; version: string }> {
  const open = () => openImage(input);
  // What the bytes are, not what the file is called or declared as.
  if (!(await rasterFormat(input))) throw invalid(AVATAR_TEXT.notAnImage);
  const squared = (size: AvatarSize) =>
    open()
      .autoOrient()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      // sharp writes no EXIF, XMP, IPTC or ICC block unless asked to (withMetadata): none is asked for.
      .webp({ quality: 82 })
      .toBuffer();
  try {
    const [large, small] = await Promise.all([squared(256), squared(64)]);
    return { large, small, version: createHash('sha256').update(large).digest('hex').slice(0, 16) };
  } catch {
    // A header that reads as an image over a body that does not decode.
    throw invalid(AVATAR_TEXT.notAnImage);
  }
}

function activity(kind: MemberActivity['kind'], row: { id: string; title: string; category: string; subcategory: string; createdAt: Date; content?: string }): MemberActivity {
  return {
    _id: row.id, kind, title: row.title, excerpt: row.content === undefined ? '' : truncate(stripHtml(row.content), EXCERPT_LENGTH),
    category: row.category, subcategory: row.subcategory, createdAt: row.createdAt.toISOString(),
  };
}

export class MemberService {
  constructor(
    private readonly db: Db,
    private readonly apiBasePath: string,
  ) {}

  async profile(id: string): Promise<MemberProfile> {
    const row = await findProfile(this.db, id);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    const [posts, comments] = await Promise.all([recentPosts(this.db, row.id, RECENT_ACTIVITY), recentComments(this.db, row.id, RECENT_ACTIVITY)]);
    return {
      _id: row.id, name: displayName(row.firstName, row.lastName), firstName: row.firstName, lastName: row.lastName,
      profilePicture: row.profilePicture, headline: row.headline, profession: row.profession, organisation: row.organisation, bio: row.bio,
      memberSince: row.createdAt.toISOString(),
      posts: posts.map((post) => activity('post', post)),
      comments: comments.map((comment) => activity('comment', comment)),
    };
  }

  /** Up to eight members a name starting with the query may mean (mentions, ADR 150); blank asks for nobody. */
  async suggest(query: string): Promise<MentionSuggestion[]> {
    const words = query.replace(/^@/, '').replace(/\s+/g, ' ').trim();
    if (!words) return [];
    const rows = await suggestMembers(this.db, words, SUGGESTION_LIMIT);
    return rows.map((row) => ({ _id: row.id, name: displayName(row.firstName, row.lastName), profilePicture: row.profilePicture }));
  }

  /** Keeps a new picture and answers its URL (the 256 px one, which `profilePicture` holds). */
  async setAvatar(userId: string, upload: Buffer): Promise<string> {
    const avatar = await squareAvatar(upload);
    const url = avatarUrl(this.apiBasePath, userId, avatar.version, 256);
    await keepAvatar(this.db, userId, avatar, url);
    return url;
  }

  removeAvatar(userId: string): Promise<void> {
    return dropAvatar(this.db, userId);
  }

  async picture(userId: string, version: string, file: string): Promise<Uint8Array> {
    const picture = await findAvatar(this.db, userId, version, file === '64.webp' ? 'small' : 'large');
    if (!picture) throw notFound('Picture not found');
    return picture;
  }
}

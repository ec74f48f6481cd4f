/** Members as people (issue 35): profiles for signed-in members, the avatar upload and removal, the public pictures. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as members from '../../src/contract/members';
import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '../../src/domain/member';
import { singleFile } from '../http/multipart';
import { implement } from '../http/route';
import type { MemberService } from '../services/members';

/** A year: a picture's URL changes with the picture, so its bytes never do. */
const PICTURE_CACHE = 'public, max-age=31536000, immutable';

export async function memberRoutes(app: FastifyInstance, { service }: { service: MemberService }) {
  // Multipart is read by this plugin's routes only; one file, nothing else.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 } });

  // Not kept with the community's answers (a suspension does not drop them): each keystroke's read has a budget.
  implement(app, members.suggestMembers, async ({ query, request }) => {
    app.limits.checkRead('memberSuggest', request.ip);
    return { success: true, members: await service.suggest(query.q) } as const;
  });

  implement(app, members.getMember, async ({ params }) => ({ success: true, member: await service.profile(params.id) }) as const);

  // The picture is whatever the bytes decode as (services/members.ts), never what the file name or its type says.
  implement(app, members.uploadAvatar, async ({ request, user }) => {
    const { bytes } = await singleFile(request, AVATAR_TEXT);
    const profilePicture = await service.setAvatar(user.id, bytes);
    return { success: true, message: 'Profile picture updated', profilePicture } as const;
  }, { changes: 'community' });

  implement(app, members.removeAvatar, async ({ user }) => {
    await service.removeAvatar(user.id);
    return { success: true, message: 'Profile picture removed', profilePicture: '' } as const;
  }, { changes: 'community' });

  implement(app, members.avatarPicture, async ({ params, reply }) => {
    const picture = await service.picture(params.id, params.version, params.file);
    reply.header('content-type', 'image/webp').header('cache-control', PICTURE_CACHE);
    return Buffer.from(picture);
  });
}

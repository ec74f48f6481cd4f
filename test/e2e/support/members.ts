/** Members with a profile and a picture (issue 35), made through the API, for the members e2e and the screenshots. */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { TestUser } from './accounts';

/** A picture of no one: green and sand rings, drawn here, as a PNG. */
export function portrait(size = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="#1f6f4a"/><circle cx="50%" cy="42%" r="22%" fill="#f4efe6"/>
    <ellipse cx="50%" cy="100%" rx="38%" ry="30%" fill="#f4efe6"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

export async function setProfile(request: APIRequestContext, user: TestUser, fields: { headline?: string; profession?: string; organisation?: string; bio?: string }) {
  const res = await request.put('/api/auth/update-profile', { headers: auth(user), data: { firstName: user.firstName, lastName: user.lastName, address: '', ...fields } });
  if (!res.ok()) throw new Error(`update-profile answered ${res.status()}: ${await res.text()}`);
}

export async function uploadPicture(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/account/avatar', {
    headers: auth(user), multipart: { file: { name: 'portrait.png', mimeType: 'image/png', buffer: await portrait() } },
  });
  if (!res.ok()) throw new Error(`avatar answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { profilePicture: string }).profilePicture;
}

export async function idOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.get('/api/auth/profile', { headers: auth(user) });
  return ((await res.json()) as { user: { _id: string } }).user._id;
}

export async function createPost(request: APIRequestContext, user: TestUser, post: { title: string; content: string; category: string; subcategory: string }) {
  const res = await request.post('/api/discussions', { headers: auth(user), data: post });
  if (!res.ok()) throw new Error(`discussions answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { discussion: { _id: string } }).discussion._id;
}

/**
 * Makes a member one whose linked posts are no longer held (ADR 149): two linked posts, approved by a moderator, in a
 * corner of the community no other test reads.
 */
export async function trustedPoster(request: APIRequestContext, user: TestUser): Promise<void> {
  const { staffUser } = await import('./staff');
  const moderator = await staffUser(request, 'moderator', process.env.E2E_BASE_URL ?? '');
  for (const n of [1, 2]) {
    const id = await createPost(request, user, {
      title: `Open data on retrofit outcomes, part ${n}`,
      content: '<p>The <a href="https://www.gov.uk/government/collections/national-energy-efficiency-data-need-framework">NEED framework</a> publishes what retrofits achieved.</p>',
      category: 'partnerships-for-the-goals', subcategory: 'knowledge-sharing',
    });
    const approved = await request.post(`/api/staff/moderation/discussion/${id}`, { headers: auth(moderator), data: { action: 'keep' } });
    if (!approved.ok()) throw new Error(`approving a held post answered ${approved.status()}: ${await approved.text()}`);
  }
}

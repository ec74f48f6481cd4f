/**
 * Issue 35 on the client: the HTTP adapter's upload (multipart with the bearer token, the browser's own content type,
 * the 401 rule, the profile's cached answer dropped) against a real local server, and the profile rules of
 * src/domain/member.ts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryTokenStore, RecordingNavigator } from '../../src/application/testing/fakes';
import { EffectApiClient } from '../../src/adapters/http/effect-api-client';
import { profile } from '../../src/contract/auth';
import { uploadAvatar } from '../../src/contract/members';
import { hasProfile, initialsOfName, profileFieldOf, profileProblems, smallAvatarUrl } from '../../src/domain/member';

let server: Server;
let baseUrl: string;
let status = 200;
const hits: { method: string; url: string; type: string; authorization: string; body: string }[] = [];
const user = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', address: '', name: 'Ada Lovelace', email: 'a@example.org', profilePicture: '' };

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, type: req.headers['content-type'] ?? '', authorization: req.headers.authorization ?? '', body });
      res.writeHead(req.method === 'POST' ? status : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.method === 'POST'
        ? (status === 200 ? { success: true, message: 'Profile picture updated', profilePicture: '/api/members/u1/avatar/0123456789abcdef/256.webp' } : { success: false, message: 'file: Please choose a JPEG, PNG or WebP picture' })
        : { success: true, user }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('EffectApiClient.upload', () => {
  it('sends one multipart file field with the token and no JSON content type, and drops the cached profile', async () => {
    const navigator = new RecordingNavigator();
    const api = new EffectApiClient({ baseUrl, retryBaseMs: 5, cacheTtlMs: 60_000 }, new MemoryTokenStore('tok-1'), navigator);
    await api.call(profile);
    await api.call(profile);
    expect(hits.filter((h) => h.method === 'GET')).toHaveLength(1);
    const answer = await api.upload(uploadAvatar, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'me.png');
    expect(answer.profilePicture).toMatch(/256\.webp$/);
    const sent = hits.find((h) => h.method === 'POST')!;
    expect(sent).toMatchObject({ url: '/api/account/avatar', authorization: 'Bearer tok-1' });
    expect(sent.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('name="file"; filename="me.png"');
    await api.call(profile);
    expect(hits.filter((h) => h.method === 'GET')).toHaveLength(2);
  });

  it('passes a refusal on as the sentence, without the field name', async () => {
    status = 400;
    const api = new EffectApiClient({ baseUrl, retryBaseMs: 5, cacheTtlMs: 60_000 }, new MemoryTokenStore('tok-1'), new RecordingNavigator());
    await expect(api.upload(uploadAvatar, new Blob(['text']), 'a.png')).rejects.toMatchObject({ status: 400, message: 'Please choose a JPEG, PNG or WebP picture' });
    status = 200;
  });
});

describe('member rules', () => {
  it('says which field is wrong, and finds the field of a server refusal', () => {
    expect(profileProblems({ headline: 'h'.repeat(101), profession: 'Astronaut', organisation: 'o'.repeat(100), bio: 'b'.repeat(501) })).toEqual({
      headline: 'Headline must be at most 100 characters', profession: 'Please choose a profession from the list', bio: 'Bio must be at most 500 characters',
    });
    expect(profileProblems({ headline: '', profession: 'Architect', organisation: '', bio: 'b'.repeat(500) })).toEqual({});
    expect(profileFieldOf('Bio must be at most 500 characters')).toBe('bio');
    expect(profileFieldOf('Names must be at most 100 characters')).toBeNull();
  });

  it('draws initials from a shown name, links only bylines with an id that is not deleted, and finds the small picture', () => {
    expect(initialsOfName('Ada Lovelace')).toBe('AL');
    expect(initialsOfName('Mary Ann Evans')).toBe('ME');
    expect(initialsOfName('  ')).toBe('U');
    expect(hasProfile({ _id: 'u1', name: 'Ada' })).toBe(true);
    expect(hasProfile({ _id: '', name: 'Deleted member' })).toBe(false);
    expect(hasProfile({ _id: 'u1', name: 'Deleted member', deleted: true })).toBe(false);
    expect(smallAvatarUrl('/api/members/u1/avatar/abc/256.webp')).toBe('/api/members/u1/avatar/abc/64.webp');
  });
});

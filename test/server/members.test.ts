/**
 * Members as people over HTTP (issue 35): profiles for signed-in members only and never with an email, the avatar
 * upload (decoded, stripped of every metadata block, squared, WebP at 256 and 64 px), its refusals, the public
 * pictures, bylines carrying the author's id and picture, and the profile fields' limits.
 */
import { beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { users } from '../../server/data/schema';
import { updateProfile } from '../../src/contract/auth';
import { createComment } from '../../src/contract/comments';
import { createDiscussion, listDiscussions } from '../../src/contract/discussions';
import { getMember, removeAvatar, uploadAvatar } from '../../src/contract/members';
import { BIO_MAX } from '../../src/domain/member';
import { send, urlOf } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';

const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = `----sustainlearn${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(ctx: TestContext, who: Member, bytes: Buffer, filename = 'me.jpg', type = 'image/jpeg') {
  const body = multipart(bytes, filename, type);
  return ctx.app.inject({ method: 'POST', url: urlOf(uploadAvatar), payload: body.payload, headers: { ...body.headers, ...who.auth } });
}

/** A landscape JPEG (600 × 400, taken on its side: orientation 6) with GPS coordinates and a camera in its EXIF. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 120, b: 80 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCamera', Model: 'GPS-1', Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

describeWithApp('members and avatars', {}, (ctx) => {
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    ada = await member(ctx(), 'ada.members@example.com', 'Ada', 'Lovelace');
    bob = await member(ctx(), 'bob.members@example.com', 'Bob', 'Builder');
  });

  it('turns a JPEG with GPS EXIF into square WebP pictures of 256 and 64 px with no metadata at all', async () => {
    const photo = await photoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif?.length, 'the test photo carries EXIF').toBeGreaterThan(0);
    expect(before.exif!.toString('latin1')).toContain('TestCamera');

    const res = await upload(ctx(), ada, photo);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().profilePicture;
    expect(url).toMatch(new RegExp(`^/api/members/${ada.id}/avatar/[0-9a-f]{16}/256\\.webp$`));

    for (const [file, size] of [['256.webp', 256], ['64.webp', 64]] as const) {
      const picture = await ctx().app.inject({ method: 'GET', url: url.replace('256.webp', file) });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect(picture.headers['cache-control']).toContain('immutable');
      const meta = await sharp(picture.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(picture.rawPayload.includes(Buffer.from('TestCamera'))).toBe(false);
      expect(picture.rawPayload.includes(Buffer.from('EXIF'))).toBe(false);
    }
    // The profile points at it, and a picture of another version is not served.
    const me = await send(ctx(), getMember, { params: { id: ada.id }, token: bob.token });
    expect(me.json().member.profilePicture).toBe(url);
    expect((await ctx().app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{16}/, '0123456789abcdef') })).statusCode).toBe(404);
  });

  it('refuses a text file renamed .png, and an empty or broken picture, with 400', async () => {
    const text = Buffer.from('This is not a picture, only text pretending to be one.\n'.repeat(20));
    const res = await upload(ctx(), bob, text, 'holiday.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Please choose a JPEG, PNG or WebP picture' });
    // A real PNG's signature over a body cut short.
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload(ctx(), bob, png.subarray(0, 40), 'cut.png', 'image/png')).statusCode).toBe(400);
    // A GIF is an image, but not one of the kinds taken.
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(ctx(), bob, gif, 'a.jpg', 'image/jpeg')).statusCode).toBe(400);
    const row = await ctx().database.db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, bob.id));
    expect(row[0]!.picture).toBe('');
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 7);
    const res = await upload(ctx(), bob, big, 'big.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Pictures must be at most 5 MB');
  });

  it('takes PNG and WebP, and removes the picture with one call', async () => {
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: '#c0ffee' } }).png().toBuffer();
    const first = await upload(ctx(), bob, png, 'tall.png', 'image/png');
    expect(first.statusCode, first.body).toBe(200);
    const webp = await sharp({ create: { width: 90, height: 70, channels: 3, background: '#123456' } }).webp().toBuffer();
    const second = await upload(ctx(), bob, webp, 'small.webp', 'image/webp');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().profilePicture).not.toBe(first.json().profilePicture);
    const removed = await send(ctx(), removeAvatar, { token: bob.token });
    expect(removed.json()).toMatchObject({ success: true, profilePicture: '' });
    expect((await ctx().app.inject({ method: 'GET', url: second.json().profilePicture })).statusCode).toBe(404);
    expect((await send(ctx(), getMember, { params: { id: bob.id }, token: ada.token })).json().member.profilePicture).toBe('');
  });

  it("shows another member's name, headline, bio and recent posts and comments, never their email", async () => {
    const saved = await send(ctx(), updateProfile, {
      token: ada.token,
      body: { firstName: 'Ada', lastName: 'Lovelace', address: '', headline: 'Architect, London', profession: 'Architect', organisation: 'Analytical Works', bio: 'I design low-carbon schools.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await send(ctx(), createDiscussion, { token: ada.token, body: { title: 'Timber schools', content: '<p>Who has built one?</p>', ...TOPIC } });
    const postId = created.json().discussion._id;
    await send(ctx(), createComment, { token: ada.token, body: { discussionId: postId, content: '<p>We did, <b>in Leeds</b>.</p>' } });

    const res = await send(ctx(), getMember, { params: { id: ada.id }, token: bob.token });
    expect(res.statusCode).toBe(200);
    const profile = res.json().member;
    expect(profile).toMatchObject({
      _id: ada.id, name: 'Ada Lovelace', headline: 'Architect, London', profession: 'Architect', organisation: 'Analytical Works', bio: 'I design low-carbon schools.',
    });
    expect(profile.posts[0]).toMatchObject({ _id: postId, kind: 'post', title: 'Timber schools', ...TOPIC });
    expect(profile.comments[0]).toMatchObject({ kind: 'comment', title: 'Timber schools', excerpt: 'We did, in Leeds.' });
    expect(res.body).not.toContain(ada.email);
    expect(res.body).not.toContain('@');
    // Fields not sent stay as they are.
    await send(ctx(), updateProfile, { token: ada.token, body: { firstName: 'Ada', lastName: 'Lovelace', address: '' } });
    expect((await send(ctx(), getMember, { params: { id: ada.id }, token: bob.token })).json().member.headline).toBe('Architect, London');
  });

  it('answers 401 to a visitor and 404 for a deleted member or an unknown id', async () => {
    expect((await send(ctx(), getMember, { params: { id: ada.id } })).statusCode).toBe(401);
    expect((await send(ctx(), uploadAvatar, {})).statusCode).toBe(401);
    expect((await send(ctx(), getMember, { params: { id: '00000000-0000-4000-8000-000000000000' }, token: ada.token })).statusCode).toBe(404);
    expect((await send(ctx(), getMember, { params: { id: 'not-a-uuid' }, token: ada.token })).statusCode).toBe(404);
    const gone = await member(ctx(), 'gone.members@example.com', 'Gone', 'Member');
    await ctx().database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await send(ctx(), getMember, { params: { id: gone.id }, token: ada.token })).statusCode).toBe(404);
  });

  it("puts the author's id and picture on a byline, and never an email", async () => {
    const res = await upload(ctx(), ada, await photoWithGps());
    const picture = res.json().profilePicture;
    const list = await send(ctx(), listDiscussions, { token: bob.token, query: TOPIC });
    expect(list.statusCode).toBe(200);
    expect(list.json().discussions[0].createdBy).toEqual({ _id: ada.id, name: 'Ada Lovelace', profilePicture: picture });
    expect(list.body).not.toContain(ada.email);
    expect(list.body).not.toContain('@');
  });

  it('says which field is too long: a bio over 500 characters, a headline over 100', async () => {
    const base = { firstName: 'Ada', lastName: 'Lovelace', address: '' };
    const bio = await send(ctx(), updateProfile, { token: ada.token, body: { ...base, bio: 'b'.repeat(BIO_MAX + 1) } });
    expect(bio.statusCode).toBe(400);
    expect(bio.json().message).toBe('bio: Bio must be at most 500 characters');
    const headline = await send(ctx(), updateProfile, { token: ada.token, body: { ...base, headline: 'h'.repeat(101) } });
    expect(headline.json().message).toBe('headline: Headline must be at most 100 characters');
    const profession = await send(ctx(), updateProfile, { token: ada.token, body: { ...base }, rawBody: { ...base, profession: 'Astronaut' } });
    expect(profession.json().message).toBe('profession: Please choose a profession from the list');
    expect((await send(ctx(), updateProfile, { token: ada.token, body: { ...base, bio: 'b'.repeat(BIO_MAX) } })).statusCode).toBe(200);
  });
});

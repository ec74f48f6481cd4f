/**
 * Editors' uploads over HTTP (issue 38 item 3, ADR 158), on each database: the role matrix of the call; a JPEG with
 * GPS EXIF kept as WebP widths with no metadata, its srcset's files served publicly and kept a year; an SVG's script
 * and handlers gone; a text file named .pdf and an encrypted PDF refused; a real PDF's page texts kept for search; an
 * upload a save replaced is removed by the job runner after its grace period, one an item or a revision refers to kept.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { enqueueJob } from '../../server/data/jobs';
import { auditLog, filePages, files } from '../../server/data/schema';
import { UPLOAD_GRACE_MS, UPLOAD_SWEEP_JOB } from '../../server/services/upload-sweep';
import { createContent, publishContent, saveContent, uploadFile } from '../../src/contract/authoring';
import { UPLOAD_TEXT, uploadedSrcset } from '../../src/domain/uploads';
import { getUrl, send, urlOf } from './api';
import { multipart, pdf, upload } from './upload-helpers';
import { describeWithApp, } from './fixture';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

/** A 3400 × 1700 JPEG taken on its side (orientation 6) with a camera and GPS coordinates in its EXIF. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 3400, height: 1700, channels: 3, background: { r: 40, g: 120, b: 80 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCamera', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describeWithApp('staff: uploads', {}, (ctx) => {
  const people = staffPeople(ctx, 'up');
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f6f4a' } }).png().toBuffer();
  });

  // A body per request (its boundary in its header).
  roleMatrix(ctx, staffCallsOf({ uploadFile }), people, () => {
    const body = multipart(png, 'small.png', 'image/png');
    return { rawBody: body.payload, headers: body.headers } as never;
  });

  it('keeps a JPEG with GPS EXIF as WebP at 480, 960 and 1600 px wide, upright and with no metadata, served publicly for a year', async () => {
    const photo = await photoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif!.toString('latin1'), 'the test photo carries its camera and GPS').toContain('TestCamera');
    expect(before.orientation).toBe(6);

    const res = await upload(ctx(), people.editor, photo, 'site-visit.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, type: 'image', width: 1700, height: 3400 });
    const entries = (answer.srcset as string).split(', ').map((e) => e.split(' '));
    expect(entries.map(([, w]) => w)).toEqual(['480w', '960w', '1600w']);
    expect(answer.url).toBe(entries[2]![0]);
    // Pages offer the same widths from the URL alone (pictures in bodies and covers: picture-sources.ts).
    expect(uploadedSrcset(answer.url)).toBe(answer.srcset);
    for (const [url, w] of entries) {
      expect(url).toMatch(/^\/files\/uploads\/[0-9a-f]{24}-\d+\.webp$/);
      // Served to a visitor: an article's picture is public.
      const file = await getUrl(ctx(), url!);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Number.parseInt(w!, 10));
      // Turned upright: the portrait the camera took.
      expect(meta.height).toBe(meta.width! * 2);
      expect(meta.exif, 'no EXIF (so no GPS)').toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(file.rawPayload.toString('latin1')).not.toContain('TestCamera');
    }
    const [logged] = await ctx().database.db.select().from(auditLog).where(eq(auditLog.target, `file:${answer.url}`));
    expect(logged).toMatchObject({ action: 'file.uploaded', actorId: people.editor.id });
  });

  it('never enlarges a small picture: its own width is its one size', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ffffff80' } }).png().toBuffer();
    const res = await upload(ctx(), people.editor, small, 'small.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().srcset).toMatch(/^\/files\/uploads\/[0-9a-f]{24}-300\.webp 300w$/);
    expect(uploadedSrcset(res.json().url)).toBe(res.json().srcset);
  });

  it('keeps an SVG without its script, handlers and outside links, and serves it under a sandbox', async () => {
    const svg = Buffer.from(`<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" viewBox="0 0 120 60" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="120" height="60" fill="#1f6f4a" onclick="steal()"/>
  <a href="javascript:alert(2)"><text x="10" y="35" fill="#fff">Section</text></a>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://example.com"></iframe></foreignObject>
  <use xlink:href="https://example.com/sprite.svg#icon"/>
</svg>`);
    const res = await upload(ctx(), people.admin, svg, 'diagram.svg', 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'image', width: 120, height: 60 });
    const file = await getUrl(ctx(), res.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    const kept = file.body;
    for (const unsafe of ['<script', 'alert', 'onload', 'onclick', 'javascript:', 'foreignObject', 'iframe', 'example.com']) {
      expect(kept, unsafe).not.toContain(unsafe);
    }
    expect(kept).toContain('<rect');
    expect(kept).toContain('Section');
    // What is kept still draws.
    expect((await sharp(Buffer.from(kept)).metadata()).format).toBe('svg');
  });

  it('refuses a text file named .pdf, a file of another kind, and an encrypted PDF', async () => {
    const text = await upload(ctx(), people.editor, Buffer.from('Just some notes, not a PDF at all.\n'), 'report.pdf', 'application/pdf');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(UPLOAD_TEXT.notAPdf);

    const fake = await upload(ctx(), people.editor, Buffer.from('%PDF-1.7\nnothing else here'), 'broken.pdf', 'application/pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(UPLOAD_TEXT.notAPdf);

    const other = await upload(ctx(), people.editor, Buffer.from('GIF89a not really'), 'x.gif', 'image/gif');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(UPLOAD_TEXT.unsupported);

    const locked = await upload(ctx(), people.editor, await pdf(['Confidential retrofit costs'], 'secret'), 'locked.pdf', 'application/pdf');
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(UPLOAD_TEXT.encryptedPdf);

    const count = await ctx().database.db.select({ path: files.path }).from(files);
    expect(count.some((f) => f.path.endsWith('.pdf') && f.path.startsWith('/files/documents/'))).toBe(false);
  });

  it('keeps a real PDF for members, with the text of each page for search', async () => {
    const bytes = await pdf(['Embodied carbon in concrete frames', 'Whole life carbon assessment after RICS']);
    const res = await upload(ctx(), people.editor, bytes, 'carbon.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, type: 'pdf', pages: 2 });
    expect(answer.url).toMatch(/^\/files\/documents\/[0-9a-f]{24}\.pdf$/);
    const [row] = await ctx().database.db.select().from(filePages).where(eq(filePages.path, answer.url));
    expect(row!.pages).toEqual(['Embodied carbon in concrete frames', 'Whole life carbon assessment after RICS']);
    // A library document is for members, as the imported ones are.
    expect((await getUrl(ctx(), answer.url)).statusCode).toBe(401);
    const served = await getUrl(ctx(), answer.url, { token: people.member.token });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
  });

  it('answers 400 to a request without a file', async () => {
    const res = await ctx().app.inject({ method: 'POST', url: urlOf(uploadFile), payload: {}, headers: people.editor.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_TEXT.missing);
  });

  it('removes an upload a save replaced once its grace period is over, through the job runner, and keeps what an item or a revision refers to', async () => {
    const c = ctx();
    const token = people.editor.token;
    const pictureUrl = async (background: string) => {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer();
      const res = await upload(c, people.editor, bytes, 'picture.png', 'image/png');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().url as string;
    };
    const [replaced, kept, published, current] = [await pictureUrl('#aa3311'), await pictureUrl('#1133aa'), await pictureUrl('#33aa11'), await pictureUrl('#777777')];
    const article = (slug: string, imageUrl: string) => ({
      slug, title: 'Picture swap', category: 'carbon', description: 'An article whose cover is replaced.', authorId: null, readTime: null,
      imageUrl, featured: false, body: 'Upfront carbon is counted before a building is used.',
    });
    // A draft's cover replaced by a save: nothing refers to the first picture any more.
    const draft = (await send(c, createContent, { params: { kind: 'articles' }, body: { fields: article('swapped-cover', replaced) }, token })).json();
    expect((await send(c, saveContent, { params: { kind: 'articles', id: draft.id }, body: { version: 1, fields: article('swapped-cover', kept) }, token })).statusCode).toBe(200);
    // A published article's cover replaced: its revision still refers to the first (Restore may bring it back).
    const live = (await send(c, createContent, { params: { kind: 'articles' }, body: { fields: article('published-cover', published) }, token })).json();
    const item = { kind: 'articles' as const, id: live.id as string };
    const done = await send(c, publishContent, { params: item, body: { version: 1 }, token });
    expect((await send(c, saveContent, { params: item, body: { version: done.json().item.version, fields: article('published-cover', current) }, token })).statusCode).toBe(200);

    const sweep = async () => {
      await enqueueJob(c.database.db, { key: `${UPLOAD_SWEEP_JOB}:test-${c.clock.now}`, kind: UPLOAD_SWEEP_JOB, payload: {}, runAt: new Date(c.clock.now) });
      expect(await c.app.jobs.tick()).toBeGreaterThanOrEqual(1);
    };
    const served = async (url: string) => (await getUrl(c, url)).statusCode;
    await sweep();
    expect(await served(replaced)).toBe(200);

    c.clock.advance(UPLOAD_GRACE_MS + 60_000);
    await sweep();
    expect(await served(replaced)).toBe(404);
    expect(await c.database.db.select({ path: files.path }).from(files).where(eq(files.path, replaced))).toEqual([]);
    for (const url of [kept, published, current]) expect(await served(url)).toBe(200);
    const [entry] = await c.database.db.select().from(auditLog).where(eq(auditLog.action, 'files.removed'));
    expect((entry!.detail as { paths: string[] }).paths).toContain(replaced);
  });
});

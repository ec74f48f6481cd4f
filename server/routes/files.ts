/** Stored documents (PDFs) under /files/..., with content type, length, cache headers and byte ranges. */
import type { FastifyInstance } from 'fastify';
import { isMembersFile, safeReturnPath } from '../../src/domain/return-path';
import { UPLOAD_IMAGE_PREFIX } from '../../src/domain/uploads';
import { HttpError } from '../http/errors';
import { allowSameOriginFraming } from '../http/security-headers';
import type { SiteService } from '../services/site';

export async function fileRoutes(app: FastifyInstance, { site }: { site: SiteService }) {
  app.get('/files/*', async (request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!);
    } catch {
      throw new HttpError(400, 'The file path is not valid');
    }
    if (path.includes('\u0000') || path.length > 300) throw new HttpError(400, 'The file path is not valid');
    // A library document belongs to its page's audience, members (issue 41 item 3). A View link opens it in a new tab,
    // which sends the session cookie (same site); a visitor's page load goes to sign in and comes back.
    const membersOnly = isMembersFile(path);
    if (membersOnly) {
      const member = await app.authenticate(request, false, { orCookie: true });
      if (!member) {
        reply.header('cache-control', 'no-store').header('vary', 'cookie');
        const navigation = /\btext\/html\b/.test(request.headers.accept ?? '');
        if (navigation) return reply.redirect(`/login?from=${encodeURIComponent(safeReturnPath(path))}`, 302);
        throw new HttpError(401, 'Please sign in to open this document');
      }
    }
    const file = await site.file(path);
    // The footer shows the legal documents in a frame of the site's own pages.
    allowSameOriginFraming(reply);
    const body = Buffer.from(file.body);
    const etag = `"${file.size.toString(16)}-${file.createdAt.getTime().toString(16)}"`;
    // An upload's path is a hash of its bytes (ADR 158): they never change, so they are kept a year.
    const immutable = path.startsWith(UPLOAD_IMAGE_PREFIX);
    // An SVG opened on its own draws and does nothing else, should anything have passed the allowlist.
    if (file.contentType === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    reply
      .header('content-type', file.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', membersOnly ? 'private, max-age=86400' : immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
      .header('vary', 'cookie, authorization')
      .header('etag', etag)
      .header('content-disposition', `inline; filename="${path.split('/').pop()}"`);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = request.headers.range;
    if (range) {
      const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      let start = match?.[1] ? Number(match[1]) : Number.NaN;
      let end = match?.[2] ? Number(match[2]) : body.length - 1;
      if (match && !match[1] && match[2]) {
        start = Math.max(0, body.length - Number(match[2]));
        end = body.length - 1;
      }
      if (!match || Number.isNaN(start) || start > end || start >= body.length) {
        throw new HttpError(416, 'Range not satisfiable', { 'content-range': `bytes */${body.length}` });
      }
      end = Math.min(end, body.length - 1);
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${body.length}`)
        .header('content-length', String(end - start + 1))
        .send(body.subarray(start, end + 1));
    }
    return reply.header('content-length', String(body.length)).send(body);
  });
}

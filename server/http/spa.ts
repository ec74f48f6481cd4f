/**
 * The built SPA and the product's images: hashed assets cached for a year (sent pre-compressed), every client route
 * (GET and HEAD) rendered on the server when the page bundle is built (else index.html), and a JSON 404 for anything else.
 * Source maps are a JSON 404 too, unless SOURCE_MAPS=public (ADR 127).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PageAnswers } from './pages';

export async function registerSpa(
  app: FastifyInstance,
  options: { staticDir: string; mediaDir: string; apiBasePath: string; pages: PageAnswers | null; publicSourceMaps: boolean },
) {
  const { staticDir, mediaDir, apiBasePath, pages, publicSourceMaps } = options;
  if (existsSync(mediaDir)) {
    await app.register(fastifyStatic, { root: mediaDir, prefix: '/media/', decorateReply: false, maxAge: '7d' });
  }
  const hasSpa = existsSync(join(staticDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; they are sent as they are to clients that accept them.
      preCompressed: true,
      // The page bundle and its manifest are the server's own (ADR 100), not the browser's; so are the source maps,
      // unless SOURCE_MAPS=public (ADR 127).
      allowedPath: (path) => !path.startsWith('/ssr/') && (publicSourceMaps || !isSourceMap(path)),
      setHeaders(res, path) {
        res.header('cache-control', path.includes(`${join('static', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith(`${apiBasePath}/`) || url === apiBasePath;
    const page = request.method === 'GET' || request.method === 'HEAD';
    // A map that is not served, or not there, is not a page either.
    if (!isApi && hasSpa && page && !url.startsWith('/files/') && !url.startsWith('/media/') && !isSourceMap(url)) {
      if (pages) return pages.answer(request, reply);
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', staticDir);
    }
    return reply.status(404).send({ success: false, message: 'Not found' });
  });
  return hasSpa;
}

/** A source map's path (or URL): it ends in `.map` once decoded, whatever its case and query. */
function isSourceMap(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: the path as sent.
  }
  return decoded.toLowerCase().endsWith('.map');
}

/**
 * The built SPA and the product's images: hashed assets cached for a year (sent pre-compressed), index.html for every
 * client route (GET and HEAD), and a JSON 404 for anything else.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerSpa(app: FastifyInstance, options: { staticDir: string; mediaDir: string; apiBasePath: string }) {
  const { staticDir, mediaDir, apiBasePath } = options;
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
      setHeaders(res, path) {
        res.header('cache-control', path.includes(`${join('static', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith(`${apiBasePath}/`) || url === apiBasePath;
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && hasSpa && page && !url.startsWith('/files/') && !url.startsWith('/media/')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', staticDir);
    }
    return reply.status(404).send({ success: false, message: 'Not found' });
  });
  return hasSpa;
}

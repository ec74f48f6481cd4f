/** The Fastify app factory: tests build it without listening; main.ts listens. */
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { apiAnswers } from './http/answer-cache';
import { authPlugin } from './http/auth-plugin';
import { HttpError } from './http/errors';
import { ConsoleMailer } from './mail/console-mailer';
import type { Mailer } from './mail/mailer';
import { articleRoutes } from './routes/articles';
import { authRoutes } from './routes/auth';
import { commentRoutes } from './routes/comments';
import { discussionRoutes } from './routes/discussions';
import { feedbackRoutes } from './routes/feedback';
import { fileRoutes } from './routes/files';
import { homeRoutes } from './routes/home';
import { libraryRoutes } from './routes/library';
import { quizRoutes } from './routes/quizzes';
import { systemRoutes } from './routes/system';
import { OtpService } from './services/otp';
import { TokenService } from './services/tokens';
import { registerRateLimits } from './http/rate-limits';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  now?: () => number;
}

const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONTENT_DIR = join(rootDir, 'content');
declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const GENERIC_ERROR = 'Something went wrong. Please try again.';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.decorate('validateResponses', true);
  app.decorate('contentCacheSeconds', config.contentCacheSeconds);
  app.decorate('mailer', deps.mailer ?? new ConsoleMailer(app.log));
  const now = deps.now ?? Date.now;
  const tokens = new TokenService(config.jwtSecret, now);
  const { db } = database;

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).headers(error.headers).send({ success: false, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: GENERIC_ERROR });
  });

  // The client sends a JSON content type on every request (spec section 7), bodyless likes and deletes included:
  // an empty JSON body means "no body", not a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Body is not valid JSON'), undefined);
    }
  });

  await app.register(authPlugin, { db, tokens });
  await registerRateLimits(app, config.rateLimit);
  const otp = new OtpService(db, config.jwtSecret, now);

  await app.register(
    async (api) => {
      await api.register(apiAnswers, { now });
      await api.register(systemRoutes, { db, ping: database.ping });
      await api.register(homeRoutes, { db });
      await api.register(feedbackRoutes, { db });
      await api.register(authRoutes, { db, otp, tokens, publicUrl: config.publicUrl, rateLimit: config.rateLimit, now });
      await api.register(articleRoutes, { db });
      await api.register(libraryRoutes, { db });
      await api.register(quizRoutes, { db });
      await api.register(discussionRoutes, { db });
      await api.register(commentRoutes, { db });
    },
    { prefix: config.apiBasePath },
  );
  await app.register(fileRoutes, { db });

  const mediaDir = join(CONTENT_DIR, 'images');
  if (existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '7d',
    });
  }

  const indexHtml = join(config.staticDir, 'index.html');
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
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
    const isApi = url.startsWith(`${config.apiBasePath}/`) || url === config.apiBasePath;
    if (!isApi && hasSpa && request.method === 'GET' && !url.startsWith('/files/') && !url.startsWith('/media/')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', config.staticDir);
    }
    return reply.status(404).send({ success: false, message: 'Not found' });
  });

  return app;
}

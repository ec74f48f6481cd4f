/** The Fastify app factory: tests build it without listening; main.ts listens. */
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './data/client';
import { apiAnswers } from './http/answer-cache';
import { authPlugin } from './http/auth-plugin';
import { HttpError, sendError } from './http/errors';
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
import { AccountService } from './services/accounts';
import { CommentService } from './services/comments';
import { ContentService } from './services/content';
import { DiscussionService } from './services/discussions';
import { OtpService } from './services/otp';
import { QuizAttempts, quizUrls } from './services/quizzes';
import { SessionService } from './services/sessions';
import { SiteService } from './services/site';
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

  app.setErrorHandler(sendError);

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

  await app.register(authPlugin, { sessions: new SessionService(db, tokens) });
  await registerRateLimits(app, config.rateLimit);
  const otp = new OtpService(db, config.jwtSecret, now);
  const accounts = new AccountService({
    db, otp, tokens, mailer: app.mailer, publicUrl: config.publicUrl, now,
    onMailFailure: (error) => app.log.error({ err: error }, 'mail failed'),
  });
  const content = new ContentService(db);
  const site = new SiteService(db, now);
  const discussions = new DiscussionService(db);
  const comments = new CommentService(db, discussions);
  const attempts = new QuizAttempts(db, quizUrls(config.apiBasePath));

  await app.register(
    async (api) => {
      await api.register(apiAnswers, { now });
      await api.register(systemRoutes, { site, ping: database.ping });
      await api.register(homeRoutes, { content });
      await api.register(feedbackRoutes, { site });
      await api.register(authRoutes, { accounts, rateLimit: config.rateLimit });
      await api.register(articleRoutes, { content });
      await api.register(libraryRoutes, { content });
      await api.register(quizRoutes, { attempts });
      await api.register(discussionRoutes, { discussions });
      await api.register(commentRoutes, { comments });
    },
    { prefix: config.apiBasePath },
  );
  await app.register(fileRoutes, { site });

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

/** The Fastify app factory (the server's composition root): tests build it without listening; main.ts listens. */
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './data/client';
import { jwtSecretOf } from './data/secrets';
import { apiAnswers, communityMaxAgeMs } from './http/answer-cache';
import { authPlugin } from './http/auth-plugin';
import { DutyCycle } from './http/duty-cycle';
import { sendError } from './http/errors';
import { parseJsonBodies } from './http/json-body';
import { loggerOptions } from './http/logging';
import { requestIdGenerator } from './http/request-id';
import { registerRequestHooks } from './http/request-hooks';
import { RequestLog } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { ConsoleMailer } from './mail/console-mailer';
import type { Mailer } from './mail/mailer';
import { analyticsRoutes } from './routes/analytics';
import { articleRoutes } from './routes/articles';
import { accountSessionRoutes } from './routes/account-sessions';
import { authRoutes } from './routes/auth';
import { bookmarkRoutes } from './routes/bookmarks';
import { cpdRoutes } from './routes/cpd';
import { CpdService } from './services/cpd';
import { ArticleQuizService } from './services/article-quiz';
import { CpdCredit } from './services/cpd-credit';
import { commentRoutes } from './routes/comments';
import { discussionRoutes } from './routes/discussions';
import { feedbackRoutes } from './routes/feedback';
import { fileRoutes } from './routes/files';
import { homeRoutes } from './routes/home';
import { learningRoutes, wellKnownRoutes } from './routes/learning';
import { libraryRoutes } from './routes/library';
import { memberRoutes } from './routes/members';
import { quizRoutes } from './routes/quizzes';
import { searchRoutes } from './routes/search';
import { newsletterRoutes } from './routes/newsletter';
import { notificationRoutes } from './routes/notifications';
import { staffRoutes } from './routes/staff';
import { staffWorkshopRoutes } from './routes/staff-workshops';
import { uploadRoutes } from './routes/uploads';
import { staffCpdRoutes } from './routes/staff-cpd';
import { cpdVerificationRoutes } from './routes/cpd-verification';
import { authoringRoutes } from './routes/authoring';
import { authoringHandlers } from './services/authoring/handlers';
import { AUTHORING_PUBLISH_JOB, AuthoringService } from './services/authoring/service';
import { moderationRoutes } from './routes/moderation';
import { staffMemberRoutes } from './routes/staff-members';
import { systemRoutes } from './routes/system';
import { workshopRoutes } from './routes/workshops';
import { accountDataRoutes } from './routes/account-data';
import { AccountDataService } from './services/account-data';
import { AnalyticsService } from './services/analytics';
import { AccountEmailService } from './services/account-email';
import { AccountSessionService } from './services/account-sessions';
import { AccountService } from './services/accounts';
import { CertificateService } from './services/certificates';
import { BookmarkService } from './services/bookmarks';
import { CommentService } from './services/comments';
import { ContentService } from './services/content';
import { DiscussionService } from './services/discussions';
import { LearningService } from './services/learning';
import { LimitService } from './services/limits';
import { MemberService } from './services/members';
import { MentionService } from './services/mentions';
import { pruneExpired } from './services/maintenance';
import { OtpService } from './services/otp';
import { QuizAttempts, quizUrls } from './services/quizzes';
import { SessionService } from './services/sessions';
import { SiteService } from './services/site';
import { StaffService } from './services/staff';
import { ModerationService } from './services/moderation';
import { REGISTRANT_MESSAGE_JOB, StaffWorkshopService } from './services/staff-workshops';
import { UploadService } from './services/uploads';
import { SESSION_CHANGE_JOB, StaffSessionService } from './services/staff-sessions';
import { StaffCpdService } from './services/staff-cpd';
import { TranscriptVerification } from './services/cpd-verification';
import { StaffMemberService } from './services/staff-members';
import { JobRunner } from './services/jobs';
import { UPLOAD_SWEEP_JOB, UploadSweep } from './services/upload-sweep';
import { NEWSLETTER_JOB, NewsletterService } from './services/newsletter';
import { NOTIFICATION_DIGEST_JOB, NOTIFICATION_MAIL_JOB, NOTIFICATION_PUSH_JOB, NotificationService } from './services/notifications';
import { PushService, vapidKeysOf } from './services/push';
import { pushRoutes } from './routes/push';
import { NotificationMailService } from './services/notification-mail';
import { NotificationStreams } from './services/notification-stream';
import { jobQueueDepth } from './data/jobs';
import { Metrics } from './metrics/metrics';
import { type Tracing, TRACING_OFF } from './tracing/tracing';
import { MeteredMailer } from './metrics/metered-mailer';
import { SearchService } from './services/search';
import { TokenService } from './services/tokens';
import { PageAnswers, pageMaxAgeMs } from './http/pages';
import { loadPageBundle } from './render/page-bundle';
import { headFor } from './render/page-head';
import { seoRoutes } from './routes/seo';
import { revisionRoutes } from './routes/revisions';
import { RevisionService } from './services/revisions';
import { REMINDER_JOB, WorkshopService } from './services/workshops';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  now?: () => number;
  /** Traces (ADR 145): main.ts starts them from the configuration; tests pass an in-memory exporter's. */
  tracing?: Tracing;
}

const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONTENT_DIR = join(rootDir, 'content');

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Prometheus metrics (ADR 143), served on METRICS_PORT by main.ts. */
    metrics: Metrics;
    /** OpenTelemetry traces (ADR 145): TRACING_OFF unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
    tracing: Tracing;
    /** Set when the process is shutting down: answers then ask their client to close the connection. */
    shuttingDown: boolean;
    /** The job queue kept in the database (workshop reminders): tests run it with `tick()`. */
    jobs: JobRunner;
    /** The pages kept rendered (ADR 100): `changed()` after a write to content or the community. */
    renderedPages: { changed(): void };
    /** Tells this process's own keepers of content (the sitemap) that a write here changed it (ADR 157). */
    contentChangedHere(): void;
    /** Hears `contentChangedHere`. */
    onContentChangedHere(listener: () => void): void;
    /** The open notification streams (ADR 146): ended when the server shuts down. */
    notificationStreams: NotificationStreams;
  }
  interface FastifyRequest {
    /** The request's server span when tracing is on (ADR 145). */
    span: import('@opentelemetry/api').Span | null;
  }
}

/** How often expired tokens, counters and codes are deleted. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    // Fastify passes a hop count on to proxy-addr as it is; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    // One line per request, written by registerRequestLog, with the request id (ADR 136).
    logController: new RequestLog(config.apiBasePath),
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 256 * 1024,
    serverFactory: (handler) => {
      // A request that never finishes its headers or body, or a connection that goes silent, is ended (ADR 064).
      const server = createServer({ headersTimeout: 15_000, requestTimeout: 20_000, connectionsCheckingInterval: 1_000, keepAliveTimeout: 5_000 }, handler);
      server.setTimeout(30_000);
      return server;
    },
    // Shutdown is main.ts's: in-flight and newly arriving requests are answered, then connections close.
    return503OnClosing: false,
    forceCloseConnections: false,
  });
  const now = deps.now ?? Date.now;
  const { db } = database;
  const jwtSecret = await jwtSecretOf(config, database);
  const tokens = new TokenService(jwtSecret, now);

  app.decorate('validateResponses', true);
  app.decorate('contentCacheSeconds', config.contentCacheSeconds);
  const metrics = new Metrics({ pool: () => database.poolStats(), jobQueue: () => jobQueueDepth(db, new Date(now())) });
  database.timing.observer = (operation, seconds, failed) => metrics.query(operation, seconds, failed);
  app.decorate('metrics', metrics);
  const tracing = deps.tracing ?? TRACING_OFF;
  app.decorate('tracing', tracing);
  if (tracing.enabled) database.tracing.start = (operation) => tracing.startQuery(operation);
  app.decorate('mailer', new MeteredMailer(deps.mailer ?? new ConsoleMailer(), metrics));
  app.decorate('limits', new LimitService(db, now, config.rateLimit));
  // Searches not kept use at most a quarter of PGlite's one thread, one at a time, 16 waiting at most (ADR 125).
  app.decorate('expensiveReads', database.kind === 'pglite' ? new DutyCycle(1 / 4, 16) : null);
  app.decorate('changes', database.changes);
  // Pages rendered for nobody are kept until content or the community changes (ADR 100); set once the SPA is known.
  const renderedPages: { of: PageAnswers | null; changed(): void } = { of: null, changed: () => renderedPages.of?.changed() };
  app.decorate('renderedPages', renderedPages);
  const contentListeners: (() => void)[] = [];
  app.decorate('contentChangedHere', () => {
    for (const listener of contentListeners) listener();
  });
  app.decorate('onContentChangedHere', (listener: () => void) => {
    contentListeners.push(listener);
  });
  app.decorate('shuttingDown', false);
  app.setErrorHandler(sendError);
  const { queue } = database;
  registerRequestHooks(app, { metrics, tracing, queue });

  // The client sends a JSON content type on every request (spec section 7), bodyless likes and deletes included:
  // an empty JSON body means "no body", not a 400.
  app.removeContentTypeParser('application/json');
  parseJsonBodies(app);

  const indexHtml = join(config.staticDir, 'index.html');
  await registerSecurityHeaders(app, { indexHtml, secure: config.secure });
  await app.register(authPlugin, { sessions: new SessionService(db, tokens) });
  app.sessions.counted = metrics.cache('sessions');

  const otp = new OtpService(db, jwtSecret, now);
  const accounts = new AccountService({
    db, otp, tokens, mailer: app.mailer, publicUrl: config.publicUrl, now, limits: app.limits,
    onMailFailure: (error) => app.log.error({ err: error }, 'mail failed'),
  });
  const content = new ContentService(db);
  const site = new SiteService(db, now);
  const notifications = new NotificationService(db, now);
  const mentions = new MentionService(notifications);
  const discussions = new DiscussionService(db, notifications, mentions);
  const comments = new CommentService(db, discussions, notifications, mentions);
  const push = new PushService(db, {
    keys: await vapidKeysOf(db), subject: `mailto:${config.contact.email}`, productName: 'SustainLearn', publicUrl: config.publicUrl, extraOrigins: config.pushServiceOrigins, now,
  });
  const notificationMail = new NotificationMailService(db, app.mailer, { publicUrl: config.publicUrl, apiBasePath: config.apiBasePath, secret: jwtSecret, now });
  app.decorate('notificationStreams', new NotificationStreams(db, database.changes, (error) => app.log.error({ err: error }, 'notification stream failed')));
  const attempts = new QuizAttempts(db, quizUrls(config.apiBasePath));
  const certificates = new CertificateService(db, config.publicUrl, now);
  // Continuing-education credit (issue 39): written by a passed assessment and a marked attendance.
  const cpdCredit = new CpdCredit(config.provider.name);
  const learning = new LearningService(db, certificates, cpdCredit);
  const workshops = new WorkshopService(db, app.mailer, config.publicUrl, now, (error) => app.log.error({ err: error }, 'workshop mail failed'));
  // A sent issue joins the library's newsletters: the kept content answers (set once the API's cache is made) and pages go.
  let contentChanged = () => {};
  let searchChanged = () => {};
  /** Content changed outside a content import: this process drops its kept answers and pages, the others hear it. */
  const contentPublished = async () => {
    contentChanged();
    app.renderedPages.changed();
    await database.changes.publish('content');
  };
  const newsletter = new NewsletterService(db, app.mailer, {
    publicUrl: config.publicUrl, apiBasePath: config.apiBasePath, now,
    onMailFailure: (error) => app.log.error({ err: error }, 'newsletter mail failed'),
    onPublished: contentPublished,
  });
  const staffWorkshops = new StaffWorkshopService(db, workshops, app.mailer, { staffEmail: config.staffEmail, now, credit: cpdCredit });
  // A session moved or cancelled changes the workshops list on every process (issue 38).
  const staffSessions = new StaffSessionService(db, workshops, app.mailer, { now, onChanged: contentPublished });
  const transcripts = new TranscriptVerification(db, (error) => app.log.error({ err: error }, 'transcript check failed'));
  // Content published in the browser (ADR 157): the other processes hear it at the commit, this one drops its own.
  const authoring = new AuthoringService(db, authoringHandlers(join(CONTENT_DIR, 'images')), {
    now,
    // Search answers are kept with the community's (they hold posts too): both go.
    publishIn: async (tx) => {
      await database.changes.publishIn(tx, 'content');
      await database.changes.publishIn(tx, 'community');
    },
    changedHere: () => {
      contentChanged();
      searchChanged();
      app.renderedPages.changed();
      app.contentChangedHere();
    },
  });
  const uploadSweep = new UploadSweep(db, now);
  const jobs = new JobRunner(db, {
    [REMINDER_JOB]: (job) => workshops.sendReminder(job),
    [REGISTRANT_MESSAGE_JOB]: (job) => staffWorkshops.sendMessage(job),
    [SESSION_CHANGE_JOB]: (job) => staffSessions.sendChange(job),
    [NEWSLETTER_JOB]: (job) => newsletter.sendBatch(job),
    [NOTIFICATION_MAIL_JOB]: (job) => notificationMail.sendOne(job),
    [NOTIFICATION_DIGEST_JOB]: (job) => notificationMail.sendDigest(job),
    [NOTIFICATION_PUSH_JOB]: (job) => push.sendOne(job),
    [AUTHORING_PUBLISH_JOB]: (job) => authoring.runScheduled(job),
    [UPLOAD_SWEEP_JOB]: () => uploadSweep.run(),
  }, now, (error, job) =>
    app.log.error({ err: error, job: job?.kind }, 'a job failed'), {
    onRun: (kind, ok) => metrics.job(kind, ok),
    around: tracing.enabled ? (kind, work) => tracing.inSpan(`job ${kind}`, null, work) : undefined,
  });
  app.decorate('jobs', jobs);
  const staff = new StaffService(db, app.mailer, {
    staffEmail: config.staffEmail, publicUrl: config.publicUrl, now, onMailFailure: (error) => app.log.error({ err: error }, 'staff mail failed'),
  });
  app.decorate('staffGate', staff);
  const moderation = new ModerationService(db, notifications, { now }, mentions);
  app.decorate('silenceGate', moderation);

  await app.register(
    async (api) => {
      await api.register(apiAnswers, { now, communityMaxAgeMs: communityMaxAgeMs(database.kind) });
      contentChanged = () => api.contentAnswers.changed();
      searchChanged = () => api.communityAnswers.changed();
      api.contentAnswers.counted = metrics.cache('content');
      api.communityAnswers.counted = metrics.cache('community');
      // What another process's write made stale is dropped here too (ADR 061).
      database.changes.subscribe((topic) => {
        if (topic === 'community') api.communityAnswers.changed();
        else if (topic === 'content') api.contentAnswers.changed();
        else app.sessions.changed();
        if (topic !== 'sessions') app.renderedPages.changed();
      });
      await api.register(systemRoutes, {
        site, ping: database.ping, now,
        readiness: {
          changeBusUp: () => database.changes.connected(),
          jobs: () => (config.jobPollSeconds <= 0 ? 'off' : jobs.polling ? 'running' : 'stopped'),
        },
      });
      await api.register(homeRoutes, { content, contact: config.contact });
      await api.register(feedbackRoutes, { site });
      await api.register(authRoutes, { accounts });
      await api.register(accountSessionRoutes, {
        sessions: new AccountSessionService(db, now),
        emails: new AccountEmailService({ db, otp, mailer: app.mailer, publicUrl: config.publicUrl, onMailFailure: (error) => app.log.error({ err: error }, 'mail failed') }),
      });
      await api.register(articleRoutes, { content, quizzes: new ArticleQuizService(db, cpdCredit, now) });
      await api.register(libraryRoutes, { content });
      await api.register(quizRoutes, { attempts });
      await api.register(discussionRoutes, { discussions });
      await api.register(commentRoutes, { comments });
      await api.register(notificationRoutes, { service: notifications, mail: notificationMail, streams: app.notificationStreams });
      await api.register(pushRoutes, { service: push });
      await api.register(revisionRoutes, { revisions: new RevisionService(db) });
      await api.register(bookmarkRoutes, { bookmarks: new BookmarkService(db) });
      await api.register(cpdRoutes, { cpd: new CpdService(db, { now, publicUrl: config.publicUrl, apiBasePath: config.apiBasePath, provider: config.provider }) });
      await api.register(learningRoutes, { courses: learning, certificates });
      await api.register(workshopRoutes, { service: workshops });
      const analytics = new AnalyticsService(db, now, (error) => app.log.error({ err: error }, 'counting a search failed'));
      await api.register(searchRoutes, { service: new SearchService(db), analytics });
      await api.register(analyticsRoutes, { service: analytics });
      await api.register(staffRoutes, { staff });
      await api.register(newsletterRoutes, { service: newsletter });
      await api.register(staffWorkshopRoutes, { service: staffWorkshops, sessions: staffSessions });
      await api.register(cpdVerificationRoutes, { transcripts });
      // Reports to the bodies (issue 39 item 6). No provider number until a body gives one (PROVIDER_NUMBER).
      await api.register(staffCpdRoutes, { service: new StaffCpdService(db, { now, provider: { name: config.provider.name, number: config.provider.number ?? null } }) });
      await api.register(authoringRoutes, { service: authoring });
      await api.register(moderationRoutes, { service: moderation });
      await api.register(staffMemberRoutes, { members: new StaffMemberService(db, now) });
      await api.register(accountDataRoutes, { service: new AccountDataService({ db, otp, mailer: app.mailer, publicUrl: config.publicUrl, now, workshops, certificates, attempts, onError: (error) => app.log.error({ err: error }, 'account data failed') }) });
      await api.register(memberRoutes, { service: new MemberService(db, config.apiBasePath) });
      await api.register(uploadRoutes, { service: new UploadService(db) });
    },
    { prefix: config.apiBasePath },
  );
  await app.register(fileRoutes, { site });
  await app.register(wellKnownRoutes, { certificates });
  await app.register(seoRoutes, { content, publicUrl: config.publicUrl, apiBasePath: config.apiBasePath, now });
  const bundle = loadPageBundle(config.staticDir);
  const headOf = (url: URL) => headFor(url, { content, learning, certificates, workshops, discussions, transcripts, publicUrl: config.publicUrl });
  const pages = bundle ? new PageAnswers(app, bundle, headOf, {
    publicUrl: config.publicUrl, maxAgeMs: pageMaxAgeMs(database.kind, config.contentCacheSeconds), now,
    guards: { visitorPage: (address) => app.limits.checkRead('visitorPage', address), admit: () => queue?.admit() },
  }) : null;
  renderedPages.of = pages;
  pages?.countLookups(metrics.cache('pages'));
  await registerSpa(app, {
    staticDir: config.staticDir, mediaDir: join(CONTENT_DIR, 'images'), apiBasePath: config.apiBasePath, pages, publicSourceMaps: config.publicSourceMaps,
  });

  // Hourly: expired rows go, and the workshops' rolling window of sessions is filled.
  const prune = () =>
    Promise.all([
      pruneExpired(db, new Date(now())).catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired rows failed')),
      workshops.fillWindow().catch((error: unknown) => app.log.warn({ err: error }, 'making workshop sessions failed')),
      uploadSweep.schedule().catch((error: unknown) => app.log.warn({ err: error }, 'asking for the upload sweep failed')),
    ]);
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();
  app.addHook('onReady', async () => {
    await app.notificationStreams.start();
    void prune();
    // Once the server is up: the first page drawn loads the bundle, which should not slow the start itself.
    if (pages) setTimeout(() => void pages.warm(), 2000).unref();
    if (config.jobPollSeconds > 0) jobs.start(config.jobPollSeconds * 1000);
  });
  // Open streams would hold the server's close: they end first, and the browsers reconnect elsewhere.
  app.addHook('preClose', async () => app.notificationStreams.endAll());
  app.addHook('onClose', async () => {
    clearInterval(pruning);
    await jobs.stop();
  });
  return app;
}

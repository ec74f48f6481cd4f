/** Starts the server: config, database (migrated and seeded when empty), mailer, app, and a graceful shutdown. */
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, CONTENT_DIR } from './app';
import { ConfigError, databaseOptionsOf, loadConfig } from './config';
import { loadDemoCommunity } from './content-import/demo';
import { seedIfEmpty, seedSearchIfMissing, seedWorkshopsIfMissing } from './content-import/import';
import { refreshLegalDocuments } from './content-import/legal';
import { ContentError } from './content-import/module';
import { type Database, openDatabase } from './data/client';
import { keepDataDirPrivate } from './data/data-dir';
import { loggerOptions } from './http/logging';
import { ConsoleMailer } from './mail/console-mailer';
import { SmtpMailer } from './mail/smtp-mailer';
import { type MetricsListener, serveMetrics } from './metrics/serve';
import { type AdminSocket, serveBackups } from './backup/admin-socket';
import { startTracing } from './tracing/tracing';

/** Keep-alive clients get this long to send their next request, which is answered with `Connection: close`. */
const DRAIN_GRACE_MS = 1_000;
/** Past this, the process exits even if a connection is still open. */
const SHUTDOWN_LIMIT_MS = 4_500;

/**
 * SIGTERM or SIGINT (ADR 064): stop accepting connections at once; answer what is in flight and what arrives on open
 * keep-alive connections during the grace period, each with `Connection: close`; then close the idle connections,
 * wait for the busy ones to finish, and close the app, the mailer and the database. Exit 0.
 */
async function shutdown(app: FastifyInstance, database: Database, listeners: ({ close(): Promise<void> } | null)[], signal: string): Promise<void> {
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const limit = setTimeout(() => {
    app.log.error('shutdown took too long; exiting with connections still open');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  limit.unref();
  app.shuttingDown = true;
  app.notificationStreams.endAll();
  const server = app.server;
  const drained = new Promise<void>((resolve) => server.once('close', () => resolve()));
  // net.Server's close stops accepting without touching open connections (http.Server's also drops the idle ones,
  // which resets a request a keep-alive client is sending at that moment).
  NetServer.prototype.close.call(server);
  await new Promise((r) => setTimeout(r, DRAIN_GRACE_MS));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  await drained;
  clearInterval(sweep);
  await app.close();
  for (const listener of listeners) await listener?.close();
  // The spans of the last requests reach the collector before the process goes.
  await app.tracing.shutdown();
  await app.mailer.close?.();
  await database.close();
  process.exit(0);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // Before PGlite opens a file: DATA_DIR and all it holds are the server's alone (ADR 126).
    if (!config.databaseUrl) keepDataDirPrivate(config.dataDir);
  } catch (error) {
    // A bad variable, or a DATA_DIR that cannot be kept private (DataDirError): one line, exit 1.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(databaseOptionsOf(config));
  // Several processes starting on one empty database seed it once.
  const seeded = await database.exclusively(async () => {
    const first = await seedIfEmpty(database.db, CONTENT_DIR);
    if (!first) {
      await seedWorkshopsIfMissing(database.db, CONTENT_DIR);
      await seedSearchIfMissing(database.db);
    }
    // The legal PDFs name the contact details of the settings (issue 41 item 12): drawn again when those changed.
    await refreshLegalDocuments(database.db, CONTENT_DIR, config.contact);
    return first;
  });
  if (config.demoCommunity) {
    try {
      const added = await database.exclusively(() => loadDemoCommunity(database.db, CONTENT_DIR));
      console.log(`Demo community: ${added.members} members, ${added.posts} posts, ${added.comments} comments and ${added.likes} likes added (rows already there are kept).`);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  // A person at a terminal reads pretty lines, and the console mailer's codes stand out (issue 40); a pipe gets JSON.
  const terminal = Boolean(process.stdout.isTTY) && process.env.LOG_FORMAT !== 'json';
  const tracing = await startTracing({ endpoint: config.otelEndpoint, serviceName: config.otelServiceName });
  const app = await buildApp({
    config, database, tracing, logger: loggerOptions(config.logLevel, terminal),
    mailer: config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new ConsoleMailer(undefined, terminal),
  });
  app.log.info({ database: database.kind, seeded }, 'database ready');

  let stopping = false;
  let metricsListener: MetricsListener | null = null;
  let adminSocket: AdminSocket | null = null;
  const stop = (signal: string) => {
    // A second signal (npm and the shell may both pass one on) changes nothing.
    if (stopping) return;
    stopping = true;
    shutdown(app, database, [metricsListener, adminSocket], signal).catch((error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // PGlite: `npm run backup` asks this process for its dump (ADR 144).
  if (database.dump) {
    const dump = database.dump;
    adminSocket = await serveBackups(config.dataDir, dump, (error) => app.log.error({ err: error }, 'backup failed'));
  }
  if (config.metricsPort !== undefined) {
    metricsListener = await serveMetrics(app.metrics, config.metricsHost, config.metricsPort);
    app.log.info({ host: config.metricsHost, port: metricsListener.port }, 'metrics listening');
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** Starts the server: config, database (migrated and seeded when empty), mailer, app, graceful shutdown. */
import { buildApp, CONTENT_DIR } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './data/client';
import { seedIfEmpty } from './content-import/import';
import { SmtpMailer } from './mail/smtp-mailer';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await seedIfEmpty(database.db, CONTENT_DIR);
  const app = await buildApp({ config, database, ...(config.smtpUrl ? { mailer: new SmtpMailer(config.smtpUrl, config.mailFrom) } : {}) });
  app.log.info({ database: database.kind, seeded }, 'database ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await app.mailer.close?.();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

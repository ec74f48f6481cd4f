// `npm run backup -- FILE`: a consistent backup of the configured database (DATABASE_URL: pg_dump; else the PGlite in
// DATA_DIR, asked of the running server or read from a stopped one's folder). `npm run restore -- FILE` loads it into
// an empty database. ADR 144; docs/deploy.md says where to keep the file (it holds every member's data and the secrets).
import { ConfigError, loadConfig } from '../server/config';
import { BackupError, backupTo, restoreFrom } from '../server/backup/backup';
import { keepDataDirPrivate } from '../server/data/data-dir';

export async function runBackupCommand(command: 'backup' | 'restore', args: string[], out: (line: string) => void, err: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [file] = args;
  if (!file || args.length !== 1) {
    err(`Usage: npm run ${command} -- FILE`);
    return 2;
  }
  try {
    const config = loadConfig(env);
    const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
    if (command === 'backup') {
      const how = await backupTo(file, target);
      out(`Backup written to ${file} (${how === 'pg_dump' ? 'PostgreSQL, pg_dump custom format' : how === 'server' ? 'PGlite, from the running server' : 'PGlite, from the stopped server\'s folder'}).`);
    } else {
      if (!config.databaseUrl) keepDataDirPrivate(config.dataDir);
      await restoreFrom(file, target);
      out(`Restored ${file} into ${config.databaseUrl ? 'the database in DATABASE_URL' : `DATA_DIR=${config.dataDir}`}. Start the server to use it.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') process.exitCode = await runBackupCommand(command, args, console.log, console.error);
  else {
    console.error('Usage: npm run backup -- FILE | npm run restore -- FILE');
    process.exitCode = 2;
  }
}

// `npm run content:import -- <folder>`: loads a folder of content files into the configured database (DATABASE_URL, or
// the embedded PGlite in DATA_DIR). Every file is validated first; a bad file is named with its field and nothing is
// written. Importing the same folder again changes nothing. See docs/content-format.md.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, databaseOptionsOf, loadConfig } from '../server/config';
import { openDatabase } from '../server/data/client';
import { keepDataDirPrivate } from '../server/data/data-dir';
import { importContent } from '../server/content-import/import';
import { ContentError } from '../server/content-import/module';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const folderArg = args.find((a) => a !== '--force');
  if (!folderArg || folderArg === '--help') {
    console.error('Usage: npm run content:import -- <folder> [--force]   (see docs/content-format.md; --force overwrites edits made in the browser)');
    return 2;
  }
  const folder = resolve(folderArg);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    console.error(`Content import failed: ${folder} is not a folder`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // Before PGlite opens a file, as the server does (ADR 126).
    if (!config.databaseUrl) keepDataDirPrivate(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    const { modules, kept } = await importContent(database.db, folder, new Date(), undefined, { force });
    for (const line of kept) console.warn(`Kept: ${line}`);
    // Servers running on the same PostgreSQL drop their kept content answers now, not when those age out.
    await database.changes.publish('content');
    console.log(`Imported ${folder} into the ${database.kind} database (${modules.join(', ')}).`);
    return 0;
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(`Content import failed, nothing was changed: ${error.message}`);
      return 1;
    }
    console.error('Content import failed, nothing was changed:', error);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

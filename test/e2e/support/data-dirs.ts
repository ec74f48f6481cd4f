/**
 * PGlite data folders for the end-to-end servers. A server's first start seeds the product's content, which takes
 * seconds; the global setup does it once, into a folder every server of the run starts from a copy of.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_DIR } from '../../../server/app';
import { seedIfEmpty } from '../../../server/content-import/import';
import { openDatabase } from '../../../server/data/client';
import { keepDataDirPrivate } from '../../../server/data/data-dir';
import { seedCpd } from './cpd';
import { seedStaff } from './staff';

/** A data folder migrated and seeded as a server's first start leaves it, with one staff member per role (staff.ts). */
export async function makeSeededDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sustainlearn-e2e-seeded-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    try {
      await seedIfEmpty(database.db, CONTENT_DIR);
      await seedStaff(database.db);
      await seedCpd(database.db);
    } finally {
      await database.close();
    }
    // Private as a server leaves its folder (ADR 126), so its copies are too; this process keeps its own umask.
    const umask = process.umask(0o077);
    try {
      keepDataDirPrivate(dir, () => undefined);
    } finally {
      process.umask(umask);
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * A fresh copy of the run's seeded data folder (the global setup names it in E2E_SEEDED_DATA_DIR), or an empty folder
 * without one.
 */
export function seededDataDirCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sustainlearn-e2e-'));
  const seeded = process.env.E2E_SEEDED_DATA_DIR;
  if (seeded) cpSync(seeded, dir, { recursive: true });
  return dir;
}

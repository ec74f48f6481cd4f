/**
 * DATA_DIR is the server's alone (ADR 126): the process's umask makes every file PGlite writes private from birth, and
 * at each start the folder, the folders the server makes above it and everything in it lose any access for group and
 * others (folders 0700, files 0600). A path that cannot be tightened stops the start with one line naming it.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../config';

/** A DATA_DIR the server cannot keep to itself: refused at start like a bad variable. */
export class DataDirError extends ConfigError {}

const PRIVATE_UMASK = 0o077;
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
const OPEN_TO_OTHERS = 0o077;

const octal = (mode: number) => `0${(mode & 0o777).toString(8).padStart(3, '0')}`;

/**
 * Sets the umask, makes DATA_DIR when missing and tightens what is open to others; `warn` hears one line when any
 * path was tightened. Throws DataDirError naming the path that is open to others and cannot be tightened.
 * Call it before the database opens its files, in every process that writes DATA_DIR.
 */
export function keepDataDirPrivate(dataDir: string, warn: (line: string) => void = console.warn): void {
  const root = resolve(dataDir);
  const uid = process.getuid?.();
  process.umask(PRIVATE_UMASK);
  const refuse = (path: string, why: string) => new DataDirError(`Invalid configuration: DATA_DIR=${JSON.stringify(dataDir)}: ${path} ${why}`);
  const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

  let firstMade: string | undefined;
  try {
    firstMade = mkdirSync(root, { recursive: true, mode: FOLDER_MODE });
  } catch (error) {
    throw refuse(root, `cannot be made (${codeOf(error)})`);
  }
  // Modes and owners mean nothing on Windows.
  if (uid === undefined) return;

  let tightened = 0;
  const tighten = (path: string, stats: Stats) => {
    if ((stats.mode & OPEN_TO_OTHERS) === 0) return;
    if (stats.uid !== uid) {
      throw refuse(path, `is open to other users (mode ${octal(stats.mode)}) and cannot be made private: it belongs to uid ${stats.uid}, not to this server's uid ${uid}`);
    }
    try {
      chmodSync(path, stats.isDirectory() ? FOLDER_MODE : FILE_MODE);
    } catch (error) {
      throw refuse(path, `is open to other users (mode ${octal(stats.mode)}) and cannot be made private (${codeOf(error)})`);
    }
    tightened += 1;
  };

  // The folders made above DATA_DIR just now (mkdir -p): born 0700 under the umask, checked all the same.
  if (firstMade) {
    for (let folder = dirname(root); folder.length >= firstMade.length && folder !== dirname(folder); folder = dirname(folder)) {
      tighten(folder, statSync(folder));
    }
  }
  // DATA_DIR itself may be a link the operator chose; links inside it are not followed.
  const walk = (path: string, stats: Stats) => {
    tighten(path, stats);
    if (!stats.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch (error) {
      throw refuse(path, `cannot be read (${codeOf(error)})`);
    }
    for (const name of names) {
      const child = join(path, name);
      const childStats = lstatSync(child);
      if (!childStats.isSymbolicLink()) walk(child, childStats);
    }
  };
  walk(root, statSync(root));
  if (tightened > 0) warn(`DATA_DIR ${root}: ${tightened} paths were open to other users and are now the server's alone (folders 0700, files 0600)`);
}

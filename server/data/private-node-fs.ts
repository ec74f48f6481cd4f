/**
 * PGlite's files on disk, private from birth (ADR 126). Emscripten's file system makes a file, then sets the mode
 * Postgres asked for (less Emscripten's own umask, 022) with an explicit chmod, which the process's umask does not
 * reach: under umask 077 PGlite 0.5 still wrote its files 0666 and 0644. This NodeFS drops the group and other bits
 * from every mode it sets on disk. Folders are made with mkdir, which the process's umask does reach.
 */
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Init = NodeFS['init'];
/** Emscripten's NODEFS.doSetAttr(target, node, attr, chmod, …): the one place a mode reaches the disk (chmod, fchmod). */
type DoSetAttr = (target: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;

const OPEN_TO_OTHERS = 0o077;

export class PrivateNodeFS extends NodeFS {
  override async init(...args: Parameters<Init>): ReturnType<Init> {
    const { emscriptenOpts } = await super.init(...args);
    const keepModesPrivate = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as { doSetAttr?: DoSetAttr };
      const doSetAttr = nodefs.doSetAttr;
      // A PGlite whose Emscripten names it otherwise stops here rather than writing open files unnoticed.
      if (typeof doSetAttr !== 'function') throw new Error('PGlite: NODEFS.doSetAttr not found; cannot keep DATA_DIR files private');
      nodefs.doSetAttr = function (target, node, attr, ...rest) {
        const mode = attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~OPEN_TO_OTHERS };
        return doSetAttr.call(this, target, node, mode, ...rest);
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [keepModesPrivate, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

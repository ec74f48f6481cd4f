/** One kind of seed content: read and validate a folder first, then write inside the import transaction. */
import type { z } from 'zod';
import type { Tx } from '../data/client';

export type { Tx };

export class ContentError extends Error {}

export interface Reporter {
  /** Parses JSON text with a schema; a failure names the file and the field. */
  parse<S extends z.ZodType>(file: string, schema: S, text: string): z.output<S>;
  check<S extends z.ZodType>(file: string, schema: S, value: unknown): z.output<S>;
}

export interface WriteHelpers {
  sanitize(html: string): string;
  now: Date;
  /** Overwrite items edited in the browser since the last import (`--force`, issue 38 item 8). */
  force?: boolean;
  /** Says what the import left alone, by file and field. */
  warn?(line: string): void;
}

export interface ContentModule<T> {
  name: string;
  read(folder: string, report: Reporter): Promise<T>;
  write(tx: Tx, data: T, helpers: WriteHelpers): Promise<void>;
}

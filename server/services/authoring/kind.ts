/**
 * What the generic authoring service (service.ts) asks of each kind of content (ADR 157): its fields' schema, its key
 * and title, how publishing writes (and unpublishing removes) its live row and search entries, its public page and the
 * data that page draws for a preview. A kind without a handler answers 404 on every call.
 */
import type { z } from 'zod';
import type { AuthoringKind } from '../../../src/domain/authoring';
import type { Db, Tx } from '../../data/client';

export interface PublishContext {
  /** The live row's id: an earlier publish's (or the import's), else the item's own, so its page keeps one address. */
  liveId: string;
  now: Date;
  /** When the item was first published (kept on a later save of a published item). */
  firstPublishedAt: Date | null;
}

export interface KindHandler<F extends Record<string, unknown> = Record<string, unknown>> {
  kind: AuthoringKind;
  schema: z.ZodType<F, unknown>;
  /** The item's key in its kind (a slug), unique: how the import finds it again. */
  keyOf(fields: F): string;
  /** The field a taken key is reported on (default `slug`), and what it says (ADR 167). */
  keyField?: string;
  keyTaken?: string;
  titleOf(fields: F): string;
  /** Fields a new draft starts from, before the editor's own. */
  blank(): Partial<F>;
  /** Checks what the schema cannot (a member who may sign): field name to message. */
  check?(db: Db | Tx, fields: F): Promise<Record<string, string>>;
  /**
   * What would keep these fields from being published (field name to message), checked without writing: a schedule is
   * refused for it at once, not left to fail when its time comes. `publish` checks the same.
   */
  publishable?(db: Db | Tx, fields: F, liveId: string): Promise<Record<string, string>>;
  /** Writes the live row and its search entries in the publishing transaction; answers the live row's id. */
  publish(tx: Tx, fields: F, context: PublishContext): Promise<string>;
  /** Takes the live row and its search entries away, in the unpublishing transaction. */
  unpublish(tx: Tx, liveId: string): Promise<void>;
  /** The public page of the live row. */
  publicUrl(liveId: string): string;
  /** What the kind's public page draws, from fields not yet published. */
  preview(db: Db, fields: F, id: string, now: Date): Promise<Record<string, unknown>>;
}

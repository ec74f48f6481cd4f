/**
 * Authoring (issue 38, ADR 157): one service over every kind, each kind's specifics in its KindHandler. Saves carry the
 * version they started from (checked in the UPDATE); a published item's save, publish, unpublish and restore write the
 * live row, the search index and the change notice in one transaction, keep a revision and (but a save) an audit entry.
 */
import type { AuthoringItem, Revision } from '../../../src/contract/authoring';
import type { AuthoringKind, AuthoringStatus } from '../../../src/domain/authoring';
import { EDITORIAL_TEAM, firstProblems } from '../../../src/domain/authoring';
import { displayName } from '../../../src/domain/user';
import {
  authorsWhoMaySign, type ContentItemRow, findItem, findRevision, type ItemChange, insertItem, insertRevision, latestRevision, listItems,
  namesOf, revisionsOf, takeSchedule, updateAtVersion,
} from '../../data/authoring';
import type { Db, Tx } from '../../data/client';
import { enqueueJob, type JobRow } from '../../data/jobs';
import { pgErrorCode } from '../../data/pg-errors';
import { appendAudit } from '../../data/staff';
import { DomainError, invalid, notFound } from '../errors';
import { fieldsDiff } from '../../data/fields-diff';
import type { KindHandler } from './kind';

export const AUTHORING_PUBLISH_JOB = 'authoring-publish';
export const ITEM_NOT_FOUND = 'Content not found';
export const CHECK_FIELDS = 'Some fields need attention';

type Fields = Record<string, unknown>;

export interface AuthoringOptions {
  now: () => number;
  /** Sends the `content` change to the other processes inside the transaction (heard at its commit). */
  publishIn(tx: Tx): Promise<void>;
  /** Drops this process's kept content answers, pages and sitemap, once a transaction that changed content committed. */
  changedHere(): void;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const nameOf = (names: Map<string, { firstName: string; lastName: string }>, id: string | null) => {
  const person = id ? names.get(id) : undefined;
  return person ? displayName(person.firstName, person.lastName) : EDITORIAL_TEAM;
};
/** A key (a slug) another item of the kind, or another live row, already has: reported on the handler's key field. */
const keyTaken = (handler: KindHandler) =>
  new DomainError('invalid', CHECK_FIELDS, undefined, { fieldErrors: { [handler.keyField ?? 'slug']: handler.keyTaken ?? 'Another item already uses this slug' } });
const whenText = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export class AuthoringService {
  readonly #handlers: Map<string, KindHandler>;

  constructor(private readonly db: Db, handlers: KindHandler[], private readonly options: AuthoringOptions) {
    this.#handlers = new Map(handlers.map((h) => [h.kind, h]));
  }

  #handler(kind: AuthoringKind): KindHandler {
    const handler = this.#handlers.get(kind);
    if (!handler) throw notFound('This kind of content is not edited in the browser yet');
    return handler;
  }

  async #toItem(row: ContentItemRow, handler: KindHandler): Promise<AuthoringItem> {
    const names = await namesOf(this.db, row.updatedBy ? [row.updatedBy] : []);
    return this.#item(row, handler, names);
  }

  #item(row: ContentItemRow, handler: KindHandler, names: Map<string, { firstName: string; lastName: string }>): AuthoringItem {
    const published = row.status === 'published' && row.liveId;
    return {
      id: row.id, kind: row.kind as AuthoringKind, title: String(row.fields.title ?? row.fields.text ?? row.key), status: row.status as AuthoringStatus,
      version: row.version, updatedAt: row.updatedAt.toISOString(), updatedByName: nameOf(names, row.updatedBy), scheduledAt: iso(row.scheduledAt),
      publicUrl: published ? handler.publicUrl(row.liveId!) : null, fields: row.fields, publishedAt: iso(row.publishedAt),
      previewUrl: `/staff/content/${row.kind}/${row.id}/preview`,
    };
  }

  /** The kind's schema and checks over `fields`: the parsed fields, or a 400 naming each field's first problem. */
  async #valid(handler: KindHandler, fields: Fields, db: Db | Tx = this.db): Promise<Fields> {
    const parsed = handler.schema.safeParse({ ...handler.blank(), ...fields });
    const fieldErrors = parsed.success ? ((await handler.check?.(db, parsed.data)) ?? {}) : firstProblems(parsed.error.issues);
    if (Object.keys(fieldErrors).length) throw new DomainError('invalid', CHECK_FIELDS, undefined, { fieldErrors });
    return parsed.data as Fields;
  }

  async #found(kind: AuthoringKind, id: string, db: Db | Tx = this.db): Promise<ContentItemRow> {
    const row = await findItem(db, kind, id);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    return row;
  }

  /** The 409 of a stale save: who changed it and when, what is there now, and what was sent. */
  async #conflict(kind: AuthoringKind, id: string, handler: KindHandler, yours: Fields): Promise<never> {
    const current = await this.#found(kind, id);
    const item = await this.#toItem(current, handler);
    throw new DomainError('conflict', `Changed by ${item.updatedByName} at ${whenText(current.updatedAt)}`, undefined, { current: item, yours });
  }

  async list(kind: AuthoringKind, filter: { q?: string | undefined; status?: AuthoringStatus | undefined }) {
    const handler = this.#handler(kind);
    const rows = await listItems(this.db, kind, filter);
    const names = await namesOf(this.db, rows.flatMap((r) => (r.updatedBy ? [r.updatedBy] : [])));
    return rows.map((row) => {
      const { fields: _fields, publishedAt: _publishedAt, previewUrl: _previewUrl, ...listed } = this.#item(row, handler, names);
      return listed;
    });
  }

  async authors() {
    return (await authorsWhoMaySign(this.db)).map((a) => ({ id: a.id, name: displayName(a.firstName, a.lastName) }));
  }

  async create(userId: string, kind: AuthoringKind, fields: Fields) {
    const handler = this.#handler(kind);
    const valid = await this.#valid(handler, fields);
    const row = await insertItem(this.db, { kind, key: handler.keyOf(valid), fields: valid, by: userId, at: new Date(this.options.now()) });
    if (!row) throw keyTaken(handler);
    return { id: row.id, version: row.version };
  }

  async get(kind: AuthoringKind, id: string) {
    const handler = this.#handler(kind);
    return this.#toItem(await this.#found(kind, id), handler);
  }

  /**
   * Writes `change` over `version` in one transaction; a published item's live row, search entry and the change notice
   * follow, and a revision is kept. `audit` names the action to log (saves are not logged; their revisions are).
   */
  async #write(
    userId: string | null, kind: AuthoringKind, id: string, version: number, change: ItemChange, sent: Fields,
    options: { audit?: 'content.published' | 'content.unpublished' | 'content.restored' | 'content.scheduled'; detail?: Fields; unpublish?: boolean } = {},
  ): Promise<AuthoringItem> {
    const handler = this.#handler(kind);
    const at = new Date(this.options.now());
    const row = await this.db.transaction(async (tx) => {
      const before = await this.#found(kind, id, tx);
      const edited = change.fields !== undefined;
      const updated = await updateAtVersion(tx, id, version, {
        ...change, updatedBy: userId, editedAt: at, ...(edited ? { key: handler.keyOf(change.fields!) } : {}),
      }, at);
      if (!updated) return null;
      if (options.unpublish && before.status === 'published' && before.liveId) await handler.unpublish(tx, before.liveId);
      if (updated.status === 'published') {
        await handler.publish(tx, updated.fields, { liveId: updated.liveId!, now: at, firstPublishedAt: updated.publishedAt });
        if (edited || before.status !== 'published') await this.#revision(tx, updated, userId, at);
      }
      if (options.audit) await appendAudit(tx, { actorId: userId, action: options.audit, target: `content:${kind}:${id}`, detail: { version: updated.version, ...options.detail } });
      if (updated.status === 'published' || before.status === 'published') await this.options.publishIn(tx);
      return updated;
    }).catch((error: unknown) => {
      if (pgErrorCode(error) === '23505') throw keyTaken(handler);
      throw error;
    });
    if (!row) return this.#conflict(kind, id, handler, sent);
    this.options.changedHere();
    return this.#toItem(row, handler);
  }

  /** A revision of a published item's state: its fields and what changed since the revision before. */
  async #revision(tx: Tx, row: ContentItemRow, userId: string | null, at: Date) {
    const previous = await latestRevision(tx, row.id);
    await insertRevision(tx, { itemId: row.id, version: row.version, fields: row.fields, changes: fieldsDiff(previous?.fields ?? {}, row.fields), by: userId, at });
  }

  async save(userId: string, kind: AuthoringKind, id: string, version: number, fields: Fields) {
    const valid = await this.#valid(this.#handler(kind), fields);
    return this.#write(userId, kind, id, version, { fields: valid }, fields);
  }

  /** Publishes now, or schedules the publish at `at` through the job queue (run once, whichever process claims it). */
  async publish(userId: string, kind: AuthoringKind, id: string, version: number, at?: string) {
    const handler = this.#handler(kind);
    const current = await this.#found(kind, id);
    const fields = await this.#valid(handler, current.fields);
    const when = at ? new Date(at) : null;
    if (when && when.getTime() > this.options.now()) {
      // What publishing would refuse is refused now, beside its fields, not when the time comes with nobody there.
      const fieldErrors = (await handler.publishable?.(this.db, fields, current.liveId ?? current.id)) ?? {};
      if (Object.keys(fieldErrors).length) throw new DomainError('invalid', 'Some fields need attention', undefined, { fieldErrors });
      const item = await this.#write(userId, kind, id, version, { scheduledAt: when }, current.fields, { audit: 'content.scheduled', detail: { at: when.toISOString() } });
      await enqueueJob(this.db, {
        key: `${AUTHORING_PUBLISH_JOB}:${id}:${when.toISOString()}`, kind: AUTHORING_PUBLISH_JOB,
        payload: { kind, id, at: when.toISOString(), by: userId }, runAt: when,
      });
      return item;
    }
    return this.#write(userId, kind, id, version, this.#publishing(current, fields), current.fields, { audit: 'content.published' });
  }

  #publishing(current: ContentItemRow, fields: Fields): ItemChange {
    return { status: 'published', fields, liveId: current.liveId ?? current.id, scheduledAt: null, publishedAt: current.publishedAt ?? new Date(this.options.now()) };
  }

  /** The job of a scheduled publish: publishes only if the item is still scheduled for that time (taken once). */
  async runScheduled(job: JobRow) {
    const { kind, id, at, by } = job.payload as { kind: AuthoringKind; id: string; at: string; by: string };
    const handler = this.#handler(kind);
    const published = await this.db.transaction(async (tx) => {
      const taken = await takeSchedule(tx, id, new Date(at));
      if (!taken) return false;
      const parsed = handler.schema.safeParse(taken.fields);
      if (!parsed.success) return false;
      const now = new Date(this.options.now());
      const updated = await updateAtVersion(tx, id, taken.version, { ...this.#publishing(taken, parsed.data as Fields), updatedBy: by }, now);
      if (!updated) return false;
      await handler.publish(tx, updated.fields, { liveId: updated.liveId!, now, firstPublishedAt: updated.publishedAt });
      await this.#revision(tx, updated, by, now);
      await appendAudit(tx, { actorId: by, action: 'content.published', target: `content:${kind}:${id}`, detail: { version: updated.version, scheduled: at } });
      await this.options.publishIn(tx);
      return true;
    });
    if (published) this.options.changedHere();
  }

  async unpublish(userId: string, kind: AuthoringKind, id: string, version: number, to: 'archived' | 'draft') {
    const current = await this.#found(kind, id);
    return this.#write(userId, kind, id, version, { status: to, scheduledAt: null }, current.fields, {
      audit: 'content.unpublished', detail: { to }, unpublish: true,
    });
  }

  async revisions(kind: AuthoringKind, id: string): Promise<Revision[]> {
    this.#handler(kind);
    await this.#found(kind, id);
    return (await revisionsOf(this.db, id)).map(({ revision, firstName, lastName }) => ({
      id: revision.id, version: revision.version, at: revision.createdAt.toISOString(),
      byName: firstName !== null && lastName !== null && revision.byId ? displayName(firstName, lastName) : EDITORIAL_TEAM,
      changes: revision.changes,
    }));
  }

  /** The fields as they were after a revision, saved as a new version (live at once while published). */
  async restore(userId: string, kind: AuthoringKind, id: string, revisionId: string, version: number) {
    const handler = this.#handler(kind);
    const revision = await findRevision(this.db, id, revisionId);
    if (!revision) throw notFound('Revision not found');
    const valid = await this.#valid(handler, revision.fields);
    return this.#write(userId, kind, id, version, { fields: valid }, revision.fields, { audit: 'content.restored', detail: { revision: revision.version } });
  }

  async preview(kind: AuthoringKind, id: string) {
    const handler = this.#handler(kind);
    const row = await this.#found(kind, id);
    const parsed = handler.schema.safeParse({ ...handler.blank(), ...row.fields });
    if (!parsed.success) throw invalid(CHECK_FIELDS);
    return handler.preview(this.db, parsed.data, row.liveId ?? row.id, new Date(this.options.now()));
  }
}

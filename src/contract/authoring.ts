/**
 * Authoring in the staff console (issue 38): one shape of call for every kind of content. An item is a Draft, Published
 * or Archived; its `fields` are checked by the kind's schema (src/domain/authoring.ts, the same schemas the content
 * import uses); every save carries the `version` it started from, and a stale one answers 409 with both versions.
 */
import { z } from 'zod';
import { AUTHORING_KINDS, AUTHORING_STATUSES } from '../domain/authoring';
import type { StaffRole } from '../domain/staff';
import { call } from './define';

const EDITORS: readonly StaffRole[] = ['editor'];
const ok = z.literal(true);
const when = z.string();

export const authoringKindSchema = z.enum(AUTHORING_KINDS);
export const authoringStatusSchema = z.enum(AUTHORING_STATUSES);
const kindParams = z.object({ kind: authoringKindSchema });
const itemParams = z.object({ kind: authoringKindSchema, id: z.uuid() });
/** A kind's fields travel as an object; the server checks them with the kind's schema and answers 400 naming the field. */
const fieldsSchema = z.record(z.string(), z.unknown());

export const authoringListItemSchema = z.object({
  id: z.string(),
  kind: authoringKindSchema,
  title: z.string(),
  status: authoringStatusSchema,
  version: z.number().int(),
  updatedAt: when,
  updatedByName: z.string(),
  /** When a scheduled publish will happen, else null. */
  scheduledAt: when.nullable(),
  /** The live page while published, else null. */
  publicUrl: z.string().nullable(),
});
export type AuthoringListItem = z.infer<typeof authoringListItemSchema>;

export const authoringItemSchema = authoringListItemSchema.extend({
  fields: fieldsSchema,
  publishedAt: when.nullable(),
  /** Where 'Preview' opens the real page for this item, visible to staff only. */
  previewUrl: z.string(),
});
export type AuthoringItem = z.infer<typeof authoringItemSchema>;

export const listContent = call({
  name: 'authoring.list', method: 'GET', path: '/staff/content/:kind', auth: 'required', staff: EDITORS,
  params: kindParams,
  query: z.object({ q: z.string().trim().max(100).optional(), status: authoringStatusSchema.optional() }),
  response: z.object({ success: ok, items: z.array(authoringListItemSchema) }),
});

/** A new draft. */
export const createContent = call({
  name: 'authoring.create', method: 'POST', path: '/staff/content/:kind', auth: 'required', staff: EDITORS,
  params: kindParams,
  body: z.object({ fields: fieldsSchema }),
  response: z.object({ success: ok, id: z.string(), version: z.number().int() }),
  invalidates: ['/staff/content'],
});

export const getContent = call({
  name: 'authoring.get', method: 'GET', path: '/staff/content/:kind/:id', auth: 'required', staff: EDITORS,
  params: itemParams,
  response: z.object({ success: ok, item: authoringItemSchema }),
});

/** Saves over `version`. A newer version on the server answers 409 with `conflictSchema`. */
export const saveContent = call({
  name: 'authoring.save', method: 'PUT', path: '/staff/content/:kind/:id', auth: 'required', staff: EDITORS,
  params: itemParams,
  body: z.object({ version: z.number().int().min(1), fields: fieldsSchema }),
  response: z.object({ success: ok, item: authoringItemSchema }),
  invalidates: ['/staff/content'],
});

/** The 409 answer of a stale save: "Changed by N at T", what is on the server now, and what was sent. */
export const conflictSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  current: authoringItemSchema,
  yours: fieldsSchema,
});
export type Conflict = z.infer<typeof conflictSchema>;

/** A field's problem, answered with 400 so the editor shows it beside the field (one shape for every call, define.ts). */
export { fieldErrorsSchema } from './define';

/** Publishes now, or at `at` (a future time) through the job queue; publishing is one transaction on every instance. */
export const publishContent = call({
  name: 'authoring.publish', method: 'POST', path: '/staff/content/:kind/:id/publish', auth: 'required', staff: EDITORS,
  params: itemParams,
  body: z.object({ version: z.number().int().min(1), at: z.iso.datetime({ offset: true }).optional() }),
  response: z.object({ success: ok, item: authoringItemSchema }),
  invalidates: ['/staff/content'],
});

/** Takes a published item off the site: it becomes Archived (`to: 'archived'`, the default) or a Draft again. */
export const unpublishContent = call({
  name: 'authoring.unpublish', method: 'POST', path: '/staff/content/:kind/:id/unpublish', auth: 'required', staff: EDITORS,
  params: itemParams,
  body: z.object({ version: z.number().int().min(1), to: z.enum(['archived', 'draft']).default('archived') }),
  response: z.object({ success: ok, item: authoringItemSchema }),
  invalidates: ['/staff/content'],
});

export const revisionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  at: when,
  byName: z.string(),
  /** The fields this save changed, with their values before and after (long texts as they were). */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type Revision = z.infer<typeof revisionSchema>;

export const contentRevisions = call({
  name: 'authoring.revisions', method: 'GET', path: '/staff/content/:kind/:id/revisions', auth: 'required', staff: EDITORS,
  params: itemParams,
  response: z.object({ success: ok, revisions: z.array(revisionSchema) }),
});

/** Brings back the fields as they were after a revision, as a new save (kept in the history and the audit log). */
export const restoreRevision = call({
  name: 'authoring.restore', method: 'POST', path: '/staff/content/:kind/:id/revisions/:revisionId/restore', auth: 'required', staff: EDITORS,
  params: itemParams.extend({ revisionId: z.uuid() }),
  body: z.object({ version: z.number().int().min(1) }),
  response: z.object({ success: ok, item: authoringItemSchema }),
  invalidates: ['/staff/content'],
});

/**
 * The item as its public page shows it, for 'Preview' (staff only): the page's own data shape for the kind, so the
 * public view draws it, marked as a preview.
 */
export const previewContent = call({
  name: 'authoring.preview', method: 'GET', path: '/staff/content/:kind/:id/preview', auth: 'required', staff: EDITORS,
  params: itemParams,
  response: z.object({ success: ok, kind: authoringKindSchema, page: z.record(z.string(), z.unknown()) }),
});

/** Who may sign content (issue 38 item 5): members with the editor or admin role; null in `authorId` is the editorial team. */
export const contentAuthors = call({
  name: 'authoring.authors', method: 'GET', path: '/staff/content-authors', auth: 'required', staff: EDITORS,
  response: z.object({ success: ok, authors: z.array(z.object({ id: z.string(), name: z.string() })) }),
});

/**
 * An upload: multipart/form-data with one file field `file`. Images (JPEG, PNG, WebP, SVG) are re-encoded without
 * metadata in the sizes pages use; PDFs are checked and their text kept for search. Answers where it is served.
 */
export const uploadFile = call({
  name: 'authoring.upload', method: 'POST', path: '/staff/uploads', auth: 'required', staff: EDITORS,
  response: z.object({
    success: ok,
    url: z.string(),
    type: z.enum(['image', 'pdf']),
    /** Images: the responsive sizes, for `srcset` ('/uploads/…-480.webp 480w, …'). */
    srcset: z.string().optional(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    /** PDFs: the number of pages. */
    pages: z.number().int().optional(),
  }),
});

/** A member's continuing-education credit (issue 39): memberships, the ledger, self-reported activities, transcripts. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { activityFieldsSchema, addActivity, CPD_EVIDENCE_PATH, ledger, memberships, saveMemberships, transcriptCsv, transcriptPdf } from '../../src/contract/cpd';
import { HttpError } from '../http/errors';
import { implement } from '../http/route';
import { type CpdService, EVIDENCE_MAX_BYTES } from '../services/cpd';
import { invalid } from '../services/errors';

const ACTIVITY_FIELDS = ['title', 'provider', 'date', 'amount', 'body', 'type', 'courseNumber'] as const;

export async function cpdRoutes(app: FastifyInstance, { cpd }: { cpd: CpdService }) {
  // Multipart is read by this plugin's routes only: the activity's fields and at most one file.
  await app.register(multipart, { limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: ACTIVITY_FIELDS.length, parts: ACTIVITY_FIELDS.length + 1, fieldSize: 1000, headerPairs: 100 } });

  implement(app, memberships, async ({ user, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true, memberships: await cpd.memberships(user.id) } as const;
  });
  implement(app, saveMemberships, async ({ user, body }) => ({ success: true, memberships: await cpd.saveMemberships(user.id, body.memberships) }) as const);

  implement(app, ledger, async ({ user, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true, bodies: await cpd.ledger(user.id, query.body, query.period) } as const;
  });

  implement(app, addActivity, async ({ user, request }) => {
    if (!request.isMultipart()) throw invalid('Send the activity as multipart/form-data');
    const fields: Record<string, string> = {};
    let evidence: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'evidence') throw new HttpError(400, 'The only file taken is `evidence`');
          const bytes = await part.toBuffer();
          if (bytes.length) evidence = bytes;
        } else if ((ACTIVITY_FIELDS as readonly string[]).includes(part.fieldname)) {
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Evidence can be up to 10 MB');
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'Too many parts: the activity\'s fields and one file');
      throw new HttpError(400, 'The activity could not be read');
    }
    if (fields.courseNumber === '') delete fields.courseNumber;
    const parsed = activityFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalid(`${issue.path.join('.') || 'activity'}: ${issue.message}`);
    }
    if (evidence && evidence.length > EVIDENCE_MAX_BYTES) throw new HttpError(413, 'Evidence can be up to 10 MB');
    return { success: true, entry: await cpd.addActivity(user.id, parsed.data, evidence) } as const;
  });

  implement(app, transcriptPdf, async ({ user, query, reply }) => {
    const { bytes, filename } = await cpd.transcriptPdf(user.id, query.body, query.period);
    reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store');
    return bytes;
  });

  implement(app, transcriptCsv, async ({ user, query, reply }) => {
    const { bytes, filename } = await cpd.transcriptCsv(user.id, query.body, query.period);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store');
    return bytes;
  });

  // Evidence opens in a new tab: the session cookie stands for the bearer token. Never kept by a shared cache.
  app.get(CPD_EVIDENCE_PATH, async (request, reply) => {
    const user = await app.authenticate(request, true, { orCookie: true });
    const { id } = request.params as { id: string };
    const file = await cpd.evidence(user!.id, id);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return reply.send(file.body);
  });
}

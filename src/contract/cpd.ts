/**
 * Continuing-education credit (issue 39): a member's professional memberships, their ledger per body and period, the
 * activities they report themselves, transcripts (PDF and CSV) with a public verification page, and the staff's
 * reports to the bodies. The rules behind the numbers are in src/domain/cpd.ts.
 */
import { z } from 'zod';
import { cpdBodySchema, creditTypeSchema, entrySourceSchema, membershipSchema } from '../domain/cpd.schema';
import type { StaffRole } from '../domain/staff';
import { call } from './define';

const ok = z.literal(true);
const when = z.string();

export const memberships = call({
  name: 'cpd.memberships', method: 'GET', path: '/cpd/memberships', auth: 'required',
  response: z.object({ success: ok, memberships: z.array(membershipSchema) }),
});

/** Replaces the member's list (one per body; 'other' may repeat with different names). Numbers are checked by format. */
export const saveMemberships = call({
  name: 'cpd.saveMemberships', method: 'PUT', path: '/cpd/memberships', auth: 'required',
  body: z.object({ memberships: z.array(membershipSchema).max(12) }),
  response: z.object({ success: ok, memberships: z.array(membershipSchema) }),
  invalidates: ['/cpd'],
});

export const ledgerEntrySchema = z.object({
  id: z.string(),
  source: entrySourceSchema,
  title: z.string(),
  /** Who gave the activity: 'SustainLearn' for ours, what the member typed for their own. */
  provider: z.string(),
  /** The body's course number; null when the body has not approved the activity. */
  courseNumber: z.string().nullable(),
  /** ISO date the credit was earned. */
  earnedOn: z.iso.date(),
  amount: z.number(),
  type: creditTypeSchema,
  credential: z.string().optional(),
  topic: z.string().optional(),
  selfReported: z.boolean(),
  /** The member's evidence file, for a self-reported entry that has one (members-only URL). */
  evidenceUrl: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A part of a requirement: e.g. AIA 'HSW' 12 of 18, GBCI 'LEED-specific' 6 of 30, RIBA 'Core curriculum' 20 of 35. */
export const requirementPartSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.number(),
  earned: z.number(),
  unit: z.enum(['LU', 'hours', 'CEU']),
});

export const cpdPeriodSchema = z.object({
  /** Stable id used in `?period=` (e.g. '2026' or '2025-03-14'). */
  id: z.string(),
  label: z.string(),
  start: z.iso.date(),
  end: z.iso.date(),
  /** AIA: the last day credit may still be added for the period (the grace period), else null. */
  graceEnd: z.iso.date().nullable(),
});
export type CpdPeriod = z.infer<typeof cpdPeriodSchema>;

/** AIA learning units in all and the HSW among them. */
const aiaCreditSchema = z.object({ total: z.number(), hsw: z.number() });

/** One body the member belongs to, over one period: the requirement, the progress, what is missing and the entries. */
export const bodyLedgerSchema = z.object({
  body: cpdBodySchema,
  bodyName: z.string(),
  number: z.string(),
  period: cpdPeriodSchema,
  /** Periods the member may switch to (newest first), the current one included. */
  periods: z.array(cpdPeriodSchema),
  /** The total first, then its parts; empty for a body without a published requirement ('other'). */
  requirement: z.array(requirementPartSchema),
  /** Credit brought in from the period before (AIA), 0 elsewhere. */
  carriedOver: z.number(),
  /** Sentences saying what is still missing, e.g. '4 LU/HSW more by 31 December 2026'; empty when met. */
  missing: z.array(z.string()),
  /**
   * AIA only (else null): a short year is made up with credit of the next year's first nine months (ADR 166).
   * `madeUp`: what the next year's grace months gave this one; `toPrevious`: what this year's gave the year before
   * (counted there, not here); `previous`: the year before, its shortfall after all of it and the end of its grace.
   */
  grace: z.object({
    madeUp: aiaCreditSchema,
    toPrevious: aiaCreditSchema,
    previous: z.object({ label: z.string(), shortfall: aiaCreditSchema, graceEnd: z.iso.date() }),
  }).nullable(),
  entries: z.array(ledgerEntrySchema),
});
export type BodyLedger = z.infer<typeof bodyLedgerSchema>;

/** Without `body`: every body the member belongs to, each at its current period (or `period` where it names one). */
export const ledger = call({
  name: 'cpd.ledger', method: 'GET', path: '/cpd/ledger', auth: 'required',
  query: z.object({ body: cpdBodySchema.optional(), period: z.string().max(20).optional() }),
  response: z.object({ success: ok, bodies: z.array(bodyLedgerSchema) }),
});

/**
 * An activity the member did elsewhere: multipart/form-data with the fields below and an optional file field
 * `evidence` (PDF, JPEG or PNG, up to 10 MB). HSW cannot be self-reported (AIA). The schema checks the fields.
 */
export const activityFieldsSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  provider: z.string().trim().min(1, 'Provider is required').max(200),
  date: z.iso.date({ message: 'Enter the date you did it' }),
  amount: z.coerce.number().positive('Enter the credit earned').max(40),
  body: cpdBodySchema,
  type: creditTypeSchema,
  courseNumber: z.string().trim().max(60).optional(),
});
export type ActivityFields = z.infer<typeof activityFieldsSchema>;

export const addActivity = call({
  name: 'cpd.addActivity', method: 'POST', path: '/cpd/activities', auth: 'required',
  response: z.object({ success: ok, entry: ledgerEntrySchema }),
  invalidates: ['/cpd'],
});

const transcriptQuery = z.object({ body: cpdBodySchema, period: z.string().max(20).optional() });

/** The transcript as a PDF (name, number, provider, each activity, total, a verification URL and QR code; no email). */
export const transcriptPdf = call({
  name: 'cpd.transcriptPdf', method: 'GET', path: '/cpd/transcript.pdf', auth: 'required',
  query: transcriptQuery,
  response: z.instanceof(Uint8Array), binary: true,
});

export const transcriptCsv = call({
  name: 'cpd.transcriptCsv', method: 'GET', path: '/cpd/transcript.csv', auth: 'required',
  query: transcriptQuery,
  response: z.instanceof(Uint8Array), binary: true,
});

/** The public page a transcript's QR code opens: who, which body and period, the total and the activities; no email. */
export const verifyTranscript = call({
  name: 'cpd.verify', method: 'GET', path: '/cpd/transcripts/:code',
  params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a transcript code') }),
  response: z.object({
    success: ok,
    transcript: z.object({
      code: z.string(),
      memberName: z.string(),
      body: cpdBodySchema,
      bodyName: z.string(),
      number: z.string(),
      period: cpdPeriodSchema,
      issuedAt: when,
      total: z.number(),
      unit: z.enum(['LU', 'hours', 'CEU']),
      /** Lines under the total (AIA: carry-over, grace credit in or out, what counts); none in older transcripts. */
      notes: z.array(z.string()).default([]),
      activities: z.array(ledgerEntrySchema.pick({ title: true, courseNumber: true, earnedOn: true, amount: true, type: true, selfReported: true })),
    }),
  }),
});

// --- Staff: reports to the bodies (editors and admins) ---

const EDITORS: readonly StaffRole[] = ['editor'];

export const completionSchema = z.object({
  id: z.string(),
  memberName: z.string(),
  /** Null: the member gave no number for this body; the completion waits until they do. */
  memberNumber: z.string().nullable(),
  title: z.string(),
  courseNumber: z.string().nullable(),
  completedOn: z.iso.date(),
  amount: z.number(),
  type: creditTypeSchema,
  /** Business days left of the body's reporting window (AIA: 10); negative when late. */
  businessDaysLeft: z.number().int(),
  /** The last day of that window (ISO date). */
  reportBy: z.iso.date(),
  /**
   * Why it cannot be exported yet: the member gave no number for the body (ask them), or the body has not approved
   * the activity (no course number: the member self-reports it; we never report it). Null: ready to export.
   */
  waitsFor: z.enum(['member-number', 'approval']).nullable(),
});
export type Completion = z.infer<typeof completionSchema>;

/**
 * Completions of our own activities with credit for the body that are not yet reported, oldest first: the ready ones,
 * those waiting for the member's number, and those the body has not approved (shown so staff see why they wait).
 */
export const unreportedCompletions = call({
  name: 'staffCpd.completions', method: 'GET', path: '/staff/cpd/completions', auth: 'required', staff: EDITORS,
  query: z.object({ body: cpdBodySchema.default('aia') }),
  response: z.object({ success: ok, provider: z.object({ name: z.string(), number: z.string().nullable() }), completions: z.array(completionSchema) }),
});

/**
 * 'Export for AIA CES': the provider's upload file (one row per member completion with a member number), marks those
 * rows reported and writes the audit log, in one transaction. Answers the CSV; an empty export is refused with 409.
 */
export const exportCompletions = call({
  name: 'staffCpd.export', method: 'POST', path: '/staff/cpd/exports', auth: 'required', staff: EDITORS,
  body: z.object({ body: z.literal('aia') }),
  response: z.instanceof(Uint8Array), binary: true,
  invalidates: ['/staff/cpd'],
});


/**
 * A self-reported entry's evidence file (`evidenceUrl`): not JSON, opened in a new tab, so the session cookie stands
 * for the bearer token; only its owner gets it (404 for anyone else).
 */
export const CPD_EVIDENCE_PATH = '/cpd/evidence/:id';

/**
 * The newsletter (issue 36 item 4): the footer's box subscribes with double opt-in, a confirmation and an unsubscribe
 * each made by a button on a page (never by a bare GET a link scanner could make), the editors' issues written and sent
 * from the console, the subscribers' CSV for an admin, and a sent issue read as a page by members.
 */
import { z } from 'zod';
import { emailSchema } from '../domain/user.schema';
import { call, okMessageSchema } from './define';

/** The random key of a subscription, in its confirmation and unsubscribe links. */
const token = z.string().trim().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/);

/** The footer's box. The same answer whether the address was new, pending, confirmed or unsubscribed. */
export const subscribe = call({
  name: 'newsletter.subscribe', method: 'POST', path: '/newsletter/subscribe',
  body: z.object({ email: emailSchema }),
  response: okMessageSchema,
});

/** The button of the page the confirmation mail links to. */
export const confirmSubscription = call({
  name: 'newsletter.confirm', method: 'POST', path: '/newsletter/confirm',
  body: z.object({ token }),
  response: okMessageSchema,
});

/** The 'Unsubscribe' button of the page the mail's link opens (the one-click POST of RFC 8058 is its own route). */
export const unsubscribe = call({
  name: 'newsletter.unsubscribe', method: 'POST', path: '/newsletter/unsubscribe',
  body: z.object({ token }),
  response: okMessageSchema,
});

export const ISSUE_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;

export const issueSchema = z.object({
  id: z.string(),
  subject: z.string(),
  bodyMarkdown: z.string(),
  status: z.enum(ISSUE_STATUSES),
  recipients: z.number().int(),
  delivered: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  /** The page of a sent issue (members), and its PDF. */
  pageUrl: z.string().nullable(),
  fileUrl: z.string().nullable(),
});
export type NewsletterIssue = z.infer<typeof issueSchema>;

const draft = z.object({
  subject: z.string().trim().min(1, 'Write a subject').max(200),
  bodyMarkdown: z.string().max(100_000),
});
const issueId = z.object({ id: z.uuid() });
const issueAnswer = z.object({ success: z.literal(true), issue: issueSchema });

export const listIssues = call({
  name: 'newsletter.issues', method: 'GET', path: '/staff/newsletter/issues', auth: 'required', staff: ['editor'],
  response: z.object({ success: z.literal(true), issues: z.array(issueSchema), confirmedSubscribers: z.number().int() }),
});

export const getIssue = call({
  name: 'newsletter.issue', method: 'GET', path: '/staff/newsletter/issues/:id', auth: 'required', staff: ['editor'],
  params: issueId,
  response: z.object({ success: z.literal(true), issue: issueSchema, confirmedSubscribers: z.number().int() }),
});

export const createIssue = call({
  name: 'newsletter.createIssue', method: 'POST', path: '/staff/newsletter/issues', auth: 'required', staff: ['editor'],
  body: draft, response: issueAnswer, invalidates: ['/staff/newsletter'],
});

/** Saves a draft; a sending or sent issue is no longer changed (409). */
export const updateIssue = call({
  name: 'newsletter.updateIssue', method: 'PUT', path: '/staff/newsletter/issues/:id', auth: 'required', staff: ['editor'],
  params: issueId, body: draft, response: issueAnswer, invalidates: ['/staff/newsletter'],
});

/** The HTML a subscriber would read, from the Markdown as it is in the editor (rendered and sanitised by the server). */
export const previewIssue = call({
  name: 'newsletter.preview', method: 'POST', path: '/staff/newsletter/preview', auth: 'required', staff: ['editor'],
  body: draft, response: z.object({ success: z.literal(true), html: z.string() }),
});

/** Mails the issue (as saved) to the editor making the call, and to nobody else. */
export const sendTestIssue = call({
  name: 'newsletter.testSend', method: 'POST', path: '/staff/newsletter/issues/:id/test', auth: 'required', staff: ['editor'],
  params: issueId, response: okMessageSchema, invalidates: ['/staff/newsletter'],
});

/** Starts the send to every confirmed subscriber, through the job queue in batches: poll the issue for progress. */
export const sendIssue = call({
  name: 'newsletter.send', method: 'POST', path: '/staff/newsletter/issues/:id/send', auth: 'required', staff: ['editor'],
  params: issueId, response: issueAnswer, invalidates: ['/staff/newsletter'],
});

/** Every subscriber as CSV (email, status, dates). Admin only; each export is in the audit log. */
export const exportSubscribers = call({
  name: 'newsletter.exportSubscribers', method: 'GET', path: '/staff/newsletter/subscribers.csv', auth: 'required', staff: ['admin'],
  response: z.instanceof(Uint8Array), binary: true,
});

/** A sent issue as a page (members, like /newsletters). */
export const publishedIssue = call({
  name: 'newsletter.published', method: 'GET', path: '/newsletters/:slug', auth: 'required',
  params: z.object({ slug: z.string().min(1).max(200) }),
  response: z.object({
    success: z.literal(true),
    newsletter: z.object({ slug: z.string(), title: z.string(), html: z.string(), publishedAt: z.string(), fileUrl: z.string() }),
  }),
});

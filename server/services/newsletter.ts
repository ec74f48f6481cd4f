/**
 * The newsletter (issue 36 item 4, ADR 139): double opt-in subscriptions, one-click unsubscribes, the issues editors
 * write, a send through the job queue in batches (a delivery row per subscriber, so a batch run twice mails nobody
 * twice), and a sent issue published to the library's newsletters as a page and a PDF.
 */
import { randomBytes } from 'node:crypto';
import { NEWSLETTER_BATCH_SIZE, NEWSLETTER_TEXT, issueSlug } from '../../src/domain/newsletter';
import { formatUsDate } from '../../src/domain/text';
import type { NewsletterIssue } from '../../src/contract/newsletter';
import type { Db } from '../data/client';
import { enqueueJob, type JobRow } from '../data/jobs';
import {
  allSubscribers, claimDelivery, confirmByToken, countConfirmed, countDelivered, insertIssue, issueRow, issueRows, markFailed, nextRecipients,
  publishedBySlug, publishIssue, releaseDelivery, startSending, subscriberByEmail, unsubscribeByToken, updateDraft, upsertPending,
} from '../data/newsletter';
import { appendAudit } from '../data/staff';
import type { Mailer } from '../mail/mailer';
import { confirmSubscriptionMail, issueMail } from '../mail/newsletter-mails';
import { toCsv } from '../render/csv';
import { newsletterHtml, newsletterPdf, newsletterSummary, newsletterText } from '../render/newsletter';
import { conflict, invalid, notFound } from './errors';
import { MAX_ATTEMPTS } from './jobs';

export const NEWSLETTER_JOB = 'newsletter-batch';

/** Where a sent issue's PDF is kept: not under /files/newsletters/, which the content import owns. */
const PDF_FOLDER = '/files/newsletter-issues';

type IssueWithEntry = NonNullable<Awaited<ReturnType<typeof issueRow>>>;

export interface NewsletterOptions {
  publicUrl: string;
  apiBasePath: string;
  now: () => number;
  onMailFailure: (error: unknown) => void;
  /** A sent issue joined the library: the answers and pages that list it are stale. */
  onPublished: () => Promise<void>;
}

export class NewsletterService {
  constructor(private readonly db: Db, private readonly mailer: Mailer, private readonly options: NewsletterOptions) {}

  readonly links = {
    confirm: (token: string) => `${this.options.publicUrl}/newsletter/confirm/${token}`,
    unsubscribe: (token: string) => `${this.options.publicUrl}/newsletter/unsubscribe/${token}`,
    oneClick: (token: string) => `${this.options.publicUrl}${this.options.apiBasePath}/newsletter/one-click/${token}`,
  };

  /**
   * The footer's box. A new or unsubscribed address gets a confirmation mail, a pending one gets it again (the rate
   * limit bounds how often), a confirmed one gets nothing; the answer is the same, and the mail is not awaited, so
   * neither the words nor the time of the answer tell whether the address was subscribed.
   */
  async subscribe(email: string): Promise<void> {
    const row = await upsertPending(this.db, email, randomBytes(24).toString('base64url'));
    if (row?.status !== 'pending') return;
    void this.mailer.send(confirmSubscriptionMail(row.email, this.links.confirm(row.token))).catch(this.options.onMailFailure);
  }

  async confirm(token: string): Promise<void> {
    if (!(await confirmByToken(this.db, token, new Date(this.options.now())))) throw notFound(NEWSLETTER_TEXT.badLink);
  }

  async unsubscribe(token: string): Promise<void> {
    if (!(await unsubscribeByToken(this.db, token, new Date(this.options.now())))) throw notFound(NEWSLETTER_TEXT.badLink);
  }

  async issues() {
    const [rows, confirmedSubscribers] = await Promise.all([issueRows(this.db), countConfirmed(this.db)]);
    return { issues: rows.map(toIssue), confirmedSubscribers };
  }

  async issue(id: string) {
    const [row, confirmedSubscribers] = await Promise.all([issueRow(this.db, id), countConfirmed(this.db)]);
    if (!row) throw notFound('Newsletter issue not found');
    return { issue: toIssue(row), confirmedSubscribers };
  }

  async create(actorId: string, draft: { subject: string; bodyMarkdown: string }) {
    const row = await insertIssue(this.db, { ...draft, createdBy: actorId });
    return (await this.issue(row.id)).issue;
  }

  async update(id: string, draft: { subject: string; bodyMarkdown: string }) {
    if (!(await updateDraft(this.db, id, draft, new Date(this.options.now())))) {
      await this.issue(id);
      throw conflict(NEWSLETTER_TEXT.notDraft);
    }
    return (await this.issue(id)).issue;
  }

  preview(bodyMarkdown: string): string {
    return newsletterHtml(bodyMarkdown);
  }

  /** The issue as saved, to the editor's own address only; the unsubscribe links are theirs if they subscribed. */
  async testSend(actor: { id: string; email: string }, id: string): Promise<void> {
    const issue = await issueRow(this.db, id);
    if (!issue) throw notFound('Newsletter issue not found');
    const own = await subscriberByEmail(this.db, actor.email);
    const token = own?.token ?? 'test-send-without-a-subscription';
    await this.mailer.send(this.#mail(actor.email, issue, token, true));
    await appendAudit(this.db, { actorId: actor.id, action: 'newsletter.test-sent', target: `newsletter:${id}`, detail: { to: actor.email } });
  }

  /** Starts the send once: every subscriber confirmed now is a recipient; the batches run on the job queue. */
  async send(actorId: string, id: string) {
    const at = new Date(this.options.now());
    await this.db.transaction(async (tx) => {
      const issue = await issueRow(tx, id);
      if (!issue) throw notFound('Newsletter issue not found');
      if (issue.status !== 'draft') throw conflict(NEWSLETTER_TEXT.notDraft);
      if (!issue.bodyMarkdown.trim()) throw invalid('Write the newsletter before sending it');
      const recipients = await countConfirmed(tx, at);
      if (recipients === 0) throw invalid(NEWSLETTER_TEXT.noSubscribers);
      if (!(await startSending(tx, id, actorId, at, recipients))) throw conflict(NEWSLETTER_TEXT.notDraft);
      await appendAudit(tx, { actorId, action: 'newsletter.sent', target: `newsletter:${id}`, detail: { recipients } });
      await enqueueJob(tx, { key: `${NEWSLETTER_JOB}:${id}:0`, kind: NEWSLETTER_JOB, payload: { issueId: id, batch: '0' }, runAt: at });
    });
    return (await this.issue(id)).issue;
  }

  /**
   * One batch of a send (a job): the next subscribers not mailed yet, each claimed by a delivery row before the mail
   * goes (a mail that fails gives its row back and the job is tried again). A full batch enqueues the next; a short one
   * ends the send and publishes the issue.
   */
  async sendBatch(job: JobRow): Promise<void> {
    const issueId = job.payload.issueId!;
    const batch = Number(job.payload.batch ?? 0);
    const issue = await issueRow(this.db, issueId);
    if (issue?.status !== 'sending' || !issue.sendStartedAt) return;
    try {
      const recipients = await nextRecipients(this.db, issueId, issue.sendStartedAt, NEWSLETTER_BATCH_SIZE);
      for (const subscriber of recipients) {
        if (!(await claimDelivery(this.db, issueId, subscriber.id))) continue;
        try {
          await this.mailer.send(this.#mail(subscriber.email, issue, subscriber.token));
        } catch (error) {
          await releaseDelivery(this.db, issueId, subscriber.id);
          throw error;
        }
      }
      await countDelivered(this.db, issueId);
      if (recipients.length === NEWSLETTER_BATCH_SIZE) {
        const next = String(batch + 1);
        await enqueueJob(this.db, { key: `${NEWSLETTER_JOB}:${issueId}:${next}`, kind: NEWSLETTER_JOB, payload: { issueId, batch: next }, runAt: new Date(this.options.now()) });
      } else {
        await this.#publish(issue);
      }
    } catch (error) {
      // The queue gives up after its last attempt: the issue says so instead of sending for ever.
      if (job.attempts >= MAX_ATTEMPTS) await markFailed(this.db, issueId, new Date(this.options.now()));
      throw error;
    }
  }

  async #publish(issue: IssueWithEntry): Promise<void> {
    const at = new Date(this.options.now());
    const slug = issueSlug(issue.subject, at);
    const pdf = await newsletterPdf(issue.subject, issue.bodyMarkdown, formatUsDate(at.toISOString()));
    await this.db.transaction((tx) =>
      publishIssue(tx, issue.id, { slug, title: issue.subject, description: newsletterSummary(issue.bodyMarkdown), filePath: `${PDF_FOLDER}/${slug}.pdf`, pdf }, at));
    await this.options.onPublished();
  }

  #mail(to: string, issue: { subject: string; bodyMarkdown: string }, token: string, test = false) {
    return issueMail({
      to, subject: issue.subject, html: newsletterHtml(issue.bodyMarkdown), text: newsletterText(issue.bodyMarkdown),
      unsubscribePage: this.links.unsubscribe(token), oneClickUrl: this.links.oneClick(token), test,
    });
  }

  /** Every subscriber as CSV (the console's exports' form: quoted, formulas neutralised), and the export in the audit log. */
  async exportCsv(actorId: string): Promise<Buffer> {
    const rows = await allSubscribers(this.db);
    const iso = (d: Date | null) => (d ? d.toISOString() : '');
    const csv = toCsv(
      ['email', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'],
      rows.map((r) => [r.email, r.status, iso(r.createdAt), iso(r.confirmedAt), iso(r.unsubscribedAt)]),
    );
    await appendAudit(this.db, { actorId, action: 'subscribers.exported', target: 'newsletter:subscribers', detail: { rows: rows.length } });
    return csv;
  }

  async published(slug: string) {
    const row = await publishedBySlug(this.db, slug);
    if (!row) throw notFound('Newsletter not found');
    return { slug: row.slug, title: row.title, html: newsletterHtml(row.bodyMarkdown), publishedAt: row.publishedAt.toISOString(), fileUrl: row.filePath };
  }
}

function toIssue(row: IssueWithEntry): NewsletterIssue {
  return {
    id: row.id, subject: row.subject, bodyMarkdown: row.bodyMarkdown, status: row.status as NewsletterIssue['status'],
    recipients: row.recipients, delivered: row.delivered, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    pageUrl: row.slug ? `/newsletters/${row.slug}` : null,
    fileUrl: row.filePath,
  };
}

/**
 * The newsletter's API (issue 36 item 4, ADR 139): the footer's subscribe, the confirm and unsubscribe buttons, the
 * RFC 8058 one-click unsubscribe (outside the contract: a mail program's form-encoded POST), the editors' console, the
 * admin's CSV, and a sent issue's page.
 */
import type { FastifyInstance } from 'fastify';
import {
  confirmSubscription, createIssue, exportSubscribers, getIssue, listIssues, previewIssue, publishedIssue, sendIssue, sendTestIssue, subscribe,
  unsubscribe, updateIssue,
} from '../../src/contract/newsletter';
import { NEWSLETTER_TEXT } from '../../src/domain/newsletter';
import { HttpError } from '../http/errors';
import { implement } from '../http/route';
import type { NewsletterService } from '../services/newsletter';

export const ONE_CLICK_PATH = '/newsletter/one-click/:token';

export async function newsletterRoutes(app: FastifyInstance, { service }: { service: NewsletterService }) {
  implement(app, subscribe, async ({ body }) => {
    await service.subscribe(body.email);
    return { success: true, message: NEWSLETTER_TEXT.subscribed } as const;
  });

  implement(app, confirmSubscription, async ({ body }) => {
    await service.confirm(body.token);
    return { success: true, message: NEWSLETTER_TEXT.confirmed } as const;
  });

  implement(app, unsubscribe, async ({ body }) => {
    await service.unsubscribe(body.token);
    return { success: true, message: NEWSLETTER_TEXT.unsubscribed } as const;
  });

  // RFC 8058: the mail program POSTs `List-Unsubscribe=One-Click`, form-encoded, to the List-Unsubscribe address. Only
  // that POST unsubscribes; a GET (a person's click, or a link scanner) is sent to the page with the button.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.post<{ Params: { token: string } }>(ONE_CLICK_PATH, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (body?.['List-Unsubscribe'] !== 'One-Click') throw new HttpError(400, 'Send List-Unsubscribe=One-Click to unsubscribe');
    const token = request.params.token;
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new HttpError(404, NEWSLETTER_TEXT.badLink);
    await service.unsubscribe(token);
    return reply.header('cache-control', 'no-store').send({ success: true, message: NEWSLETTER_TEXT.unsubscribed });
  });
  app.get<{ Params: { token: string } }>(ONE_CLICK_PATH, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(service.links.unsubscribe(encodeURIComponent(request.params.token)), 303));

  implement(app, listIssues, async () => ({ success: true, ...(await service.issues()) }) as const);
  implement(app, getIssue, async ({ params }) => ({ success: true, ...(await service.issue(params.id)) }) as const);
  implement(app, createIssue, async ({ user, body }) => ({ success: true, issue: await service.create(user.id, body) }) as const);
  implement(app, updateIssue, async ({ params, body }) => ({ success: true, issue: await service.update(params.id, body) }) as const);
  implement(app, previewIssue, async ({ body }) => ({ success: true, html: service.preview(body.bodyMarkdown) }) as const);
  implement(app, sendTestIssue, async ({ user, params }) => {
    await service.testSend(user, params.id);
    return { success: true, message: NEWSLETTER_TEXT.testSent } as const;
  });
  implement(app, sendIssue, async ({ user, params }) => ({ success: true, issue: await service.send(user.id, params.id) }) as const);

  // A GET, so `implement` counts nothing: each export is a whole table, so it has a budget of its own.
  implement(app, exportSubscribers, async ({ user, request, reply }) => {
    await app.limits.check(exportSubscribers.name, { memberId: user.id, address: request.ip });
    const csv = await service.exportCsv(user.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
      .header('cache-control', 'private, no-store');
    return csv;
  });

  implement(app, publishedIssue, async ({ params }) => ({ success: true, newsletter: await service.published(params.slug) }) as const);
}

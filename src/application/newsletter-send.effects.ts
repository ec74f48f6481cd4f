/** The newsletter editor's named effects, against ports only (ADR 139). Call once per editor actor: its polling is its own. */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { lazyCalls } from './lazy-calls';
import { NEWSLETTER_SEND_TEXT, type NewsletterSendEvent, newsletterSendMachine } from './newsletter-send.machine';
import type { ApiClient, Clock } from './ports';

export interface NewsletterSendPorts {
  api: ApiClient;
  clock: Clock;
  log: (message: string, error: unknown) => void;
}

/** How often a sending issue is read again for its progress. */
export const PROGRESS_POLL_MS = 2000;

/** An answer that arrives after the editor has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: NewsletterSendEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

const newsletterCalls = lazyCalls(() => import('../contract/newsletter'));

type Draft = { issueId: string; subject: string; bodyMarkdown: string };

export function provideNewsletterSend({ api, clock, log }: NewsletterSendPorts) {
  let stopWatching: (() => void) | null = null;
  const save = ({ issueId, subject, bodyMarkdown }: Draft) =>
    newsletterCalls((calls) => api.call(calls.updateIssue, { params: { id: issueId }, body: { subject, bodyMarkdown } }));
  const failure = (self: AnyActorRef, what: string, fallback: string) => (error: unknown) => {
    log(what, error);
    reply(self, { type: 'failed', message: messageOf(error, fallback) });
  };
  return newsletterSendMachine.provide({
    actions: {
      save: ({ self }, draft) => {
        save(draft).then(() => reply(self, { type: 'done.saved' }), failure(self, 'saving a newsletter failed', NEWSLETTER_SEND_TEXT.saveFailed));
      },
      preview: ({ self }, draft) => {
        save(draft)
          .then(() => newsletterCalls((calls) => api.call(calls.previewIssue, { body: { subject: draft.subject, bodyMarkdown: draft.bodyMarkdown } })))
          .then((answer) => reply(self, { type: 'done.previewed', html: answer.html }), failure(self, 'previewing a newsletter failed', NEWSLETTER_SEND_TEXT.previewFailed));
      },
      test: ({ self }, draft) => {
        save(draft)
          .then(() => newsletterCalls((calls) => api.call(calls.sendTestIssue, { params: { id: draft.issueId } })))
          .then(() => reply(self, { type: 'done.tested' }), failure(self, 'a newsletter test send failed', NEWSLETTER_SEND_TEXT.testFailed));
      },
      send: ({ self }, draft) => {
        save(draft)
          .then(() => newsletterCalls((calls) => api.call(calls.sendIssue, { params: { id: draft.issueId } })))
          .then((answer) => reply(self, { type: 'done.started', recipients: answer.issue.recipients }), failure(self, 'starting a newsletter send failed', NEWSLETTER_SEND_TEXT.sendFailed));
      },
      watch: ({ self }, { issueId }) => {
        stopWatching?.();
        let reading = false;
        const read = () => {
          if (self.getSnapshot().status !== 'active') {
            stopWatching?.();
            stopWatching = null;
            return;
          }
          if (reading) return;
          reading = true;
          newsletterCalls((calls) => api.call(calls.getIssue, { params: { id: issueId } }, { fresh: true }))
            .then(({ issue }) => reply(self, { type: 'progress', status: issue.status, recipients: issue.recipients, delivered: issue.delivered }))
            // A missed reading is taken again at the next tick.
            .catch((error: unknown) => log('reading a newsletter send failed', error))
            .finally(() => {
              reading = false;
            });
        };
        stopWatching = clock.every(PROGRESS_POLL_MS, read);
        read();
      },
      unwatch: () => {
        stopWatching?.();
        stopWatching = null;
      },
    },
  });
}

/**
 * Writing and sending a newsletter issue in the console (issue 36 item 4, ADR 139): the editor types the subject and
 * the Markdown, saves, previews (the server's HTML), sends a test to themselves, then confirms the send to every
 * confirmed subscriber; while the job queue mails the batches the issue is watched and the progress shown, until it is
 * sent (or failed). Each request saves the draft first, so what is previewed, tested and sent is what is on screen.
 * Effects are named actions provided by `newsletter-send.effects.ts`; their answers come back as events.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export const NEWSLETTER_SEND_TEXT = {
  subjectRequired: 'Write a subject',
  bodyRequired: 'Write the newsletter before sending it',
  saved: 'Draft saved.',
  previewed: 'The preview below shows the newsletter as subscribers will read it.',
  testSent: 'A test was sent to your email address.',
  started: 'Sending has started.',
  sent: 'The newsletter has been sent.',
  failed: 'Sending stopped after repeated failures. Check the mail server, then ask an admin to look at the job queue.',
  saveFailed: 'Could not save the draft. Please try again.',
  previewFailed: 'Could not show the preview. Please try again.',
  testFailed: 'Could not send the test. Please try again.',
  sendFailed: 'Could not start sending. Please try again.',
} as const;

export type IssueStatus = 'draft' | 'sending' | 'sent' | 'failed';

export interface NewsletterSendInput {
  issueId: string;
  subject: string;
  bodyMarkdown: string;
  status: IssueStatus;
  recipients: number;
  delivered: number;
}

export interface NewsletterSendContext extends NewsletterSendInput {
  /** The server's HTML of the last preview; null once the text changes after it. */
  previewHtml: string | null;
  error: string | null;
  /** What a screen reader hears after a step (a polite live region). */
  announcement: string;
}

export type NewsletterSendEvent =
  | { type: 'subject.change'; value: string }
  | { type: 'body.change'; value: string }
  | { type: 'save' }
  | { type: 'preview' }
  | { type: 'test' }
  | { type: 'send.ask' }
  | { type: 'send.cancel' }
  | { type: 'send.confirm' }
  | { type: 'done.saved' }
  | { type: 'done.previewed'; html: string }
  | { type: 'done.tested' }
  | { type: 'done.started'; recipients: number }
  | { type: 'failed'; message: string }
  | { type: 'progress'; status: IssueStatus; recipients: number; delivered: number };

export const newsletterSendMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as NewsletterSendContext, events: {} as NewsletterSendEvent, input: {} as NewsletterSendInput },
  actions: {
    /** Saves the draft; answers done.saved or failed. */
    save: (_, _params: { issueId: string; subject: string; bodyMarkdown: string }) => {},
    /** Saves, then asks the server for the HTML; answers done.previewed or failed. */
    preview: (_, _params: { issueId: string; subject: string; bodyMarkdown: string }) => {},
    /** Saves, then mails the issue to the editor; answers done.tested or failed. */
    test: (_, _params: { issueId: string; subject: string; bodyMarkdown: string }) => {},
    /** Saves, then starts the send; answers done.started or failed. */
    send: (_, _params: { issueId: string; subject: string; bodyMarkdown: string }) => {},
    /** Reads the issue again and again while it is sending; answers progress. */
    watch: (_, _params: { issueId: string }) => {},
    /** Stops reading the issue. */
    unwatch: () => {},
  },
  guards: {
    hasSubject: ({ context }) => context.subject.trim().length > 0,
    sendable: ({ context }) => context.subject.trim().length > 0 && context.bodyMarkdown.trim().length > 0,
    isSent: ({ event }) => event.type === 'progress' && event.status === 'sent',
    isFailed: ({ event }) => event.type === 'progress' && event.status === 'failed',
    startsSending: ({ context }) => context.status === 'sending',
    startsSent: ({ context }) => context.status === 'sent',
    startsFailed: ({ context }) => context.status === 'failed',
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'newsletterSend',
  context: ({ input }) => ({ ...input, previewHtml: null, error: null, announcement: '' }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'startsSending', target: 'sending' },
        { guard: 'startsSent', target: 'sent' },
        { guard: 'startsFailed', target: 'failed' },
        { target: 'editing' },
      ],
    },
    editing: {
      on: {
        'subject.change': { actions: assign({ subject: ({ event }) => event.value, error: null }) },
        'body.change': { actions: assign({ bodyMarkdown: ({ event }) => event.value, previewHtml: null, error: null }) },
        save: [
          { guard: 'hasSubject', target: 'saving', actions: assign({ error: null, announcement: '' }) },
          { actions: assign({ error: NEWSLETTER_SEND_TEXT.subjectRequired }) },
        ],
        preview: [
          { guard: 'hasSubject', target: 'previewing', actions: assign({ error: null, announcement: '' }) },
          { actions: assign({ error: NEWSLETTER_SEND_TEXT.subjectRequired }) },
        ],
        test: [
          { guard: 'sendable', target: 'testing', actions: assign({ error: null, announcement: '' }) },
          { guard: 'hasSubject', actions: assign({ error: NEWSLETTER_SEND_TEXT.bodyRequired }) },
          { actions: assign({ error: NEWSLETTER_SEND_TEXT.subjectRequired }) },
        ],
        'send.ask': [
          { guard: 'sendable', target: 'confirming', actions: assign({ error: null, announcement: '' }) },
          { guard: 'hasSubject', actions: assign({ error: NEWSLETTER_SEND_TEXT.bodyRequired }) },
          { actions: assign({ error: NEWSLETTER_SEND_TEXT.subjectRequired }) },
        ],
      },
    },
    saving: {
      entry: { type: 'save', params: ({ context }) => ({ issueId: context.issueId, subject: context.subject, bodyMarkdown: context.bodyMarkdown }) },
      on: {
        'done.saved': { target: 'editing', actions: assign({ announcement: NEWSLETTER_SEND_TEXT.saved }) },
        failed: { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    previewing: {
      entry: { type: 'preview', params: ({ context }) => ({ issueId: context.issueId, subject: context.subject, bodyMarkdown: context.bodyMarkdown }) },
      on: {
        'done.previewed': { target: 'editing', actions: assign({ previewHtml: ({ event }) => event.html, announcement: NEWSLETTER_SEND_TEXT.previewed }) },
        failed: { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    testing: {
      entry: { type: 'test', params: ({ context }) => ({ issueId: context.issueId, subject: context.subject, bodyMarkdown: context.bodyMarkdown }) },
      on: {
        'done.tested': { target: 'editing', actions: assign({ announcement: NEWSLETTER_SEND_TEXT.testSent }) },
        failed: { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    confirming: {
      on: {
        'send.cancel': { target: 'editing' },
        'send.confirm': { target: 'starting' },
      },
    },
    starting: {
      entry: { type: 'send', params: ({ context }) => ({ issueId: context.issueId, subject: context.subject, bodyMarkdown: context.bodyMarkdown }) },
      on: {
        'done.started': {
          target: 'sending',
          actions: assign({ status: 'sending', recipients: ({ event }) => event.recipients, delivered: 0, announcement: NEWSLETTER_SEND_TEXT.started }),
        },
        failed: { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    sending: {
      entry: { type: 'watch', params: ({ context }) => ({ issueId: context.issueId }) },
      exit: 'unwatch',
      on: {
        progress: [
          { guard: 'isSent', target: 'sent', actions: assign({ status: 'sent', recipients: ({ event }) => event.recipients, delivered: ({ event }) => event.delivered, announcement: NEWSLETTER_SEND_TEXT.sent }) },
          { guard: 'isFailed', target: 'failed', actions: assign({ status: 'failed', delivered: ({ event }) => event.delivered, error: NEWSLETTER_SEND_TEXT.failed }) },
          { actions: assign({ recipients: ({ event }) => event.recipients, delivered: ({ event }) => event.delivered }) },
        ],
      },
    },
    sent: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type NewsletterSendMachine = typeof newsletterSendMachine;
export type NewsletterSendSnapshot = SnapshotFrom<NewsletterSendMachine>;

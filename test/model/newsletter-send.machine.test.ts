/**
 * Model-based tests of writing and sending a newsletter issue (issue 36 item 4, ADR 139): paths from the machine's own
 * graph (the shortest path to every abstract state, from each status an issue can open in, each extended by every
 * event; and the simple paths through the editor), replayed on a live actor whose effects only record, and compared
 * after every step with a plain model. Named rules are checked besides, and a last test fails if any state or
 * transition was never reached. The effects file is then run against the scripted API and a manual clock.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { saveSubscribersCsv } from '../../src/application/newsletter-export';
import { PROGRESS_POLL_MS, provideNewsletterSend } from '../../src/application/newsletter-send.effects';
import {
  type IssueStatus, NEWSLETTER_SEND_TEXT, type NewsletterSendEvent, type NewsletterSendInput, newsletterSendMachine,
} from '../../src/application/newsletter-send.machine';
import { RecordingFileSaver, ScriptedApi } from '../../src/application/testing/fakes';
import { type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered, agree } from './model-kit';

type Snapshot = SnapshotFrom<typeof newsletterSendMachine>;
type Screen = 'editing' | 'saving' | 'previewing' | 'testing' | 'confirming' | 'starting' | 'sending' | 'sent' | 'failed';

const ALL_EVENTS: NewsletterSendEvent[] = [
  { type: 'subject.change', value: 'November digest' }, { type: 'subject.change', value: '  ' },
  { type: 'body.change', value: 'Mass timber **stores** carbon.' }, { type: 'body.change', value: '' },
  { type: 'save' }, { type: 'preview' }, { type: 'test' }, { type: 'send.ask' }, { type: 'send.cancel' }, { type: 'send.confirm' },
  { type: 'done.saved' }, { type: 'done.previewed', html: '<p>Mass timber</p>' }, { type: 'done.tested' }, { type: 'done.started', recipients: 3 },
  { type: 'failed', message: 'Server said no' },
  { type: 'progress', status: 'sending', recipients: 3, delivered: 1 },
  { type: 'progress', status: 'sent', recipients: 3, delivered: 3 },
  { type: 'progress', status: 'failed', recipients: 3, delivered: 2 },
];

const eventsFor = (s: Snapshot): NewsletterSendEvent[] => (s.status === 'done' ? [] : ALL_EVENTS);

const inputOf = (status: IssueStatus): NewsletterSendInput => ({
  issueId: 'issue-1', subject: status === 'draft' ? '' : 'October digest', bodyMarkdown: status === 'draft' ? '' : 'Hello', status,
  recipients: status === 'draft' ? 0 : 5, delivered: status === 'sent' ? 5 : status === 'failed' ? 2 : 1,
});

interface Model {
  screen: Screen;
  subject: string;
  bodyMarkdown: string;
  status: IssueStatus;
  recipients: number;
  delivered: number;
  previewHtml: string | null;
  error: string | null;
  announcement: string;
  effects: string[];
}

const initialModel = (input: NewsletterSendInput): Model => {
  const { issueId: _id, ...rest } = input;
  const screen: Screen = input.status === 'draft' ? 'editing' : input.status;
  return { screen, ...rest, previewHtml: null, error: null, announcement: '', effects: screen === 'sending' ? ['watch issue-1'] : [] };
};

function step(m: Model, e: NewsletterSendEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const effect = (text: string) => next.effects.push(text);
  const draft = () => `${m.subject}|${m.bodyMarkdown}`;
  const hasSubject = m.subject.trim() !== '';
  const sendable = hasSubject && m.bodyMarkdown.trim() !== '';
  const missing = hasSubject ? NEWSLETTER_SEND_TEXT.bodyRequired : NEWSLETTER_SEND_TEXT.subjectRequired;
  switch (m.screen) {
    case 'editing':
      if (e.type === 'subject.change') return { ...next, subject: e.value, error: null };
      // A changed text makes the last preview stale: it goes.
      if (e.type === 'body.change') return { ...next, bodyMarkdown: e.value, previewHtml: null, error: null };
      if (e.type === 'save' || e.type === 'preview') {
        if (!hasSubject) return { ...next, error: NEWSLETTER_SEND_TEXT.subjectRequired };
        effect(`${e.type} ${draft()}`);
        return { ...next, screen: e.type === 'save' ? 'saving' : 'previewing', error: null, announcement: '' };
      }
      if (e.type === 'test') {
        if (!sendable) return { ...next, error: missing };
        effect(`test ${draft()}`);
        return { ...next, screen: 'testing', error: null, announcement: '' };
      }
      if (e.type === 'send.ask') return sendable ? { ...next, screen: 'confirming', error: null, announcement: '' } : { ...next, error: missing };
      return m;
    case 'saving':
    case 'previewing':
    case 'testing': {
      const done = { saving: 'done.saved', previewing: 'done.previewed', testing: 'done.tested' }[m.screen];
      if (e.type === 'failed') return { ...next, screen: 'editing', error: e.message };
      if (e.type !== done) return m;
      if (e.type === 'done.previewed') return { ...next, screen: 'editing', previewHtml: e.html, announcement: NEWSLETTER_SEND_TEXT.previewed };
      return { ...next, screen: 'editing', announcement: m.screen === 'saving' ? NEWSLETTER_SEND_TEXT.saved : NEWSLETTER_SEND_TEXT.testSent };
    }
    case 'confirming':
      if (e.type === 'send.cancel') return { ...next, screen: 'editing' };
      if (e.type === 'send.confirm') {
        effect(`send ${draft()}`);
        return { ...next, screen: 'starting' };
      }
      return m;
    case 'starting':
      if (e.type === 'failed') return { ...next, screen: 'editing', error: e.message };
      if (e.type === 'done.started') {
        effect('watch issue-1');
        return { ...next, screen: 'sending', status: 'sending', recipients: e.recipients, delivered: 0, announcement: NEWSLETTER_SEND_TEXT.started };
      }
      return m;
    case 'sending':
      if (e.type !== 'progress') return m;
      if (e.status === 'sent') {
        effect('unwatch');
        return { ...next, screen: 'sent', status: 'sent', recipients: e.recipients, delivered: e.delivered, announcement: NEWSLETTER_SEND_TEXT.sent };
      }
      if (e.status === 'failed') {
        effect('unwatch');
        return { ...next, screen: 'failed', status: 'failed', delivered: e.delivered, error: NEWSLETTER_SEND_TEXT.failed };
      }
      return { ...next, recipients: e.recipients, delivered: e.delivered };
    case 'sent':
    case 'failed':
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const effect = (text: string) => void world.effects.push(text);
  const machine = newsletterSendMachine.provide({
    actions: {
      save: (_, p) => effect(`save ${p.subject}|${p.bodyMarkdown}`),
      preview: (_, p) => effect(`preview ${p.subject}|${p.bodyMarkdown}`),
      test: (_, p) => effect(`test ${p.subject}|${p.bodyMarkdown}`),
      send: (_, p) => effect(`send ${p.subject}|${p.bodyMarkdown}`),
      watch: (_, p) => effect(`watch ${p.issueId}`),
      unwatch: () => effect('unwatch'),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world'], input: NewsletterSendInput) {
  let model = initialModel(input);
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as NewsletterSendEvent);
    const { issueId: _id, ...context } = snapshot.context;
    const { effects: _e, screen, ...fields } = model;
    agree({ screen: snapshot.value, ...context, effects: world.effects }, { screen, ...fields, effects: model.effects });
    const busy = ['saving', 'previewing', 'testing', 'starting', 'sending'].some((s) => snapshot.matches(s as 'saving'));
    // One request at a time, and nothing typed while it is on its way.
    if (busy) holds(!snapshot.can({ type: 'save' }) && !snapshot.can({ type: 'send.ask' }) && !snapshot.can({ type: 'subject.change', value: 'x' }), 'one request at a time');
    // A send is asked for only after the confirmation, and only with a subject and a body.
    for (const sent of world.effects.filter((e) => e.startsWith('send '))) holds(/^send [^|]*\S[^|]*\|.*\S/.test(sent), 'a send carries a subject and a body');
    holds(world.effects.filter((e) => e.startsWith('send ')).length <= 1, 'an issue is sent once');
    if (snapshot.matches('sent') || snapshot.matches('failed')) holds(snapshot.status === 'done', 'a finished send ends the editor');
  };
}

describe('newsletter send machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.subject.trim() !== '', s.context.bodyMarkdown.trim() !== '', s.context.previewHtml !== null, s.context.error !== null]);
  const paths: { input: NewsletterSendInput; path: PathLike<NewsletterSendEvent> }[] = [];
  for (const status of ['draft', 'sending', 'sent', 'failed'] as const) {
    const input = inputOf(status);
    for (const path of getShortestPaths(newsletterSendMachine, { events: eventsFor as never, serializeState: serialize as never, input })) {
      for (const event of eventsFor(path.state as Snapshot)) paths.push({ input, path: { steps: [...(path.steps as { event: NewsletterSendEvent }[]), { event }] } });
      if (eventsFor(path.state as Snapshot).length === 0) paths.push({ input, path: path as unknown as PathLike<NewsletterSendEvent> });
    }
  }
  const draftInput = inputOf('draft');
  const simple = getSimplePaths(newsletterSendMachine, {
    events: eventsFor as never,
    serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.subject.trim() !== '', s.context.bodyMarkdown.trim() !== ''])) as never,
    input: draftInput,
  }).filter((p) => p.steps.length <= 6);
  for (const path of simple) paths.push({ input: draftInput, path: path as unknown as PathLike<NewsletterSendEvent> });

  it.each(paths.map((p) => [`${p.input.status}: ${pathName(p.path)}`, p] as const))('%s', (_name, { input, path }) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world, input), input);
  });

  it('reached every state and every transition', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(uncovered(newsletterSendMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

class ManualClock {
  now = 0;
  ticks: (() => void)[] = [];
  every(_ms: number, tick: () => void) {
    this.ticks.push(tick);
    return () => {
      this.ticks = this.ticks.filter((t) => t !== tick);
    };
  }
  tick() {
    for (const t of [...this.ticks]) t();
  }
}

const issue = (status: IssueStatus, delivered: number) => ({
  id: 'issue-1', subject: 'November', bodyMarkdown: 'Hello', status, recipients: 3, delivered, createdAt: '', updatedAt: '', sentAt: null, pageUrl: null, fileUrl: null,
});

describe('newsletter send effects (scripted API, manual clock)', () => {
  it('saves before each request, sends once confirmed, and follows the progress until sent', async () => {
    const clock = new ManualClock();
    let reads = 0;
    const api = new ScriptedApi({
      'newsletter.updateIssue': () => Promise.resolve({ success: true, issue: issue('draft', 0) }),
      'newsletter.preview': () => Promise.resolve({ success: true, html: '<p>Hello</p>' }),
      'newsletter.testSend': () => Promise.resolve({ success: true, message: 'A test was sent to your email address.' }),
      'newsletter.send': () => Promise.resolve({ success: true, issue: issue('sending', 0) }),
      'newsletter.issue': () => Promise.resolve({ success: true, confirmedSubscribers: 3, issue: reads++ === 0 ? issue('sending', 2) : issue('sent', 3) }),
    });
    const actor = createActor(provideNewsletterSend({ api, clock: { now: () => clock.now, every: (ms, t) => clock.every(ms, t) }, log: () => {} }), { input: inputOf('draft') }).start();
    actor.send({ type: 'subject.change', value: 'November' });
    actor.send({ type: 'body.change', value: 'Hello' });
    actor.send({ type: 'preview' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.previewHtml !== null);
    actor.send({ type: 'test' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.announcement === NEWSLETTER_SEND_TEXT.testSent);
    actor.send({ type: 'send.ask' });
    actor.send({ type: 'send.confirm' });
    await waitFor(actor, (s) => s.matches('sending') && s.context.delivered === 2);
    expect(PROGRESS_POLL_MS).toBeGreaterThan(0);
    // The first reading has finished (a tick while one is on its way is skipped), then the clock ticks.
    await new Promise((r) => setTimeout(r, 0));
    clock.tick();
    await waitFor(actor, (s) => s.matches('sent'));
    expect(clock.ticks).toEqual([]);
    expect(api.calls.map((c) => c.name)).toEqual([
      'newsletter.updateIssue', 'newsletter.preview', 'newsletter.updateIssue', 'newsletter.testSend', 'newsletter.updateIssue', 'newsletter.send',
      'newsletter.issue', 'newsletter.issue',
    ]);
    expect(api.calls[0]!.input).toEqual({ params: { id: 'issue-1' }, body: { subject: 'November', bodyMarkdown: 'Hello' } });
  });

  it("shows the server's words for a refusal and a generic text for a failure", async () => {
    let answer = () => Promise.reject(new ApiError('http', 409, 'This issue has been sent and can no longer be changed.'));
    const logged: string[] = [];
    const api = new ScriptedApi({ 'newsletter.updateIssue': () => answer() });
    const actor = createActor(provideNewsletterSend({ api, clock: { now: () => 0, every: () => () => {} }, log: (m) => logged.push(m) }), { input: inputOf('sent') }).start();
    expect(actor.getSnapshot().status).toBe('done');
    const editor = createActor(provideNewsletterSend({ api, clock: { now: () => 0, every: () => () => {} }, log: (m) => logged.push(m) }), { input: { ...inputOf('draft'), subject: 'A', bodyMarkdown: 'B' } }).start();
    editor.send({ type: 'save' });
    await waitFor(editor, (s) => s.matches('editing') && s.context.error !== null);
    expect(editor.getSnapshot().context.error).toBe('This issue has been sent and can no longer be changed.');
    answer = () => Promise.reject(new ApiError('http', 500, 'Internal Server Error'));
    editor.send({ type: 'save' });
    await waitFor(editor, (s) => s.matches('editing') && s.context.error === NEWSLETTER_SEND_TEXT.saveFailed);
    expect(logged).toEqual(['saving a newsletter failed', 'saving a newsletter failed']);
    editor.stop();
  });

  it('saves the subscribers CSV under the day it was taken', async () => {
    const csv = new TextEncoder().encode('"email"\r\n');
    const api = new ScriptedApi({ 'newsletter.exportSubscribers': () => Promise.resolve(csv) });
    const files = new RecordingFileSaver();
    await saveSubscribersCsv(api, files, Date.parse('2026-11-29T10:00:00Z'));
    expect(files.saved).toEqual([{ bytes: csv, filename: 'newsletter-subscribers-2026-11-29.csv', mimeType: 'text/csv' }]);
  });
});

/** What the service worker shows for a push message (ADR 170): the server's message, and never a link elsewhere. */
import { describe, expect, it } from 'vitest';
import { shownPush } from '../../src/adapters/service-worker/messages';

const ORIGIN = 'https://learn.example';
const message = { title: 'SustainLearn', body: 'Ada replied to your post “Heat pumps”', url: `${ORIGIN}/discussion/1#comment-2`, tag: 'notification-9' };

describe('shownPush', () => {
  it('shows the title and sentence, replaces under its tag, and keeps the comment to open', () => {
    expect(shownPush(JSON.stringify(message), ORIGIN)).toEqual({
      title: 'SustainLearn',
      options: { body: message.body, tag: 'notification-9', icon: '/icons/icon-192.png', badge: '/icons/badge-96.png', data: { url: `${ORIGIN}/discussion/1#comment-2` } },
    });
  });

  it('reads a path as on this site', () => {
    expect(shownPush(JSON.stringify({ ...message, url: '/discussion/1' }), ORIGIN)?.options.data.url).toBe(`${ORIGIN}/discussion/1`);
  });

  it('shows nothing for a link to another site, or what is not a message', () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect(shownPush(JSON.stringify({ ...message, url }), ORIGIN), url).toBeNull();
    }
    for (const text of [null, '', 'not json', '42', 'null', JSON.stringify({ ...message, body: 3 })]) expect(shownPush(text, ORIGIN), String(text)).toBeNull();
  });
});

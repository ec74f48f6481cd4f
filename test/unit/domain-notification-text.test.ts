/**
 * The sentence of each notification kind (src/domain/notifications.ts), the followed post's two forms (a new post, a
 * reply in it) among them, and the time-zone rules of the daily digest (src/domain/time-zone.ts): IANA names only,
 * and 08:00 on the member's wall clock, across summer time.
 */
import { describe, expect, it } from 'vitest';
import { type NotificationFacts, notificationText } from '../../src/domain/notifications';
import { validTimeZone, nextLocalHour } from '../../src/domain/time-zone';

const facts = (over: Partial<NotificationFacts>): NotificationFacts => ({
  kind: 'reply_post', actorName: 'Grace Hopper', actorCount: 1, discussionTitle: 'Mass timber', commentId: null, detail: null, ...over,
});

describe('notificationText', () => {
  it('says who replied to what', () => {
    expect(notificationText(facts({ commentId: 'c1' }))).toBe('Grace Hopper replied to your post “Mass timber”');
    expect(notificationText(facts({ kind: 'reply_comment', commentId: 'c1' }))).toBe('Grace Hopper replied to your comment on “Mass timber”');
  });

  it('tells a new post in a followed topic from a reply in a followed post', () => {
    expect(notificationText(facts({ kind: 'followed_post' }))).toBe('Grace Hopper posted “Mass timber” in a topic you follow');
    expect(notificationText(facts({ kind: 'followed_post', commentId: 'c1' }))).toBe('Grace Hopper replied in “Mass timber”, a post you follow');
  });

  it('groups likes', () => {
    expect(notificationText(facts({ kind: 'like' }))).toBe('Grace Hopper liked your post “Mass timber”');
    expect(notificationText(facts({ kind: 'like', actorCount: 2, commentId: 'c1' }))).toBe('Grace Hopper and 1 other liked your comment on “Mass timber”');
    expect(notificationText(facts({ kind: 'like', actorCount: 4 }))).toBe('Grace Hopper and 3 others liked your post “Mass timber”');
  });

  it('names a member who left as "A member" and a missing post as "a post"', () => {
    expect(notificationText(facts({ actorName: null, discussionTitle: null }))).toBe('A member replied to your post a post');
  });
});

describe('time zones', () => {
  it('takes IANA names only', () => {
    expect(validTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(validTimeZone('UTC')).toBe('UTC');
    expect(validTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    for (const bad of ['Mars/Olympus', '+01:00', '', 'Europe/Paris; drop', '../etc']) expect(validTimeZone(bad)).toBeNull();
  });

  it('finds the next 08:00 on the wall clock of the zone', () => {
    const at = (iso: string) => Date.parse(iso);
    // UTC when the member has none.
    expect(nextLocalHour(at('2026-03-10T07:59:00Z'), null, 8)).toBe(at('2026-03-10T08:00:00Z'));
    expect(nextLocalHour(at('2026-03-10T08:00:00Z'), null, 8)).toBe(at('2026-03-11T08:00:00Z'));
    // Paris in winter (UTC+1) and in summer (UTC+2); the night summer time begins.
    expect(nextLocalHour(at('2026-01-15T12:00:00Z'), 'Europe/Paris', 8)).toBe(at('2026-01-16T07:00:00Z'));
    expect(nextLocalHour(at('2026-07-15T05:00:00Z'), 'Europe/Paris', 8)).toBe(at('2026-07-15T06:00:00Z'));
    expect(nextLocalHour(at('2026-03-28T20:00:00Z'), 'Europe/Paris', 8)).toBe(at('2026-03-29T06:00:00Z'));
    // West of UTC, where 08:00 local is later the same UTC day.
    expect(nextLocalHour(at('2026-01-15T12:00:00Z'), 'America/New_York', 8)).toBe(at('2026-01-15T13:00:00Z'));
    expect(nextLocalHour(at('2026-01-15T22:00:00Z'), 'Asia/Kolkata', 8)).toBe(at('2026-01-16T02:30:00Z'));
  });
});

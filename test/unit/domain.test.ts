import { describe, expect, it } from 'vitest';
import { formatCountdown, isCompleteOtp, normaliseOtp } from '../../src/domain/otp';
import { readTimeMinutes, stripHtml, truncate, formatUsDate, withoutFieldName } from '../../src/domain/text';
import { avatarInitials, displayFirstName } from '../../src/domain/user';
import { filterSections } from '../../src/domain/sections';
import { type CourseProgress, withLessonComplete } from '../../src/domain/learning';

describe('avatar rule', () => {
  it.each([
    [{ firstName: 'ada', lastName: 'lovelace', email: 'a@x.io' }, 'AL'],
    [{ firstName: 'Ada', lastName: '', email: 'a@x.io' }, 'A'],
    [{ firstName: ' ', lastName: ' ', email: 'zed@x.io' }, 'Z'],
    [{ firstName: '', lastName: '', email: '' }, 'U'],
    [null, 'U'],
  ])('%j → %s', (user, expected) => {
    expect(avatarInitials(user)).toBe(expected);
  });
  it('defaults the first name to User', () => {
    expect(displayFirstName({ firstName: '' })).toBe('User');
    expect(displayFirstName({ firstName: 'Grace' })).toBe('Grace');
  });
});

describe('OTP rules', () => {
  it.each([[120, '2:00'], [119, '1:59'], [61, '1:01'], [9, '0:09'], [0, '0:00'], [-3, '0:00']])('%i s shows %s', (s, text) => {
    expect(formatCountdown(s)).toBe(text);
  });
  it.each([['123 456', '123456'], ['123-456', '123456'], ['12a3456789', '123456'], ['  1 2 ', '12']])('normalises %j', (raw, code) => {
    expect(normaliseOtp(raw)).toBe(code);
  });
  it('accepts exactly six digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('12345a')).toBe(false);
  });
});

describe('text rules', () => {
  it('cuts teasers at N characters plus an ellipsis', () => {
    expect(truncate('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}...`);
    expect(truncate('short', 100)).toBe('short');
  });
  it('computes read time from the words of the HTML body', () => {
    expect(readTimeMinutes(`<p>${'word '.repeat(600)}</p>`)).toBe(3);
    expect(readTimeMinutes('<p>one</p>')).toBe(1);
    expect(stripHtml('<h2>A &amp; B</h2><p>c</p>')).toBe('A & B c');
  });
  it('shows dates in US English', () => {
    expect(formatUsDate('2026-11-03T00:00:00Z')).toBe('November 3, 2026');
    // The same UTC day, however late, and other forms of the same instant read the same; the next day does not.
    expect(formatUsDate('2026-11-03T23:59:59.999Z')).toBe('November 3, 2026');
    expect(formatUsDate('2026-11-03T22:00:00-05:00')).toBe('November 4, 2026');
    expect(formatUsDate(new Date('2026-11-04T00:00:00Z'))).toBe('November 4, 2026');
    expect(formatUsDate('2026-12-31T12:00:00.123456Z')).toBe('December 31, 2026');
  });
  it('filters the eight sections by title, case-insensitively', () => {
    expect(filterSections('BOOK').map((s) => s.title)).toEqual(['eBooks']);
    expect(filterSections('')).toHaveLength(8);
    expect(filterSections('zzz')).toEqual([]);
  });
});

describe('a lesson shown complete before the server answers', () => {
  const order = ['l1', 'l2', 'l3', 'l4'];
  const progress: CourseProgress = {
    courseId: 'c', enrolled: false, enrolledAt: null, completedLessonIds: ['l2'], completedLessons: 1, totalLessons: 4, percent: 25, nextLessonId: 'l1',
    assessment: { unlocked: false, totalQuestions: 8, attempts: 0, bestScore: null, bestPercent: null, passed: false, inProgressAttemptId: null },
    certificateId: null,
  };

  it('counts the lesson in course order, moves the next lesson on, and leaves the assessment as the server said', () => {
    expect(withLessonComplete(progress, order, 'l1')).toEqual({
      ...progress, enrolled: true, completedLessonIds: ['l1', 'l2'], completedLessons: 2, percent: 50, nextLessonId: 'l3',
    });
    const all = ['l1', 'l3', 'l4'].reduce((p, id) => withLessonComplete(p, order, id), progress);
    expect(all).toMatchObject({ completedLessons: 4, percent: 100, nextLessonId: null, assessment: { unlocked: false } });
  });

  it('changes nothing for a lesson already complete or not in the course', () => {
    expect(withLessonComplete(progress, order, 'l2')).toBe(progress);
    expect(withLessonComplete(progress, order, 'elsewhere')).toBe(progress);
  });
});

describe('messages on screen', () => {
  it.each([
    ['sdgSet: There is no such quiz set', 'There is no such quiz set'],
    ['title: Title is required', 'Title is required'],
    ['body.content: must not be blank', 'Must not be blank'],
    ['Invalid credentials', 'Invalid credentials'],
    ['Too many attempts. Please try again in 5 minutes.', 'Too many attempts. Please try again in 5 minutes.'],
    ['Error 42: not a field', 'Error 42: not a field'],
  ])('"%s" reads "%s"', (message, shown) => expect(withoutFieldName(message)).toBe(shown));
});

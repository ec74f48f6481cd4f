/**
 * Unit tests of the learning rules (src/domain/learning.ts): percent of lessons complete, the 70% pass mark, a
 * certificate's hours, the "3 of 7 lessons" text, the lessons of a course in order, the next lesson to take, the
 * progress shown before the server confirms a lesson, and the schemas the API answers are read with (learning.schema.ts)
 * and the hand-written types they match.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { itKeepsEveryFieldAndNeedsEachOne, type ShapeSample } from './schema-kit';
import {
  ASSESSMENT_PASS_PERCENT, type AssessmentAnswer, type AssessmentAttempt, type AssessmentSummary, type Certificate, type CourseProgress,
  firstUnfinished, hoursOf, type LearningCourse, type LessonView, lessonsDoneText, lessonsInOrder, passes, percentOf,
  type PublicCertificate, withLessonComplete,
} from '../../src/domain/learning';
import {
  assessmentAnswerSchema, assessmentAttemptSchema, assessmentSummarySchema, certificateSchema, courseProgressSchema, learningCourseSchema,
  lessonViewSchema, publicCertificateSchema,
} from '../../src/domain/learning.schema';

describe('percent of lessons complete', () => {
  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [1, 3, 33],
    [2, 3, 66],
    [7, 8, 87],
    [199, 200, 99],
    [3, 3, 100],
    [1, 1, 100],
  ])('%i of %i is %i%', (completed, total, percent) => {
    expect(percentOf(completed, total)).toBe(percent);
  });
});

describe('the pass mark', () => {
  it('is 70 percent', () => {
    expect(ASSESSMENT_PASS_PERCENT).toBe(70);
  });

  it.each([
    [7, 10, true],
    [6, 10, false],
    [70, 100, true],
    [69, 100, false],
    [3, 4, true],
    [2, 3, false],
    [10, 10, true],
    [0, 10, false],
  ])('%i of %i passes: %s', (score, total, expected) => {
    expect(passes(score, total)).toBe(expected);
  });

  it('never passes an assessment without questions', () => {
    expect(passes(0, 0)).toBe(false);
    expect(passes(1, 0)).toBe(false);
  });
});

describe("a certificate's hours", () => {
  it.each([
    [60, 1],
    [90, 1.5],
    [100, 1.7],
    [600, 10],
    [9, 0.2],
    [6, 0.1],
    [3, 0.1],
    [2, 0.1],
    [0, 0.1],
  ])('%i minutes are %d hours', (minutes, hours) => {
    expect(hoursOf(minutes)).toBe(hours);
  });
});

describe('the lessons-done text', () => {
  it.each([
    [3, 7, '3 of 7 lessons'],
    [0, 1, '0 of 1 lesson'],
    [1, 1, '1 of 1 lesson'],
    [1, 2, '1 of 2 lessons'],
    [0, 0, '0 of 0 lessons'],
  ])('%i of %i reads %j', (completed, total, text) => {
    expect(lessonsDoneText(completed, total)).toBe(text);
  });
});

describe('the lessons of a course in order', () => {
  it('flattens the modules, each lesson keeping its own fields and its module title', () => {
    const course = {
      sections: [
        { _id: 's1', title: 'Basics', content: [{ _id: 'l1', title: 'One', duration: 5 }, { _id: 'l2', title: 'Two', duration: 7 }] },
        { _id: 's2', title: 'Empty', content: [] },
        { _id: 's3', title: 'Further', content: [{ _id: 'l3', title: 'Three', duration: 9 }] },
      ],
    };
    expect(lessonsInOrder(course)).toEqual([
      { _id: 'l1', title: 'One', duration: 5, sectionTitle: 'Basics' },
      { _id: 'l2', title: 'Two', duration: 7, sectionTitle: 'Basics' },
      { _id: 'l3', title: 'Three', duration: 9, sectionTitle: 'Further' },
    ]);
  });

  it('has none for a course without modules', () => {
    expect(lessonsInOrder({ sections: [] })).toEqual([]);
  });
});

describe('the next lesson to take', () => {
  const order = ['l1', 'l2', 'l3'];

  it('is the first lesson in course order not yet complete, whatever order they were completed in', () => {
    expect(firstUnfinished(order, [])).toBe('l1');
    expect(firstUnfinished(order, ['l1'])).toBe('l2');
    expect(firstUnfinished(order, ['l3', 'l1'])).toBe('l2');
    expect(firstUnfinished(order, ['l2'])).toBe('l1');
  });

  it('reads the completed lessons from a set as well as a list', () => {
    expect(firstUnfinished(order, new Set(['l1', 'l2']))).toBe('l3');
    expect(firstUnfinished(order, new Set<string>())).toBe('l1');
  });

  it('is null when every lesson is complete or the course has none', () => {
    expect(firstUnfinished(order, ['l3', 'l2', 'l1'])).toBeNull();
    expect(firstUnfinished(order, new Set(order))).toBeNull();
    expect(firstUnfinished([], ['l1'])).toBeNull();
  });

  it('ignores completed ids that are not lessons of the course', () => {
    expect(firstUnfinished(order, ['elsewhere', 'l1'])).toBe('l2');
  });
});

const summary = { unlocked: false, totalQuestions: 8, attempts: 0, bestScore: null, bestPercent: null, passed: false, inProgressAttemptId: null };

describe('a lesson shown complete before the server answers', () => {
  const order = ['l1', 'l2', 'l3', 'l4', 'l5'];
  const progress: CourseProgress = {
    courseId: 'c1', enrolled: false, enrolledAt: null, completedLessonIds: ['l4'], completedLessons: 1, totalLessons: 5, percent: 20,
    nextLessonId: 'l1', assessment: summary, certificateId: null,
  };

  it('adds the lesson in course order, counts it, and moves the next lesson on', () => {
    expect(withLessonComplete(progress, order, 'l2')).toEqual({
      ...progress, enrolled: true, completedLessonIds: ['l2', 'l4'], completedLessons: 2, percent: 40, nextLessonId: 'l1',
    });
    expect(withLessonComplete(progress, order, 'l1')).toEqual({
      ...progress, enrolled: true, completedLessonIds: ['l1', 'l4'], completedLessons: 2, percent: 40, nextLessonId: 'l2',
    });
  });

  it('reaches 100 percent and no next lesson with the last one, leaving the assessment and certificate to the server', () => {
    const almost = { ...progress, completedLessonIds: ['l1', 'l2', 'l4', 'l5'], completedLessons: 4, percent: 80, nextLessonId: 'l3' };
    const done = withLessonComplete(almost, order, 'l3');
    expect(done).toEqual({
      ...almost, enrolled: true, completedLessonIds: order, completedLessons: 5, percent: 100, nextLessonId: null,
    });
    expect(done.assessment).toBe(summary);
    expect(done.certificateId).toBeNull();
  });

  it('keeps a learner already enrolled enrolled, with their enrolment date', () => {
    const enrolled = { ...progress, enrolled: true, enrolledAt: '2026-01-02T00:00:00.000Z' };
    expect(withLessonComplete(enrolled, order, 'l5')).toMatchObject({ enrolled: true, enrolledAt: '2026-01-02T00:00:00.000Z', completedLessonIds: ['l4', 'l5'] });
  });

  it('works out the percent from the total the server gave', () => {
    const fresh = { ...progress, completedLessonIds: [], completedLessons: 0, percent: 0, totalLessons: 3 };
    expect(withLessonComplete(fresh, ['a', 'b', 'c'], 'b')).toMatchObject({ completedLessonIds: ['b'], completedLessons: 1, percent: 33, nextLessonId: 'a' });
  });

  it('returns the same progress for a lesson already complete or not in the course', () => {
    expect(withLessonComplete(progress, order, 'l4')).toBe(progress);
    expect(withLessonComplete(progress, order, 'elsewhere')).toBe(progress);
    expect(withLessonComplete(progress, [], 'l1')).toBe(progress);
  });
});

const certificate = {
  _id: 'cert1', courseId: 'c1', learnerName: 'Ada Lovelace', courseTitle: 'Carbon 101', minutes: 90, hours: 1.5, score: 7, totalQuestions: 8,
  issuedAt: '2026-02-03T00:00:00.000Z', verificationUrl: 'https://example.org/certificates/cert1',
  credits: [{ body: 'aia', amount: 1.5, type: 'LU', courseNumber: null }],
};
const SAMPLES: ShapeSample[] = [
  ['assessment summary', assessmentSummarySchema, { ...summary, bestScore: 6, bestPercent: 75, inProgressAttemptId: 'a1' }],
  ['course progress', courseProgressSchema, {
    courseId: 'c1', enrolled: true, enrolledAt: '2026-01-02T00:00:00.000Z', completedLessonIds: ['l1'], completedLessons: 1, totalLessons: 2,
    percent: 50, nextLessonId: 'l2', assessment: summary, certificateId: 'cert1',
  }],
  ['lesson view', lessonViewSchema, {
    _id: 'l2', courseId: 'c1', title: 'Scopes', html: '<p>Scope 3</p>', minutes: 8, sectionTitle: 'Basics', number: 2, totalLessons: 3,
    previousLessonId: 'l1', nextLessonId: 'l3',
  }],
  ['assessment answer', assessmentAnswerSchema, { questionIndex: 0, selectedOption: 2, isCorrect: false, correctOption: 1, explanation: 'Because' }],
  ['assessment attempt', assessmentAttemptSchema, {
    _id: 'a1', courseId: 'c1', status: 'completed', score: 1, totalQuestions: 1, questions: [{ question: 'Which?', options: ['A', 'B'] }],
    answers: [{ questionIndex: 0, selectedOption: 1, isCorrect: true, correctOption: 1, explanation: 'B it is' }], passed: true,
    createdAt: '2026-02-03T00:00:00.000Z', completedAt: '2026-02-03T00:10:00.000Z',
  }],
  ['certificate', certificateSchema, certificate],
  ['public certificate', publicCertificateSchema, {
    _id: 'cert1', learnerName: 'Ada Lovelace', courseTitle: 'Carbon 101', hours: 1.5, issuedAt: '2026-02-03T00:00:00.000Z',
    verificationUrl: 'https://example.org/certificates/cert1', valid: true, credits: [],
  }],
  ['learning course', learningCourseSchema, {
    courseId: 'c1', title: 'Carbon 101', category: 'carbon', thumbnail: '/media/c.svg', percent: 100, completedLessons: 3, totalLessons: 3,
    nextLessonId: null, certificate,
  }],
];

describe('the shapes the API answers', () => {
  itKeepsEveryFieldAndNeedsEachOne(SAMPLES);

  it('takes an attempt in progress, and no other status', () => {
    const attempt = { ...SAMPLES[4]![2], status: 'in-progress', completedAt: null };
    expect(assessmentAttemptSchema.parse(attempt)).toEqual(attempt);
    expect(assessmentAttemptSchema.safeParse({ ...attempt, status: 'abandoned' }).success).toBe(false);
    expect(assessmentAttemptSchema.safeParse({ ...attempt, status: '' }).success).toBe(false);
  });

  it('takes nulls where a value may be missing', () => {
    expect(learningCourseSchema.parse({ ...SAMPLES[7]![2], certificate: null })).toMatchObject({ certificate: null });
    expect(certificateSchema.parse({ ...certificate, courseId: null })).toMatchObject({ courseId: null });
    expect(courseProgressSchema.safeParse({ ...SAMPLES[1]![2], assessment: { ...summary, passed: undefined } }).success).toBe(false);
  });

  it('tells anyone only the public facts of a certificate, and only for a valid one', () => {
    expect(publicCertificateSchema.parse({ ...certificate, valid: true })).toEqual({
      _id: 'cert1', learnerName: 'Ada Lovelace', courseTitle: 'Carbon 101', hours: 1.5, issuedAt: '2026-02-03T00:00:00.000Z',
      verificationUrl: 'https://example.org/certificates/cert1', valid: true, credits: certificate.credits,
    });
    expect(publicCertificateSchema.safeParse({ ...SAMPLES[6]![2], valid: false }).success).toBe(false);
  });
});

describe('the types the rules use', () => {
  it('are exactly what the schemas read (typecheck)', () => {
    expectTypeOf<z.infer<typeof assessmentSummarySchema>>().toEqualTypeOf<AssessmentSummary>();
    expectTypeOf<z.infer<typeof courseProgressSchema>>().toEqualTypeOf<CourseProgress>();
    expectTypeOf<z.infer<typeof lessonViewSchema>>().toEqualTypeOf<LessonView>();
    expectTypeOf<z.infer<typeof assessmentAnswerSchema>>().toEqualTypeOf<AssessmentAnswer>();
    expectTypeOf<z.infer<typeof assessmentAttemptSchema>>().toEqualTypeOf<AssessmentAttempt>();
    expectTypeOf<z.infer<typeof certificateSchema>>().toEqualTypeOf<Certificate>();
    expectTypeOf<z.infer<typeof publicCertificateSchema>>().toEqualTypeOf<PublicCertificate>();
    expectTypeOf<z.infer<typeof learningCourseSchema>>().toEqualTypeOf<LearningCourse>();
  });
});

/** A member passes a seeded course over HTTP: every lesson done, every question answered right, the attempt completed. */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { courseQuestions } from '../../server/data/schema';
import { getCourse } from '../../src/contract/content';
import * as learning from '../../src/contract/learning';
import type { AssessmentAttempt } from '../../src/domain/learning';
import { send } from './api';
import type { TestContext } from './fixture';
import type { Member } from './members';

export interface PassedCourse {
  _id: string;
  title: string;
  sections: { content: { _id: string }[] }[];
}

/** Answers the course and the completing call's response, for the caller's own checks. */
export async function passCourse(ctx: TestContext, m: Member, courseId: string): Promise<{ course: PassedCourse; done: Response }> {
  const course = (await send(ctx, getCourse, { params: { id: courseId }, token: m.token })).json().course as PassedCourse;
  for (const lesson of course.sections.flatMap((s) => s.content)) {
    await send(ctx, learning.completeLesson, { params: { id: course._id, lessonId: lesson._id }, token: m.token });
  }
  const key = await ctx.database.db.select({ correct: courseQuestions.correctIndex }).from(courseQuestions)
    .where(eq(courseQuestions.courseId, course._id)).orderBy(courseQuestions.position);
  const attempt = (await send(ctx, learning.startAssessment, { params: { id: course._id }, token: m.token })).json().attempt as AssessmentAttempt;
  for (const [questionIndex, { correct }] of key.entries()) {
    await send(ctx, learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex, selectedOption: correct }, token: m.token });
  }
  const done = await send(ctx, learning.completeAssessment, { params: { id: attempt._id }, token: m.token });
  return { course, done };
}

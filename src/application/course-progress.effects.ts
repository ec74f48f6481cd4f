/** The course machine's named effects, against ports only: the API and in-app navigation. */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { COURSE_TEXT, type CourseProgressEvent, courseLoadErrorText, courseProgressMachine } from './course-progress.machine';
import { lessonPath } from './paths';
import type { ApiClient, Navigator } from './ports';
import { lazyCalls } from './lazy-calls';

export interface CourseProgressPorts {
  api: ApiClient;
  navigator: Navigator;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the view has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: CourseProgressEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The course and learning calls (and zod with them) load with the first call, not with the app shell. */
const contentCalls = lazyCalls(() => import('../contract/content'));
const learningCalls = lazyCalls(() => import('../contract/learning'));

export function provideCourseProgress({ api, navigator, log }: CourseProgressPorts) {
  const failed = (message: string) => (error: unknown) => {
    log(message, error);
    return error;
  };
  return courseProgressMachine.provide({
    actions: {
      loadCourse: ({ self }, { courseId, lessonId }) => {
        contentCalls((content) =>
          learningCalls((learning) =>
            Promise.all([
              api.call(content.getCourse, { params: { id: courseId } }),
              api.call(learning.courseProgress, { params: { id: courseId } }, { fresh: true }),
              lessonId ? api.call(learning.getLesson, { params: { id: courseId, lessonId } }) : Promise.resolve(null),
            ]),
          ),
        ).then(
            ([course, progress, lesson]) =>
              reply(self, { type: 'course.loaded', course: course.course, progress: progress.progress, lesson: lesson?.lesson ?? null, nameOnCertificate: progress.nameOnCertificate }),
            (error: unknown) => reply(self, { type: 'course.loadFailed', message: courseLoadErrorText(failed('loading a course failed')(error)) }),
          );
      },
      enrol: ({ self }, { courseId }) => {
        learningCalls((learning) => api.call(learning.enrol, { params: { id: courseId } }))
          .then(
            (answer) => reply(self, { type: 'course.enrolled', progress: answer.progress }),
            (error: unknown) => reply(self, { type: 'course.enrolFailed', message: messageOf(failed('enrolling failed')(error), COURSE_TEXT.enrolFailed) }),
          );
      },
      openLessonPage: (_, { courseId, lessonId }) => navigator.go(lessonPath(courseId, lessonId)),
      loadLesson: ({ self }, { courseId, lessonId }) => {
        learningCalls((learning) => api.call(learning.getLesson, { params: { id: courseId, lessonId } }))
          .then(
            (answer) => reply(self, { type: 'lesson.loaded', lesson: answer.lesson }),
            (error: unknown) => reply(self, { type: 'lesson.loadFailed', message: messageOf(failed('loading a lesson failed')(error), COURSE_TEXT.lessonFailed) }),
          );
      },
      markComplete: ({ self }, { courseId, lessonId }) => {
        learningCalls((learning) => api.call(learning.completeLesson, { params: { id: courseId, lessonId } }))
          .then(
            (answer) => reply(self, { type: 'lesson.marked', progress: answer.progress, ...(answer.queued ? { queued: true } : {}) }),
            (error: unknown) => reply(self, { type: 'lesson.markFailed', message: messageOf(failed('marking a lesson failed')(error), COURSE_TEXT.markFailed) }),
          );
      },
      startAssessment: ({ self }, { courseId }) => {
        learningCalls((learning) => api.call(learning.startAssessment, { params: { id: courseId } }))
          .then(
            (answer) => reply(self, { type: 'assessment.started', attempt: answer.attempt }),
            (error: unknown) => reply(self, { type: 'assessment.startFailed', message: messageOf(failed('starting an assessment failed')(error), COURSE_TEXT.startFailed) }),
          );
      },
      submitAnswer: ({ self }, { attemptId, questionIndex, selectedOption }) => {
        learningCalls((learning) => api.call(learning.answerAssessment, { params: { id: attemptId }, body: { questionIndex, selectedOption } }))
          .then(
            (answer) =>
              reply(self, {
                type: 'answer.saved',
                answer: { questionIndex, selectedOption, isCorrect: answer.isCorrect, correctOption: answer.correctOption, explanation: answer.explanation },
                score: answer.score,
              }),
            (error: unknown) => reply(self, { type: 'answer.failed', message: messageOf(failed('answering failed')(error), COURSE_TEXT.answerFailed) }),
          );
      },
      finishAssessment: ({ self }, { attemptId }) => {
        learningCalls((learning) => api.call(learning.completeAssessment, { params: { id: attemptId } }))
          .then(
            (answer) => reply(self, { type: 'assessment.finished', attempt: answer.attempt, certificate: answer.certificate, nameOnCertificate: answer.nameOnCertificate }),
            (error: unknown) => reply(self, { type: 'assessment.finishFailed', message: messageOf(failed('finishing an assessment failed')(error), COURSE_TEXT.finishFailed) }),
          );
      },
      issueCertificate: ({ self }, { courseId, name }) => {
        learningCalls((learning) => api.call(learning.issueCertificate, { params: { id: courseId }, body: { name } }))
          .then(
            (answer) => reply(self, { type: 'certificate.issued', certificate: answer.certificate }),
            (error: unknown) => reply(self, { type: 'certificate.issueFailed', message: messageOf(failed('issuing a certificate failed')(error), COURSE_TEXT.issueFailed) }),
          );
      },
    },
  });
}

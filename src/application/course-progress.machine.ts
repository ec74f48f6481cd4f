/**
 * Taking one course (issue 13): the course page with 'Get Started!' or 'Continue', the lesson player (read, mark as
 * complete, move on), the course assessment (the topic quiz's rules: one question at a time, the right option and
 * explanation shown after each answer, the score kept by the server), and the certificate a pass earns, issued once the
 * member confirms the name on it in a dialog (issue 35, ADR 131). Effects are
 * named actions provided by `course-progress.effects.ts`; their results come back as events, so the graph holds no
 * invoke or after and model tests walk all of it.
 */
import { assign, assertEvent, setup, type SnapshotFrom } from 'xstate';
import { certificateNameProblem } from '../domain/certificate-name';
import { type CourseProgress, lessonsInOrder, withLessonComplete } from '../domain/learning';
import { OFFLINE_TEXT } from '../domain/offline';
import { COURSE_TEXT, type CourseProgressContext, type CourseProgressEvent, type CourseProgressInput, firstUnanswered } from './course-progress.types';

export {
  COURSE_TEXT, type CourseProgressContext, type CourseProgressEvent, type CourseProgressInput, type CourseScreen, courseLoadErrorText, firstUnanswered,
} from './course-progress.types';

/** A lesson was just marked, so the course has lessons: done when every one is. */
const allLessonsDone = (progress: CourseProgress) => progress.completedLessons === progress.totalLessons;

const courseSetup = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as CourseProgressContext,
    events: {} as CourseProgressEvent,
    input: {} as CourseProgressInput,
  },
  actions: {
    /** GET the course, the member's progress and (for the player) the lesson; answers course.loaded or course.loadFailed. */
    loadCourse: (_, _params: { courseId: string; lessonId: string | null }) => {},
    /** POST enrol (idempotent); answers course.enrolled or course.enrolFailed. */
    enrol: (_, _params: { courseId: string }) => {},
    /** Moves the app to a lesson's page. */
    openLessonPage: (_, _params: { courseId: string; lessonId: string }) => {},
    /** GET a lesson; answers lesson.loaded or lesson.loadFailed. */
    loadLesson: (_, _params: { courseId: string; lessonId: string }) => {},
    /** POST the lesson complete (idempotent); answers lesson.marked or lesson.markFailed. */
    markComplete: (_, _params: { courseId: string; lessonId: string }) => {},
    /** POST start (or resume) the assessment; answers assessment.started or assessment.startFailed. */
    startAssessment: (_, _params: { courseId: string }) => {},
    /** POST an answer; answers answer.saved or answer.failed. */
    submitAnswer: (_, _params: { attemptId: string; questionIndex: number; selectedOption: number }) => {},
    /** POST complete; answers assessment.finished or assessment.finishFailed. */
    finishAssessment: (_, _params: { attemptId: string }) => {},
    /** POST the certificate under the confirmed name; answers certificate.issued or certificate.issueFailed. */
    issueCertificate: (_, _params: { courseId: string; name: string }) => {},
  },
  guards: {
    forAssessment: ({ context }) => context.screen === 'assessment',
    withLesson: ({ event }) => {
      assertEvent(event, 'course.loaded');
      return event.lesson !== null;
    },
    unlocked: ({ context }) => context.progress?.assessment.unlocked === true,
    otherLesson: ({ context, event }) => {
      assertEvent(event, 'lesson.open');
      return event.lessonId !== context.lesson?._id;
    },
    /** Another lesson than the one being opened (Next pressed twice, Back during a load): the last one asked for wins. */
    otherRequested: ({ context, event }) => {
      assertEvent(event, 'lesson.open');
      return event.lessonId !== context.lessonId;
    },
    /** The lesson that was asked for last: an answer for an earlier request is dropped. */
    requestedLesson: ({ context, event }) => {
      assertEvent(event, 'lesson.loaded');
      return event.lesson._id === context.lessonId;
    },
    lastLessonDone: ({ event }) => {
      assertEvent(event, 'lesson.marked');
      return allLessonsDone(event.progress);
    },
    hasChoice: ({ context }) => context.selected !== null,
    moreQuestions: ({ context }) => context.attempt !== null && firstUnanswered(context.attempt, context.answers) < context.attempt.totalQuestions,
    resumesFinished: ({ event }) => {
      assertEvent(event, 'assessment.started');
      return firstUnanswered(event.attempt, event.attempt.answers) >= event.attempt.totalQuestions;
    },
    earnedCertificate: ({ event }) => {
      assertEvent(event, 'assessment.finished');
      return event.certificate !== null && event.attempt.passed;
    },
    /** A pass whose certificate waits for the member to confirm the name on it. */
    awaitsName: ({ event }) => {
      assertEvent(event, 'assessment.finished');
      return event.certificate === null && event.attempt.passed && typeof event.nameOnCertificate === 'string';
    },
    /** The assessment page of a course passed earlier whose certificate still waits for its name. */
    passedAwaitingName: ({ context, event }) => {
      assertEvent(event, 'course.loaded');
      return context.screen === 'assessment' && typeof event.nameOnCertificate === 'string';
    },
    nameAccepted: ({ context }) => certificateNameProblem(context.certificateName) === null,
  },
});

/**
 * A mark answer that arrives after the member moved on (the next lesson opened, failed to open, or the course was
 * complete already): its progress still counts, and a failure still says so.
 */
const LATE_MARK = {
  'lesson.marked': {
    actions: courseSetup.assign({ progress: ({ event }) => (event.type === 'lesson.marked' ? event.progress : null), beforeMark: null }),
  },
  'lesson.markFailed': {
    actions: courseSetup.assign({
      alert: ({ event }) => (event.type === 'lesson.markFailed' ? event.message : null),
      progress: ({ context }) => context.beforeMark ?? context.progress,
      beforeMark: null,
    }),
  },
} as const;

/** 'Mark as complete': the lesson shows as done at once (the server's answer then confirms or undoes it). */
const MARK_AT_ONCE = courseSetup.assign({
  alert: null,
  beforeMark: ({ context }) => context.beforeMark ?? context.progress,
  progress: ({ context }) =>
    context.progress && context.course && context.lesson
      ? withLessonComplete(context.progress, lessonsInOrder(context.course).map((l) => l._id), context.lesson._id)
      : context.progress,
});

export const courseProgressMachine = courseSetup.createMachine({
  id: 'courseProgress',
  context: ({ input }) => ({
    courseId: input.courseId, screen: input.screen, lessonId: input.lessonId, course: null, progress: null, beforeMark: null, lesson: null, error: null,
    alert: null, attempt: null, index: 0, selected: null, answers: [], score: 0, certificate: null, certificateName: '', nameError: null, announcement: '',
  }),
  initial: 'loading',
  on: {
    'alert.dismissed': { actions: assign({ alert: null }) },
  },
  states: {
    loading: {
      entry: { type: 'loadCourse', params: ({ context }) => ({ courseId: context.courseId, lessonId: context.screen === 'lesson' ? context.lessonId : null }) },
      on: {
        'course.loaded': [
          {
            guard: 'passedAwaitingName',
            target: 'naming',
            actions: assign({
              course: ({ event }) => event.course, progress: ({ event }) => event.progress, certificateName: ({ event }) => event.nameOnCertificate ?? '',
            }),
          },
          {
            guard: 'forAssessment',
            target: 'assessment',
            actions: assign({ course: ({ event }) => event.course, progress: ({ event }) => event.progress }),
          },
          {
            guard: 'withLesson',
            target: 'reading',
            actions: assign({ course: ({ event }) => event.course, progress: ({ event }) => event.progress, lesson: ({ event }) => event.lesson }),
          },
          { target: 'overview', actions: assign({ course: ({ event }) => event.course, progress: ({ event }) => event.progress }) },
        ],
        'course.loadFailed': { target: 'loadFailed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    loadFailed: {},
    overview: {
      on: {
        'course.start': { target: 'enrolling', actions: assign({ alert: null }) },
        'assessment.open': { guard: 'unlocked', target: 'assessment' },
      },
    },
    enrolling: {
      entry: { type: 'enrol', params: ({ context }) => ({ courseId: context.courseId }) },
      on: {
        // Enrolled (or already): the first lesson not done yet opens (the first lesson once every one is done).
        'course.enrolled': {
          target: 'overview',
          actions: [
            assign({ progress: ({ event }) => event.progress }),
            {
              type: 'openLessonPage',
              // The course's id (the page may have been opened by its slug).
              params: ({ context, event }) => ({
                courseId: context.course?._id ?? context.courseId,
                lessonId: event.progress.nextLessonId ?? (context.course ? lessonsInOrder(context.course)[0]?._id : undefined) ?? '',
              }),
            },
          ],
        },
        'course.enrolFailed': { target: 'overview', actions: assign({ alert: ({ event }) => event.message }) },
      },
    },
    reading: {
      on: {
        'lesson.open': { guard: 'otherLesson', target: 'openingLesson', actions: assign({ lessonId: ({ event }) => event.lessonId, alert: null }) },
        'lesson.complete': { target: 'marking', actions: MARK_AT_ONCE },
        'assessment.open': { guard: 'unlocked', target: 'assessment' },
        ...LATE_MARK,
      },
    },
    openingLesson: {
      entry: { type: 'loadLesson', params: ({ context }) => ({ courseId: context.courseId, lessonId: context.lessonId! }) },
      on: {
        'lesson.open': { guard: 'otherRequested', target: 'openingLesson', reenter: true, actions: assign({ lessonId: ({ event }) => event.lessonId }) },
        'lesson.loaded': { guard: 'requestedLesson', target: 'reading', actions: assign({ lesson: ({ event }) => event.lesson, announcement: '' }) },
        'lesson.loadFailed': { target: 'lessonFailed', actions: assign({ error: ({ event }) => event.message }) },
        ...LATE_MARK,
      },
    },
    lessonFailed: {
      on: {
        'lesson.open': { target: 'openingLesson', actions: assign({ lessonId: ({ event }) => event.lessonId, error: null }) },
        ...LATE_MARK,
      },
    },
    marking: {
      entry: { type: 'markComplete', params: ({ context }) => ({ courseId: context.courseId, lessonId: context.lesson!._id }) },
      on: {
        'lesson.marked': [
          {
            guard: 'lastLessonDone',
            target: 'courseComplete',
            actions: assign({ progress: ({ event }) => event.progress, beforeMark: null, announcement: ({ event }) => (event.queued ? OFFLINE_TEXT.queued : COURSE_TEXT.marked) }),
          },
          { target: 'reading', actions: assign({ progress: ({ event }) => event.progress, beforeMark: null, announcement: ({ event }) => (event.queued ? OFFLINE_TEXT.queued : COURSE_TEXT.marked) }) },
        ],
        'lesson.markFailed': {
          target: 'reading',
          actions: assign({ alert: ({ event }) => event.message, progress: ({ context }) => context.beforeMark ?? context.progress, beforeMark: null }),
        },
        'lesson.open': { guard: 'otherLesson', target: 'openingLesson', actions: assign({ lessonId: ({ event }) => event.lessonId }) },
      },
    },
    courseComplete: {
      on: {
        'lesson.open': { guard: 'otherLesson', target: 'openingLesson', actions: assign({ lessonId: ({ event }) => event.lessonId, alert: null }) },
        'lesson.complete': { target: 'marking', actions: MARK_AT_ONCE },
        'assessment.open': { guard: 'unlocked', target: 'assessment' },
        ...LATE_MARK,
      },
    },
    assessment: {
      initial: 'starting',
      states: {
        starting: {
          entry: [
            assign({ attempt: null, answers: [], selected: null, index: 0, score: 0, alert: null }),
            { type: 'startAssessment', params: ({ context }) => ({ courseId: context.courseId }) },
          ],
          on: {
            'assessment.started': [
              {
                guard: 'resumesFinished',
                target: 'finishing',
                actions: assign({ attempt: ({ event }) => event.attempt, answers: ({ event }) => event.attempt.answers, score: ({ event }) => event.attempt.score }),
              },
              {
                target: 'question',
                actions: assign({
                  attempt: ({ event }) => event.attempt,
                  answers: ({ event }) => event.attempt.answers,
                  score: ({ event }) => event.attempt.score,
                  index: ({ event }) => firstUnanswered(event.attempt, event.attempt.answers),
                }),
              },
            ],
            'assessment.startFailed': { target: '#courseProgress.assessmentFailed', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
        question: {
          on: {
            'option.select': { actions: assign({ selected: ({ event }) => event.option, alert: null }) },
            'answer.submit': { guard: 'hasChoice', target: 'answering', actions: assign({ alert: null }) },
          },
        },
        answering: {
          entry: {
            type: 'submitAnswer',
            // A lesson is open while reading or marking, an attempt while answering or finishing, a choice made before answering.
            params: ({ context }) => ({ attemptId: context.attempt!._id, questionIndex: context.index, selectedOption: context.selected! }),
          },
          on: {
            'answer.saved': {
              target: 'revealed',
              actions: assign({
                answers: ({ context, event }) => [...context.answers.filter((a) => a.questionIndex !== event.answer.questionIndex), event.answer],
                score: ({ event }) => event.score,
                announcement: ({ event }) => (event.answer.isCorrect ? 'Correct' : 'Incorrect'),
              }),
            },
            'answer.failed': { target: 'question', actions: assign({ alert: ({ event }) => event.message }) },
          },
        },
        revealed: {
          on: {
            'assessment.continue': [
              {
                guard: 'moreQuestions',
                target: 'question',
                actions: assign({ index: ({ context }) => firstUnanswered(context.attempt!, context.answers), selected: null, announcement: '' }),
              },
              { target: 'finishing', actions: assign({ alert: null }) },
            ],
          },
        },
        finishing: {
          entry: { type: 'finishAssessment', params: ({ context }) => ({ attemptId: context.attempt!._id }) },
          on: {
            'assessment.finished': [
              {
                guard: 'awaitsName',
                target: '#courseProgress.naming',
                actions: assign({
                  attempt: ({ event }) => event.attempt, score: ({ event }) => event.attempt.score, certificateName: ({ event }) => event.nameOnCertificate ?? '',
                }),
              },
              {
                guard: 'earnedCertificate',
                target: '#courseProgress.certificateIssued',
                actions: assign({ attempt: ({ event }) => event.attempt, score: ({ event }) => event.attempt.score, certificate: ({ event }) => event.certificate }),
              },
              { target: 'result', actions: assign({ attempt: ({ event }) => event.attempt, score: ({ event }) => event.attempt.score, certificate: ({ event }) => event.certificate }) },
            ],
            'assessment.finishFailed': { target: 'revealed', actions: assign({ alert: ({ event }) => event.message }) },
          },
        },
        /** Finished without a new certificate: the score, the pass mark, and a retake. */
        result: {
          on: { 'assessment.retake': { target: 'starting' } },
        },
      },
    },
    assessmentFailed: {
      on: { 'assessment.retake': { target: 'assessment', actions: assign({ error: null }) } },
    },
    /** "The name on your certificate": the dialog is open over the pass. */
    naming: {
      on: {
        'certificate.name': { actions: assign({ certificateName: ({ event }) => event.name, nameError: null }) },
        'certificate.confirm': [
          { guard: 'nameAccepted', target: 'issuing', actions: assign({ nameError: null }) },
          { actions: assign({ nameError: ({ context }) => certificateNameProblem(context.certificateName) }) },
        ],
        'certificate.cancel': { target: 'unclaimed', actions: assign({ nameError: null }) },
      },
    },
    issuing: {
      entry: { type: 'issueCertificate', params: ({ context }) => ({ courseId: context.course?._id ?? context.courseId, name: context.certificateName.trim() }) },
      on: {
        'certificate.issued': { target: 'certificateIssued', actions: assign({ certificate: ({ event }) => event.certificate, announcement: 'Certificate issued' }) },
        'certificate.issueFailed': { target: 'naming', actions: assign({ nameError: ({ event }) => event.message }) },
      },
    },
    /** The dialog was closed: the pass stays, with 'Get your certificate' to open it again. */
    unclaimed: {
      on: { 'certificate.claim': { target: 'naming' } },
    },
    certificateIssued: {},
  },
});

export type CourseProgressMachine = typeof courseProgressMachine;
export type CourseProgressSnapshot = SnapshotFrom<CourseProgressMachine>;

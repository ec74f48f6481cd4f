/**
 * The plain model of one course page that course-progress.machine.test.ts compares the machine with after every step:
 * the screen, course, progress (and the progress before a mark still being saved), lesson, error, alert, attempt,
 * question, choice, answers, score, certificate and the name on it, announcement, and the effects asked for with their
 * parameters. Written from the spec, without looking at the machine.
 */
import { COURSE_TEXT, type CourseProgressEvent, type CourseProgressInput } from '../../src/application/course-progress.machine';
import { CERTIFICATE_NAME_TEXT } from '../../src/domain/certificate-name';
import type { Course } from '../../src/domain/content';
import { OFFLINE_TEXT } from '../../src/domain/offline';
import {
  type AssessmentAnswer, type AssessmentAttempt, type Certificate, type CourseProgress, type LessonView, lessonsInOrder,
} from '../../src/domain/learning';
import { progressOf } from './course-progress.fixtures';

export type Screen =
  | 'loading' | 'loadFailed' | 'overview' | 'enrolling'
  | 'reading' | 'openingLesson' | 'lessonFailed' | 'marking' | 'courseComplete'
  | 'assessment.starting' | 'assessment.question' | 'assessment.answering' | 'assessment.revealed' | 'assessment.finishing'
  | 'assessment.result' | 'assessmentFailed' | 'certificateIssued' | 'naming' | 'issuing' | 'unclaimed';

export interface Model {
  input: CourseProgressInput;
  screen: Screen;
  course: Course | null;
  progress: CourseProgress | null;
  /** The server's progress before a mark still being saved. */
  beforeMark: CourseProgress | null;
  lesson: LessonView | null;
  lessonId: string | null;
  error: string | null;
  alert: string | null;
  attempt: AssessmentAttempt | null;
  index: number;
  selected: number | null;
  answers: AssessmentAnswer[];
  score: number;
  certificate: Certificate | null;
  certificateName: string;
  nameError: string | null;
  announcement: string;
  effects: string[];
}

const loadEffect = (i: CourseProgressInput) => `load ${i.courseId} lesson=${(i.screen === 'lesson' ? i.lessonId : null) ?? '-'}`;

export const initialModel = (input: CourseProgressInput): Model => ({
  input, screen: 'loading', course: null, progress: null, beforeMark: null, lesson: null, lessonId: input.lessonId, error: null, alert: null, attempt: null, index: 0,
  selected: null, answers: [], score: 0, certificate: null, certificateName: '', nameError: null, announcement: '', effects: [loadEffect(input)],
});

/** The first question not answered yet, or the number of questions when every one is. */
const firstGap = (total: number, answers: readonly AssessmentAnswer[]) => {
  for (let i = 0; i < total; i++) if (!answers.some((a) => a.questionIndex === i)) return i;
  return total;
};

export function step(m: Model, e: CourseProgressEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const effect = (text: string) => next.effects.push(text);
  const id = m.input.courseId;
  if (e.type === 'alert.dismissed') return { ...next, alert: null };

  /** The assessment starts afresh: no attempt, no answers, the first question, no choice, no alert. */
  const start = (from: Model): Model => {
    effect(`start ${id}`);
    return { ...from, screen: 'assessment.starting', attempt: null, answers: [], index: 0, selected: null, score: 0, alert: null };
  };
  const openLesson = (lessonId: string, from: Partial<Model>): Model => {
    effect(`loadLesson ${id}/${lessonId}`);
    return { ...next, ...from, screen: 'openingLesson', lessonId };
  };
  const unlocked = m.progress?.assessment.unlocked === true;
  const shown = m.lesson?._id ?? null;

  switch (m.screen) {
    case 'loading':
      if (e.type === 'course.loaded') {
        const loaded = { ...next, course: e.course, progress: e.progress };
        // The assessment page of a pass whose certificate waits for its name asks for the name, no new attempt.
        if (m.input.screen === 'assessment' && typeof e.nameOnCertificate === 'string') return { ...loaded, screen: 'naming', certificateName: e.nameOnCertificate };
        if (m.input.screen === 'assessment') return start(loaded);
        return e.lesson ? { ...loaded, screen: 'reading', lesson: e.lesson } : { ...loaded, screen: 'overview' };
      }
      if (e.type === 'course.loadFailed') return { ...next, screen: 'loadFailed', error: e.message };
      return m;

    case 'overview':
      if (e.type === 'course.start') {
        effect(`enrol ${id}`);
        return { ...next, screen: 'enrolling', alert: null };
      }
      if (e.type === 'assessment.open' && unlocked) return start(next);
      return m;

    case 'enrolling':
      if (e.type === 'course.enrolled') {
        // The first lesson not done yet; the course's first lesson once every one is.
        effect(`go ${id}/${e.progress.nextLessonId ?? lessonsInOrder(m.course!)[0]!._id}`);
        return { ...next, screen: 'overview', progress: e.progress };
      }
      if (e.type === 'course.enrolFailed') return { ...next, screen: 'overview', alert: e.message };
      return m;

    case 'reading':
    case 'openingLesson':
    case 'lessonFailed':
    case 'marking':
    case 'courseComplete':
      switch (e.type) {
        case 'lesson.open':
          // After a failed lesson any lesson may be asked for again (a retry too); the failed mark's alert stays.
          if (m.screen === 'lessonFailed') return openLesson(e.lessonId, { error: null });
          if (m.screen === 'openingLesson') {
            if (e.lessonId === m.lessonId) return m;
            return openLesson(e.lessonId, {});
          }
          // The lesson already shown: nothing to do.
          return e.lessonId === shown ? m : openLesson(e.lessonId, { alert: null });
        case 'lesson.loaded':
          // Only the lesson asked for last is shown; an answer to an earlier request is dropped.
          return m.screen === 'openingLesson' && e.lesson._id === m.lessonId ? { ...next, screen: 'reading', lesson: e.lesson, announcement: '' } : m;
        case 'lesson.loadFailed':
          return m.screen === 'openingLesson' ? { ...next, screen: 'lessonFailed', error: e.message } : m;
        case 'lesson.complete': {
          if (m.screen !== 'reading' && m.screen !== 'courseComplete') return m;
          effect(`mark ${id}/${shown}`);
          // The lesson shows as done at once; the server's answer confirms or undoes it. The assessment stays locked
          // or open as the server last said.
          const p = m.progress!;
          const done = p.completedLessonIds.includes(shown!) ? p : {
            ...progressOf([...p.completedLessonIds, shown!]), enrolledAt: p.enrolledAt, assessment: p.assessment, certificateId: p.certificateId,
          };
          return { ...next, screen: 'marking', alert: null, beforeMark: m.beforeMark ?? p, progress: done };
        }
        case 'lesson.marked': {
          if (m.screen === 'marking') {
            const all = e.progress.totalLessons > 0 && e.progress.completedLessons === e.progress.totalLessons;
            return { ...next, screen: all ? 'courseComplete' : 'reading', progress: e.progress, beforeMark: null, announcement: e.queued ? OFFLINE_TEXT.queued : COURSE_TEXT.marked };
          }
          // A late answer (the member moved on): its progress still counts.
          return { ...next, progress: e.progress, beforeMark: null };
        }
        case 'lesson.markFailed': {
          // The mark did not count: the lesson shows as not done again.
          const undone = { alert: e.message, progress: m.beforeMark ?? m.progress, beforeMark: null };
          if (m.screen === 'marking') return { ...next, ...undone, screen: 'reading' };
          return { ...next, ...undone };
        }
        case 'assessment.open':
          return (m.screen === 'reading' || m.screen === 'courseComplete') && unlocked ? start(next) : m;
        default:
          return m;
      }

    case 'assessment.starting':
      if (e.type === 'assessment.started') {
        const a = e.attempt;
        const resumed = { ...next, attempt: a, answers: a.answers, score: a.score };
        const gap = firstGap(a.totalQuestions, a.answers);
        if (gap >= a.totalQuestions) {
          effect(`finish ${a._id}`);
          return { ...resumed, screen: 'assessment.finishing' };
        }
        return { ...resumed, screen: 'assessment.question', index: gap };
      }
      if (e.type === 'assessment.startFailed') return { ...next, screen: 'assessmentFailed', error: e.message };
      return m;

    case 'assessment.question':
      if (e.type === 'option.select') return { ...next, selected: e.option, alert: null };
      if (e.type === 'answer.submit' && m.selected !== null) {
        effect(`answer ${m.attempt!._id} q${m.index} o${m.selected}`);
        return { ...next, screen: 'assessment.answering', alert: null };
      }
      return m;

    case 'assessment.answering':
      if (e.type === 'answer.saved') {
        // An answer replaces any earlier one for its question.
        const answers = [...m.answers.filter((a) => a.questionIndex !== e.answer.questionIndex), e.answer];
        return { ...next, screen: 'assessment.revealed', answers, score: e.score, announcement: e.answer.isCorrect ? 'Correct' : 'Incorrect' };
      }
      if (e.type === 'answer.failed') return { ...next, screen: 'assessment.question', alert: e.message };
      return m;

    case 'assessment.revealed':
      if (e.type === 'assessment.continue') {
        const gap = firstGap(m.attempt!.totalQuestions, m.answers);
        if (gap < m.attempt!.totalQuestions) return { ...next, screen: 'assessment.question', index: gap, selected: null, announcement: '' };
        effect(`finish ${m.attempt!._id}`);
        return { ...next, screen: 'assessment.finishing', alert: null };
      }
      return m;

    case 'assessment.finishing':
      if (e.type === 'assessment.finished') {
        if (e.certificate === null && e.attempt.passed && typeof e.nameOnCertificate === 'string') {
          return { ...next, screen: 'naming', attempt: e.attempt, score: e.attempt.score, certificateName: e.nameOnCertificate };
        }
        const finished = { ...next, attempt: e.attempt, score: e.attempt.score, certificate: e.certificate };
        return { ...finished, screen: e.attempt.passed && e.certificate !== null ? 'certificateIssued' : 'assessment.result' };
      }
      if (e.type === 'assessment.finishFailed') return { ...next, screen: 'assessment.revealed', alert: e.message };
      return m;

    case 'assessment.result':
      return e.type === 'assessment.retake' ? start(next) : m;
    case 'assessmentFailed':
      return e.type === 'assessment.retake' ? start({ ...next, error: null }) : m;

    case 'naming': {
      if (e.type === 'certificate.name') return { ...next, certificateName: e.name, nameError: null };
      if (e.type === 'certificate.cancel') return { ...next, screen: 'unclaimed', nameError: null };
      if (e.type !== 'certificate.confirm') return m;
      // Blank, over 200 characters or an email address: refused in the dialog, nothing sent.
      const name = m.certificateName.trim();
      const problem = !name ? CERTIFICATE_NAME_TEXT.required : name.length > 200 ? CERTIFICATE_NAME_TEXT.tooLong : name.includes('@') ? CERTIFICATE_NAME_TEXT.noEmail : null;
      if (problem) return { ...next, nameError: problem };
      effect(`issue ${m.course?._id ?? id} name=${name}`);
      return { ...next, screen: 'issuing', nameError: null };
    }
    case 'issuing':
      if (e.type === 'certificate.issued') return { ...next, screen: 'certificateIssued', certificate: e.certificate, announcement: 'Certificate issued' };
      if (e.type === 'certificate.issueFailed') return { ...next, screen: 'naming', nameError: e.message };
      return m;
    case 'unclaimed':
      return e.type === 'certificate.claim' ? { ...next, screen: 'naming' } : m;

    default:
      return m;
  }
}

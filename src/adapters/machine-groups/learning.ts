/**
 * Signing up and resetting, quizzes, course progress, workshops, article quizzes and search. Their machines and
 * effects, evaluated in a task of their own at start (src/ui/boot.tsx).
 */
import { provideArticleQuiz } from '../../application/article-quiz.effects';
import { provideCourseProgress } from '../../application/course-progress.effects';
import { provideOtpWizard } from '../../application/otp-wizard.effects';
import { provideQuizAttempt } from '../../application/quiz-attempt.effects';
import { provideSearch } from '../../application/search.effects';
import { provideWorkshop } from '../../application/workshop.effects';
import type { AppMachines } from '../../application/services';
import type { MachinePorts } from './ports';

export function provideLearningMachines(ports: MachinePorts): Pick<AppMachines, 'otpWizard' | 'quizAttempt' | 'courseProgress' | 'workshop' | 'articleQuiz' | 'search'> {
  return {
    otpWizard: () => provideOtpWizard(ports),
    quizAttempt: () => provideQuizAttempt(ports),
    courseProgress: () => provideCourseProgress(ports),
    workshop: () => provideWorkshop(ports),
    articleQuiz: () => provideArticleQuiz(ports),
    search: () => provideSearch(ports),
  };
}

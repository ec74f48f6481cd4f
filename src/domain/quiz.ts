/** Quiz rules and shapes with no dependencies, so machines and views use them without zod (schemas: quiz.schema.ts). */

/** The eight topics of the quiz grid; the topic page adds biodiversity-conservation (nine category buttons). */
export const QUIZ_TOPICS = [
  { id: 'green-buildings', title: 'Green Buildings' },
  { id: 'green-vocabulary', title: 'Green Vocabulary' },
  { id: 'passive-design-strategies', title: 'Passive Design Strategies' },
  { id: 'green-architects', title: 'Green Architects' },
  { id: 'sustainable-development-goals', title: 'Sustainable Development Goals' },
  { id: 'sustainable-policies', title: 'Sustainable Policies' },
  { id: 'sustainable-materials', title: 'Sustainable Materials' },
  { id: 'biodiversity', title: 'Biodiversity' },
] as const;
export const QUIZ_CATEGORIES = [...QUIZ_TOPICS, { id: 'biodiversity-conservation', title: 'Biodiversity Conservation' }] as const;
export const QUIZ_SETS = [{ id: 'set-1', title: 'Set 1' }] as const;
export const QUIZ_PDF_FILENAME = 'quiz-results.pdf';
export const QUIZ_REDIRECT_DELAY_MS = 1000;

export interface QuizQuestion {
  question: string;
  options: string[];
  questionImage: string;
  /** Present only once the question has been answered. */
  revealingCardImage?: string | undefined;
}

export interface QuizAnswer {
  questionIndex: number;
  selectedOption: number;
  isCorrect: boolean;
  correctOption: number;
  explanation: string;
  revealingCardImage: string;
  revealText: string;
}

export type QuizAttemptStatus = 'in-progress' | 'completed';

export interface QuizAttempt {
  _id: string;
  category: string;
  sdgSet: string;
  status: QuizAttemptStatus;
  score: number;
  totalQuestions: number;
  questions: QuizQuestion[];
  answers: QuizAnswer[];
  createdAt: string;
  completedAt: string | null;
}

export type QuizAttemptSummary = Pick<
  QuizAttempt,
  '_id' | 'category' | 'sdgSet' | 'status' | 'score' | 'totalQuestions' | 'createdAt' | 'completedAt'
>;

export function quizCategoryTitle(id: string): string {
  return QUIZ_CATEGORIES.find((c) => c.id === id)?.title ?? id;
}

/** The first question that has no answer yet: where a resumed attempt continues. */
export function nextUnansweredIndex(attempt: Pick<QuizAttempt, 'answers' | 'totalQuestions'>): number {
  const answered = new Set(attempt.answers.map((a) => a.questionIndex));
  for (let i = 0; i < attempt.totalQuestions; i++) if (!answered.has(i)) return i;
  return attempt.totalQuestions;
}

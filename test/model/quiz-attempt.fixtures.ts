/**
 * The quiz attempt's world, shared by its model-based tests (quiz-attempt.machine.test.ts) and its effects tests
 * (quiz-attempt.effects.test.ts): one set of two questions, the attempts the server may answer a start with (fresh,
 * resumed with gaps, every question answered, completed, without questions) and the result of an answer.
 */
import type { AnswerResult } from '../../src/application/quiz-attempt.machine';
import type { QuizAnswer, QuizAttempt } from '../../src/domain/quiz';

export const INPUT = { category: 'green-buildings', setId: 'set-1' };
const TOTAL = 2;

function answerOf(questionIndex: number, selectedOption: number, isCorrect: boolean): QuizAnswer {
  return {
    questionIndex,
    selectedOption,
    isCorrect,
    correctOption: isCorrect ? selectedOption : (selectedOption + 1) % 4,
    explanation: `Explanation ${questionIndex}`,
    revealingCardImage: `/api/quizzes/attempts/a1/questions/${questionIndex}/reveal.svg`,
    revealText: `Correct answer: option. Explanation ${questionIndex}`,
  };
}

function attemptOf(answers: QuizAnswer[], status: QuizAttempt['status'] = 'in-progress', total = TOTAL): QuizAttempt {
  return {
    _id: 'a1',
    category: INPUT.category,
    sdgSet: INPUT.setId,
    status,
    score: answers.filter((a) => a.isCorrect).length,
    totalQuestions: total,
    questions: Array.from({ length: total }, (_, i) => ({
      question: `Question ${i}?`,
      options: ['A', 'B', 'C', 'D'],
      questionImage: `/api/quizzes/questions/q${i}/image.svg`,
      ...(answers.some((a) => a.questionIndex === i) ? { revealingCardImage: `/api/quizzes/attempts/a1/questions/${i}/reveal.svg` } : {}),
    })),
    answers,
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: status === 'completed' ? '2026-01-01T00:05:00.000Z' : null,
  };
}

export const fresh = attemptOf([]);
/** A reload after answering the second question only: resume at the first, with a score of 1. */
export const resumedSecondOnly = attemptOf([answerOf(1, 2, true)]);
/** A reload after the last answer but before finishing (the server lists answers in any order). */
export const resumedAllAnswered = attemptOf([answerOf(1, 0, false), answerOf(0, 1, true)]);
export const completed = attemptOf([answerOf(1, 0, false), answerOf(0, 1, true)], 'completed');
export const noQuestions = attemptOf([], 'in-progress', 0);

export const result = (isCorrect: boolean): AnswerResult => {
  const { questionIndex: _q, selectedOption: _s, ...rest } = answerOf(isCorrect ? 5 : 6, 0, isCorrect);
  return rest;
};

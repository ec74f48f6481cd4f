/**
 * Marking an article's quiz (ADR 176): one answer per question, the mark in percent of the questions, no answer leaked
 * to read nor in a failed try's mark.
 */
import { describe, expect, it } from 'vitest';
import { type ArticleQuiz, articleQuizSchema, markArticleQuiz, questionsToRead, rightAnswersNeeded } from '../../src/domain/article-quiz';
import { meetsMark } from '../../src/domain/learning';

const question = (n: number, correctIndex: number) => ({
  question: `Question ${n}?`, options: ['A one', 'A two', 'A three', 'A four'], correctIndex, explanation: `Because ${n}.`,
});
const quiz = (passPercent: number): ArticleQuiz => ({ passPercent, questions: [0, 1, 2, 3, 0].map((c, i) => question(i, c)) });

describe('article quiz', () => {
  it('passes four of five at 70% and at 80%, and not three of five', () => {
    expect(markArticleQuiz(quiz(70), [0, 1, 2, 3, 1])).toMatchObject({ score: 4, total: 5, passed: true });
    expect(markArticleQuiz(quiz(80), [0, 1, 2, 3, 1])).toMatchObject({ score: 4, passed: true });
    expect(markArticleQuiz(quiz(70), [0, 1, 2, 0, 1])).toMatchObject({ score: 3, passed: false });
    expect(markArticleQuiz(quiz(100), [0, 1, 2, 3, 1])).toMatchObject({ passed: false });
  });

  it('says on a pass, for each question, whether it was right, the right option and why', () => {
    const pass = markArticleQuiz(quiz(70), [0, 1, 2, 0, 0]);
    expect(pass).toMatchObject({ passed: true });
    expect(pass!.passed && pass!.questions[3]).toEqual({ correct: false, selectedOption: 0, correctOption: 3, explanation: 'Because 3.' });
  });

  it('says on a fail only the score, the mark and which questions were wrong: no right option, no explanation', () => {
    const fail = markArticleQuiz(quiz(70), [0, 0, 2, 0, 0]);
    expect(fail).toEqual({ score: 3, total: 5, passPercent: 70, passed: false, wrong: [1, 3] });
    expect(JSON.stringify(fail)).not.toMatch(/correctOption|explanation|Because/);
  });

  it('counts the right answers a mark asks for', () => {
    expect([rightAnswersNeeded(5, 70), rightAnswersNeeded(5, 80), rightAnswersNeeded(3, 70), rightAnswersNeeded(10, 70), rightAnswersNeeded(4, 100)]).toEqual([4, 4, 3, 7, 4]);
    for (const [total, percent] of [[5, 70], [3, 50], [7, 85], [10, 100]] as const) {
      const needed = rightAnswersNeeded(total, percent);
      expect([meetsMark(needed, total, percent), meetsMark(needed - 1, total, percent)]).toEqual([true, false]);
    }
  });

  it('refuses answers that do not answer each question once', () => {
    expect(markArticleQuiz(quiz(70), [0, 1, 2, 3])).toBeNull();
    expect(markArticleQuiz(quiz(70), [0, 1, 2, 3, 0, 0])).toBeNull();
  });

  it('gives the questions to read without the right option or the explanation', () => {
    expect(questionsToRead(quiz(70))[0]).toEqual({ question: 'Question 0?', options: ['A one', 'A two', 'A three', 'A four'] });
  });

  it('defaults the mark to 70 and asks for 3 to 10 questions of 4 different options', () => {
    expect(articleQuizSchema.parse({ questions: quiz(70).questions }).passPercent).toBe(70);
    expect(articleQuizSchema.safeParse({ questions: quiz(70).questions.slice(0, 2) }).success).toBe(false);
    expect(articleQuizSchema.safeParse({ questions: [question(0, 0), question(1, 1), { ...question(2, 2), options: ['A', 'a', 'B', 'C'] }] }).success).toBe(false);
    expect(articleQuizSchema.safeParse({ questions: [question(0, 0), question(1, 1), { ...question(2, 4) }] }).success).toBe(false);
  });
});

/**
 * Quiz attempts: start or resume, answer one question at a time, complete, list, and the data behind the PDF.
 * The server alone knows the right answers and computes the score; an attempt handed to the browser carries the right
 * answer, explanation and reveal card of answered questions only.
 */
import { isUuid } from '../../src/domain/ids';
import { QUIZ_CATEGORIES, QUIZ_SETS, type QuizAnswer, type QuizAttempt, type QuizAttemptSummary, quizCategoryTitle } from '../../src/domain/quiz';
import { revealTextOf } from '../../src/domain/quiz-cards';
import type { Db, Tx } from '../data/client';
import {
  type AnswerRow, answeredQuestion, answersOf, type AttemptRow, countAnswers, countSetQuestions, findAttempt,
  findAttemptForAnswer, findInProgressAttempt, findQuestion, insertAttempt, markCompleted, type QuestionRow,
  recountScore, listAttemptRows, listTopics, saveAnswer, setQuestions,
} from '../data/quizzes';
import { findUserById } from '../data/users';
import { questionCardSvg, revealCardSvg, topicCardSvg } from '../render/quiz-images';
import { type QuizResults, renderQuizResultsPdf } from '../render/quiz-pdf';
import { conflict, forbidden, invalid, notFound } from './errors';

export const ATTEMPT_NOT_FOUND = 'Quiz attempt not found';
export const NOT_YOUR_ATTEMPT = 'This quiz attempt belongs to another learner';
export const ALREADY_COMPLETED = 'This quiz is already completed';
export const ALREADY_ANSWERED = 'This question has already been answered';
export const NOT_FINISHED = 'Answer every question before finishing the quiz';
export const RESULTS_NOT_READY = 'Finish the quiz to download its results';

/** Where the pictures live, below the API prefix (images cannot send the bearer token, see decision 031). */
export interface QuizUrls {
  questionImage(questionId: string): string;
  revealImage(attemptId: string, questionIndex: number): string;
}

export function quizUrls(apiPrefix: string): QuizUrls {
  return {
    questionImage: (questionId) => `${apiPrefix}/quizzes/questions/${questionId}/image.svg`,
    revealImage: (attemptId, index) => `${apiPrefix}/quizzes/attempts/${attemptId}/questions/${index}/reveal.svg`,
  };
}

export function setTitle(setId: string): string {
  return QUIZ_SETS.find((s) => s.id === setId)?.title ?? setId;
}

/** The attempt read for `userId`: 404 when there is none, 403 when it is another learner's. */
function ownedBy(attempt: AttemptRow | undefined, userId: string): AttemptRow {
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  if (attempt.userId !== userId) throw forbidden(NOT_YOUR_ATTEMPT);
  return attempt;
}

export class QuizAttempts {
  constructor(
    private readonly db: Db,
    private readonly urls: QuizUrls,
  ) {}

  /** The topics of the imported bank, in order. */
  topics() {
    return listTopics(this.db);
  }

  /** Resumes the learner's in-progress attempt of this set, or starts one; null when the set has no questions. */
  async start(userId: string, category: string, setId: string): Promise<QuizAttempt | null> {
    const total = await countSetQuestions(this.db, category, setId);
    if (total === 0) return null;
    let attempt = await findInProgressAttempt(this.db, userId, category, setId);
    // Two tabs starting at once: the partial unique index lets one insert win and the other resumes it.
    attempt ??= (await insertAttempt(this.db, { userId, category, setId, totalQuestions: total })) ?? (await findInProgressAttempt(this.db, userId, category, setId));
    return this.view(attempt!);
  }

  /** The attempt if it exists and is the user's; 404 and 403 otherwise. Locks the row inside a transaction. */
  private async owned(db: Db | Tx, attemptId: string, userId: string, lock = false): Promise<AttemptRow> {
    return ownedBy(isUuid(attemptId) ? await findAttempt(db, attemptId, lock) : undefined, userId);
  }

  async answer(
    userId: string,
    attemptId: string,
    input: { questionIndex: number; selectedOption: number; timeSpent: number },
  ): Promise<{ answer: QuizAnswer; score: number }> {
    if (!isUuid(attemptId)) throw notFound(ATTEMPT_NOT_FOUND);
    // Four statements: begin, the locked attempt with its question, the answer saved and the score recounted, commit.
    return this.db.transaction(async (tx) => {
      const found = await findAttemptForAnswer(tx, attemptId, input.questionIndex);
      const attempt = ownedBy(found?.attempt, userId);
      const question = found!.question;
      if (attempt.status === 'completed') throw conflict(ALREADY_COMPLETED);
      if (input.questionIndex >= attempt.totalQuestions) {
        throw invalid(`questionIndex: must be between 0 and ${attempt.totalQuestions - 1}`);
      }
      if (!question) throw conflict('This question is no longer in the quiz');
      if (input.selectedOption >= question.options.length) {
        throw invalid(`selectedOption: must be between 0 and ${question.options.length - 1}`);
      }
      const saved = await saveAnswer(tx, {
        attemptId,
        questionIndex: input.questionIndex,
        questionId: question.id,
        selectedOption: input.selectedOption,
        isCorrect: input.selectedOption === question.correctIndex,
        timeSpent: Math.round(input.timeSpent),
      });
      if (!saved) throw conflict(ALREADY_ANSWERED);
      return { answer: this.answerView(attemptId, saved, question), score: saved.score };
    });
  }

  async complete(userId: string, attemptId: string): Promise<QuizAttempt> {
    const row = await this.db.transaction(async (tx) => {
      const attempt = await this.owned(tx, attemptId, userId, true);
      // Completing twice answers the same completed attempt: a retry after a lost answer must not fail.
      if (attempt.status === 'completed') return attempt;
      if ((await countAnswers(tx, attemptId)) < attempt.totalQuestions) throw conflict(NOT_FINISHED);
      const score = await recountScore(tx, attemptId);
      return markCompleted(tx, attemptId, score, new Date());
    });
    return this.view(row);
  }

  async list(userId: string): Promise<QuizAttemptSummary[]> {
    const rows = await listAttemptRows(this.db, userId);
    return rows.map((r) => ({
      _id: r.id,
      category: r.category,
      sdgSet: r.setId,
      status: r.status as QuizAttempt['status'],
      score: r.score,
      totalQuestions: r.totalQuestions,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    }));
  }

  /** The reveal card's content, only once that question of that attempt has been answered. */
  async reveal(attemptId: string, questionIndex: number): Promise<{ category: string; correctOption: string; explanation: string } | null> {
    if (!isUuid(attemptId)) return null;
    const row = await answeredQuestion(this.db, attemptId, questionIndex);
    if (!row) return null;
    return { category: row.category, correctOption: row.options[row.correctIndex]!, explanation: row.explanation };
  }

  async question(questionId: string): Promise<(QuestionRow & { total: number }) | null> {
    if (!isUuid(questionId)) return null;
    const row = await findQuestion(this.db, questionId);
    if (!row) return null;
    return { ...row, total: await countSetQuestions(this.db, row.category, row.setId) };
  }

  /** Everything the results PDF prints; only the owner of a completed attempt gets it. */
  async results(userId: string, attemptId: string, productName: string): Promise<QuizResults> {
    const attempt = await this.owned(this.db, attemptId, userId);
    if (attempt.status !== 'completed' || !attempt.completedAt) throw conflict(RESULTS_NOT_READY);
    const learner = await findUserById(this.db, userId);
    // The member's name, never their email address (ADR 131): a neutral word for a member without one.
    const name = [learner?.firstName?.trim(), learner?.lastName?.trim()].filter(Boolean).join(' ') || 'Learner';
    const questions = await setQuestions(this.db, attempt.category, attempt.setId, attempt.totalQuestions);
    const answers = await answersOf(this.db, attemptId);
    const byIndex = new Map(answers.map((a) => [a.questionIndex, a]));
    return {
      productName,
      learnerName: name,
      topicTitle: quizCategoryTitle(attempt.category),
      setTitle: setTitle(attempt.setId),
      completedAt: attempt.completedAt,
      score: attempt.score,
      total: attempt.totalQuestions,
      questions: questions.map((q) => ({
        question: q.question,
        options: q.options,
        correctIndex: q.correctIndex,
        explanation: q.explanation,
        selectedOption: byIndex.get(q.position)?.selectedOption ?? null,
      })),
    };
  }

  /** The results PDF of a completed attempt, for its owner only. */
  async resultsPdf(userId: string, attemptId: string, productName: string): Promise<Buffer> {
    return renderQuizResultsPdf(await this.results(userId, attemptId, productName));
  }

  /** The picture of a question: nothing secret on it. */
  async questionCard(questionId: string): Promise<string> {
    const question = await this.question(questionId);
    if (!question) throw notFound('Question not found');
    return questionCardSvg({
      category: question.category,
      categoryTitle: quizCategoryTitle(question.category),
      number: question.position + 1,
      total: question.total,
    });
  }

  /** The reveal card of an answered question; not found before it is answered. */
  async revealCard(attemptId: string, questionIndex: number): Promise<string> {
    const card = questionIndex < 0 ? null : await this.reveal(attemptId, questionIndex);
    if (!card) throw notFound('There is nothing to reveal yet');
    return revealCardSvg(card);
  }

  topicCard(categoryId: string): string {
    const category = QUIZ_CATEGORIES.find((c) => c.id === categoryId);
    if (!category) throw notFound('Quiz topic not found');
    return topicCardSvg(category.id, category.title);
  }

  private answerView(attemptId: string, answer: Pick<AnswerRow, 'questionIndex' | 'selectedOption' | 'isCorrect'>, question: QuestionRow): QuizAnswer {
    const correctOption = question.options[question.correctIndex]!;
    return {
      questionIndex: answer.questionIndex,
      selectedOption: answer.selectedOption,
      isCorrect: answer.isCorrect,
      correctOption: question.correctIndex,
      explanation: question.explanation,
      revealingCardImage: this.urls.revealImage(attemptId, answer.questionIndex),
      revealText: revealTextOf({ correctOption, explanation: question.explanation }),
    };
  }

  /** The attempt as the browser may see it: unanswered questions carry no answer, explanation or reveal card. */
  async view(attempt: AttemptRow): Promise<QuizAttempt> {
    const questions = await setQuestions(this.db, attempt.category, attempt.setId, attempt.totalQuestions);
    const byId = new Map(questions.map((q) => [q.id, q]));
    const answers = (await answersOf(this.db, attempt.id)).flatMap((a) => {
      const question = byId.get(a.questionId);
      return question ? [this.answerView(attempt.id, a, question)] : [];
    });
    const answered = new Map(answers.map((a) => [a.questionIndex, a]));
    return {
      _id: attempt.id,
      category: attempt.category,
      sdgSet: attempt.setId,
      status: attempt.status as QuizAttempt['status'],
      score: attempt.score,
      totalQuestions: attempt.totalQuestions,
      questions: questions.map((q) => {
        const answer = answered.get(q.position);
        return {
          question: q.question,
          options: q.options,
          questionImage: this.urls.questionImage(q.id),
          ...(answer ? { revealingCardImage: answer.revealingCardImage } : {}),
        };
      }),
      answers,
      createdAt: attempt.createdAt.toISOString(),
      completedAt: attempt.completedAt?.toISOString() ?? null,
    };
  }
}

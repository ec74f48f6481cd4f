/**
 * Quiz attempts: start or resume, answer one question at a time, complete, list, and the data behind the PDF.
 * The server alone knows the right answers and computes the score; an attempt handed to the browser carries the right
 * answer, explanation and reveal card of answered questions only.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { QUIZ_SETS, type QuizAnswer, type QuizAttempt, type QuizAttemptSummary, quizCategoryTitle } from '../../src/domain/quiz';
import type { Db } from '../db/client';
import { quizAnswers, quizAttempts, quizQuestions, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { revealTextOf } from './quiz-images';
import type { QuizResults } from './quiz-pdf';

export type AttemptRow = typeof quizAttempts.$inferSelect;
type QuestionRow = typeof quizQuestions.$inferSelect;
type AnswerRow = typeof quizAnswers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const ATTEMPT_NOT_FOUND = 'Quiz attempt not found';
export const NOT_YOUR_ATTEMPT = 'This quiz attempt belongs to another learner';
export const ALREADY_COMPLETED = 'This quiz is already completed';
export const ALREADY_ANSWERED = 'This question has already been answered';
export const NOT_FINISHED = 'Answer every question before finishing the quiz';
export const RESULTS_NOT_READY = 'Finish the quiz to download its results';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export class QuizAttempts {
  constructor(
    private readonly db: Db,
    private readonly urls: QuizUrls,
  ) {}

  /** The questions of a set in order; an attempt sees its first `limit` (the set's size when it started). */
  private async setQuestions(category: string, setId: string, limit?: number): Promise<QuestionRow[]> {
    const query = this.db
      .select()
      .from(quizQuestions)
      .where(and(eq(quizQuestions.category, category), eq(quizQuestions.setId, setId)))
      .orderBy(asc(quizQuestions.position));
    return limit === undefined ? query : query.limit(limit);
  }

  /** Resumes the learner's in-progress attempt of this set, or starts one; null when the set has no questions. */
  async start(userId: string, category: string, setId: string): Promise<QuizAttempt | null> {
    const [bank] = await this.db
      .select({ n: count() })
      .from(quizQuestions)
      .where(and(eq(quizQuestions.category, category), eq(quizQuestions.setId, setId)));
    const total = bank?.n ?? 0;
    if (total === 0) return null;
    const inProgress = () =>
      this.db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.category, category), eq(quizAttempts.setId, setId), eq(quizAttempts.status, 'in-progress')))
        .limit(1);
    let [attempt] = await inProgress();
    if (!attempt) {
      // Two tabs starting at once: the partial unique index lets one insert win and the other resumes it.
      [attempt] = await this.db.insert(quizAttempts).values({ userId, category, setId, totalQuestions: total }).onConflictDoNothing().returning();
      if (!attempt) [attempt] = await inProgress();
    }
    return this.view(attempt!);
  }

  /** The attempt if it exists and is the user's; 404 and 403 otherwise. Locks the row inside a transaction. */
  private async owned(db: Db | Tx, attemptId: string, userId: string, lock = false): Promise<AttemptRow> {
    if (!UUID.test(attemptId)) throw notFound(ATTEMPT_NOT_FOUND);
    const query = db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).limit(1);
    const [attempt] = lock ? await query.for('update') : await query;
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.userId !== userId) throw forbidden(NOT_YOUR_ATTEMPT);
    return attempt;
  }

  async answer(
    userId: string,
    attemptId: string,
    input: { questionIndex: number; selectedOption: number; timeSpent: number },
  ): Promise<{ answer: QuizAnswer; score: number }> {
    return this.db.transaction(async (tx) => {
      const attempt = await this.owned(tx, attemptId, userId, true);
      if (attempt.status === 'completed') throw conflict(ALREADY_COMPLETED);
      if (input.questionIndex >= attempt.totalQuestions) {
        throw badRequest(`questionIndex: must be between 0 and ${attempt.totalQuestions - 1}`);
      }
      const [question] = await tx
        .select()
        .from(quizQuestions)
        .where(and(eq(quizQuestions.category, attempt.category), eq(quizQuestions.setId, attempt.setId), eq(quizQuestions.position, input.questionIndex)))
        .limit(1);
      if (!question) throw conflict('This question is no longer in the quiz');
      if (input.selectedOption >= question.options.length) {
        throw badRequest(`selectedOption: must be between 0 and ${question.options.length - 1}`);
      }
      const isCorrect = input.selectedOption === question.correctIndex;
      const [saved] = await tx
        .insert(quizAnswers)
        .values({
          attemptId,
          questionIndex: input.questionIndex,
          questionId: question.id,
          selectedOption: input.selectedOption,
          isCorrect,
          timeSpent: Math.round(input.timeSpent),
        })
        .onConflictDoNothing()
        .returning();
      if (!saved) throw conflict(ALREADY_ANSWERED);
      const score = await this.recount(tx, attemptId);
      return { answer: this.answerView(attemptId, saved, question), score };
    });
  }

  async complete(userId: string, attemptId: string): Promise<QuizAttempt> {
    const row = await this.db.transaction(async (tx) => {
      const attempt = await this.owned(tx, attemptId, userId, true);
      // Completing twice answers the same completed attempt: a retry after a lost answer must not fail.
      if (attempt.status === 'completed') return attempt;
      const [answered] = await tx.select({ n: count() }).from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
      if ((answered?.n ?? 0) < attempt.totalQuestions) throw conflict(NOT_FINISHED);
      const score = await this.recount(tx, attemptId);
      const [done] = await tx
        .update(quizAttempts)
        .set({ status: 'completed', completedAt: new Date(), score })
        .where(eq(quizAttempts.id, attemptId))
        .returning();
      return done!;
    });
    return this.view(row);
  }

  async list(userId: string): Promise<QuizAttemptSummary[]> {
    const rows = await this.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, userId))
      .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
      .limit(200);
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
    if (!UUID.test(attemptId)) return null;
    const [row] = await this.db
      .select({ category: quizQuestions.category, options: quizQuestions.options, correctIndex: quizQuestions.correctIndex, explanation: quizQuestions.explanation })
      .from(quizAnswers)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
      .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionIndex, questionIndex)))
      .limit(1);
    if (!row) return null;
    return { category: row.category, correctOption: row.options[row.correctIndex]!, explanation: row.explanation };
  }

  async question(questionId: string): Promise<(QuestionRow & { total: number }) | null> {
    if (!UUID.test(questionId)) return null;
    const [row] = await this.db.select().from(quizQuestions).where(eq(quizQuestions.id, questionId)).limit(1);
    if (!row) return null;
    const [bank] = await this.db
      .select({ n: count() })
      .from(quizQuestions)
      .where(and(eq(quizQuestions.category, row.category), eq(quizQuestions.setId, row.setId)));
    return { ...row, total: bank?.n ?? 0 };
  }

  /** Everything the results PDF prints; only the owner of a completed attempt gets it. */
  async results(userId: string, attemptId: string, productName: string): Promise<QuizResults> {
    const attempt = await this.owned(this.db, attemptId, userId);
    if (attempt.status !== 'completed' || !attempt.completedAt) throw conflict(RESULTS_NOT_READY);
    const [learner] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    const name = [learner?.firstName, learner?.lastName].filter(Boolean).join(' ') || learner?.email || 'Learner';
    const questions = await this.setQuestions(attempt.category, attempt.setId, attempt.totalQuestions);
    const answers = await this.answersOf(this.db, attemptId);
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

  private answersOf(db: Db | Tx, attemptId: string): Promise<AnswerRow[]> {
    return db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId)).orderBy(asc(quizAnswers.questionIndex));
  }

  /** The score is always recounted from the saved answers, never taken from a client. */
  private async recount(tx: Tx, attemptId: string): Promise<number> {
    const [updated] = await tx
      .update(quizAttempts)
      .set({
        score: sql<number>`(select count(*)::int from ${quizAnswers} where ${quizAnswers.attemptId} = ${attemptId} and ${quizAnswers.isCorrect})`,
      })
      .where(eq(quizAttempts.id, attemptId))
      .returning({ score: quizAttempts.score });
    return updated!.score;
  }

  private answerView(attemptId: string, answer: AnswerRow, question: QuestionRow): QuizAnswer {
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
    const questions = await this.setQuestions(attempt.category, attempt.setId, attempt.totalQuestions);
    const byId = new Map(questions.map((q) => [q.id, q]));
    const answers = (await this.answersOf(this.db, attempt.id)).flatMap((a) => {
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

/** The quiz bank (topics and questions) and learners' attempts with their answers. */
import { and, asc, count, desc, eq, exists, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { quizAnswers, quizAttempts, quizQuestions, quizTopics } from './schema';

export type AttemptRow = typeof quizAttempts.$inferSelect;
export type QuestionRow = typeof quizQuestions.$inferSelect;
export type AnswerRow = typeof quizAnswers.$inferSelect;
type Reader = Db | Tx;

export function listTopics(db: Db) {
  return db.select().from(quizTopics).orderBy(asc(quizTopics.position));
}

const inSet = (category: string, setId: string) => and(eq(quizQuestions.category, category), eq(quizQuestions.setId, setId));

export async function countSetQuestions(db: Reader, category: string, setId: string): Promise<number> {
  const [bank] = await db.select({ n: count() }).from(quizQuestions).where(inSet(category, setId));
  return bank?.n ?? 0;
}

/** The questions of a set in order; an attempt sees its first `limit` (the set's size when it started). */
export function setQuestions(db: Reader, category: string, setId: string, limit?: number): Promise<QuestionRow[]> {
  const query = db.select().from(quizQuestions).where(inSet(category, setId)).orderBy(asc(quizQuestions.position));
  return limit === undefined ? query : query.limit(limit);
}

export async function findQuestion(db: Reader, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, id)).limit(1);
  return row;
}

export async function findInProgressAttempt(db: Reader, userId: string, category: string, setId: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.category, category), eq(quizAttempts.setId, setId), eq(quizAttempts.status, 'in-progress')))
    .limit(1);
  return row;
}

/** A new attempt; undefined when another request started one at the same moment (the partial unique index). */
export async function insertAttempt(
  db: Reader,
  attempt: { userId: string; category: string; setId: string; totalQuestions: number },
): Promise<AttemptRow | undefined> {
  const [row] = await db.insert(quizAttempts).values(attempt).onConflictDoNothing().returning();
  return row;
}

/** The attempt; `lock` takes its row for the rest of the transaction (answers to one attempt queue up). */
export async function findAttempt(db: Reader, id: string, lock = false): Promise<AttemptRow | undefined> {
  const query = db.select().from(quizAttempts).where(eq(quizAttempts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The attempt, its row locked for the rest of the transaction (answers to one attempt queue up), with the question at
 * `position` of its set (null when the set no longer has one there): one statement where two were.
 */
export async function findAttemptForAnswer(db: Tx, id: string, position: number): Promise<{ attempt: AttemptRow; question: QuestionRow | null } | undefined> {
  const [row] = await db
    .select({ attempt: quizAttempts, question: quizQuestions })
    .from(quizAttempts)
    .leftJoin(quizQuestions, and(eq(quizQuestions.category, quizAttempts.category), eq(quizQuestions.setId, quizAttempts.setId), eq(quizQuestions.position, position)))
    .where(eq(quizAttempts.id, id))
    .limit(1)
    .for('update', { of: quizAttempts });
  return row;
}

/**
 * Saves an answer and recounts the attempt's score from its saved answers, in one statement; undefined when that
 * question of the attempt was answered already. The recount cannot see the row the same statement inserts, so it adds
 * the new answer's own count.
 */
export async function saveAnswer(
  db: Tx,
  answer: { attemptId: string; questionIndex: number; questionId: string; selectedOption: number; isCorrect: boolean; timeSpent: number },
): Promise<{ questionIndex: number; selectedOption: number; isCorrect: boolean; score: number } | undefined> {
  const { attemptId } = answer;
  const result = await db.execute(sql`
    with saved as (
      insert into ${quizAnswers} (attempt_id, question_index, question_id, selected_option, is_correct, time_spent)
      values (${attemptId}, ${answer.questionIndex}, ${answer.questionId}, ${answer.selectedOption}, ${answer.isCorrect}, ${answer.timeSpent})
      on conflict do nothing
      returning question_index, selected_option, is_correct
    ), scored as (
      update ${quizAttempts}
      set score = (select count(*)::int from ${quizAnswers} where attempt_id = ${attemptId} and is_correct)
        + (select count(*)::int from saved where is_correct)
      where id = ${attemptId} and exists (select 1 from saved)
      returning score
    )
    select saved.question_index as "questionIndex", saved.selected_option as "selectedOption", saved.is_correct as "isCorrect", scored.score
    from saved cross join scored`);
  return (result as unknown as { rows: { questionIndex: number; selectedOption: number; isCorrect: boolean; score: number }[] }).rows[0];
}

/** The score is always recounted from the saved answers, never taken from a client. */
export async function recountScore(db: Reader, attemptId: string): Promise<number> {
  const [updated] = await db
    .update(quizAttempts)
    .set({
      score: sql<number>`(select count(*)::int from ${quizAnswers} where ${quizAnswers.attemptId} = ${attemptId} and ${quizAnswers.isCorrect})`,
    })
    .where(eq(quizAttempts.id, attemptId))
    .returning({ score: quizAttempts.score });
  return updated!.score;
}

export async function countAnswers(db: Reader, attemptId: string): Promise<number> {
  const [answered] = await db.select({ n: count() }).from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
  return answered?.n ?? 0;
}

export async function markCompleted(db: Reader, attemptId: string, score: number, completedAt: Date): Promise<AttemptRow> {
  const [done] = await db.update(quizAttempts).set({ status: 'completed', completedAt, score }).where(eq(quizAttempts.id, attemptId)).returning();
  return done!;
}

export function answersOf(db: Reader, attemptId: string): Promise<AnswerRow[]> {
  return db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId)).orderBy(asc(quizAnswers.questionIndex));
}

/** A learner's attempts, newest first (the last 200). */
/** A member's quiz history: an attempt enters it with its first answer (a set opened and left is not history). */
export function listAttemptRows(db: Db, userId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(quizAttempts)
    .where(and(
      eq(quizAttempts.userId, userId),
      exists(db.select({ one: sql`1` }).from(quizAnswers).where(eq(quizAnswers.attemptId, quizAttempts.id))),
    ))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(200);
}

/** The question behind an answered question of an attempt; undefined until it is answered. */
export async function answeredQuestion(db: Db, attemptId: string, questionIndex: number) {
  const [row] = await db
    .select({ category: quizQuestions.category, options: quizQuestions.options, correctIndex: quizQuestions.correctIndex, explanation: quizQuestions.explanation })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionIndex, questionIndex)))
    .limit(1);
  return row;
}

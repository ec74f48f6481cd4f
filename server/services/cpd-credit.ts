/**
 * Writing credit to the ledger when it is earned (issue 39 item 3): one entry per credit line of a course whose
 * assessment was passed at the course's own pass mark, or of a workshop series whose session staff marked the member
 * attended. Each entry counts once (the unique index cpd_entries_once), however many passes or marks arrive at once.
 * An article writes its lines when its own quiz is passed at the quiz's mark (ADR 176).
 */
import { meetsMark } from '../../src/domain/learning';
import type { CreditLine } from '../../src/domain/cpd.schema';
import type { Db, Tx } from '../data/client';
import { courseCredit, deleteUnreportedEntries, insertEntriesOnce, type NewEntry, sessionCredit } from '../data/cpd';

function entriesOf(userId: string, source: 'course' | 'workshop' | 'article', sourceRef: string, title: string, provider: string, earnedOn: string, lines: readonly CreditLine[]): NewEntry[] {
  return lines.map((line) => ({
    userId,
    body: line.body,
    bodyName: line.bodyName ?? '',
    source,
    sourceRef,
    title,
    provider,
    courseNumber: line.courseNumber,
    earnedOn,
    amount: line.amount,
    type: line.type,
    credential: line.credential ?? null,
    topic: line.topic ?? null,
    selfReported: false,
  }));
}


export class CpdCredit {
  constructor(private readonly providerName: string) {}

  /** A completed assessment attempt: when it passes the course's mark, its credit lines go to the ledger once. */
  async coursePassed(db: Db | Tx, userId: string, courseId: string, attempt: { score: number; totalQuestions: number; completedAt: Date | null }): Promise<number> {
    const course = await courseCredit(db, courseId);
    if (!course?.credits.length || !meetsMark(attempt.score, attempt.totalQuestions, course.passPercent)) return 0;
    const earnedOn = (attempt.completedAt ?? new Date()).toISOString().slice(0, 10);
    return insertEntriesOnce(db, entriesOf(userId, 'course', courseId, course.title, this.providerName, earnedOn, course.credits));
  }

  /** A passed article quiz (the caller marked it): the article's credit lines go to the ledger once; answers how many were new. */
  articlePassed(db: Db | Tx, userId: string, article: { id: string; title: string; credits: readonly CreditLine[] }, earnedOn: string): Promise<number> {
    return insertEntriesOnce(db, entriesOf(userId, 'article', article.id, article.title, this.providerName, earnedOn, article.credits));
  }

  /** Staff marked (or unmarked) the member attended a session: its series' credit lines are written, or taken back. */
  async attendance(db: Db | Tx, userId: string, sessionId: string, attended: boolean): Promise<void> {
    if (!attended) {
      await deleteUnreportedEntries(db, userId, 'workshop', sessionId);
      return;
    }
    const session = await sessionCredit(db, sessionId);
    if (!session?.credits.length) return;
    const earnedOn = session.startsAt.toISOString().slice(0, 10);
    await insertEntriesOnce(db, entriesOf(userId, 'workshop', sessionId, session.title, this.providerName, earnedOn, session.credits));
  }
}

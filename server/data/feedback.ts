/** Feedback from the home page's form. */
import type { Db } from './client';
import { feedback } from './schema';

export async function insertFeedback(db: Db, entry: { name: string; email: string; mobile: string; feedback: string }): Promise<void> {
  await db.insert(feedback).values(entry);
}

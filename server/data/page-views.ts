/** Page views per path and day: a count, nothing about who viewed. */
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { pageViews } from './schema';

export async function countPageView(db: Db, path: string, day: string): Promise<void> {
  await db
    .insert(pageViews)
    .values({ path, day, views: 1 })
    .onConflictDoUpdate({ target: [pageViews.path, pageViews.day], set: { views: sql`${pageViews.views} + 1` } });
}

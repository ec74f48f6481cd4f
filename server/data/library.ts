/** The library: ebooks (with their file's size), research papers, newsletters, case studies (workshops: workshops.ts). */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { caseStudies, ebooks, files, newsletters, researchPapers } from './schema';

export type CaseStudyRow = typeof caseStudies.$inferSelect;

export function ebookRows(db: Db) {
  return db
    .select({ id: ebooks.id, slug: ebooks.slug, title: ebooks.title, filePath: ebooks.filePath, publishedAt: ebooks.publishedAt, size: files.size })
    .from(ebooks)
    .innerJoin(files, eq(files.path, ebooks.filePath))
    .orderBy(desc(ebooks.publishedAt), asc(ebooks.id));
}

export function researchPaperRows(db: Db) {
  return db.select().from(researchPapers).orderBy(desc(researchPapers.publishedAt), asc(researchPapers.id));
}

/** The library's newsletters, newest first; `fromIssue` when one is a sent issue, which also has a page (ADR 139). */
export function newsletterRows(db: Db) {
  return db
    .select({
      id: newsletters.id, slug: newsletters.slug, title: newsletters.title, description: newsletters.description,
      filePath: newsletters.filePath, publishedAt: newsletters.publishedAt,
      // Spelled out: in a one-table select drizzle writes columns unqualified, and "id" would be the issue's own.
      fromIssue: sql<boolean>`exists (select 1 from "newsletter_issues" i where i."newsletter_id" = "newsletters"."id")`,
    })
    .from(newsletters)
    .orderBy(desc(newsletters.publishedAt), asc(newsletters.id));
}

function newestCaseStudies(db: Db, where?: SQL) {
  return db.select().from(caseStudies).where(where).orderBy(desc(caseStudies.publishedAt), asc(caseStudies.id));
}

export function caseStudyRows(db: Db): Promise<CaseStudyRow[]> {
  return newestCaseStudies(db);
}

/** The case study marked featured, else the newest one. */
export async function featuredCaseStudyRow(db: Db): Promise<CaseStudyRow | undefined> {
  const [marked] = await newestCaseStudies(db, eq(caseStudies.featured, true)).limit(1);
  return marked ?? (await newestCaseStudies(db).limit(1))[0];
}

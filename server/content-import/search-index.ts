/**
 * The search index's content (ADR 090), rebuilt at the end of every import from what the import wrote: articles,
 * published courses (title, description, objectives, modules) and their lessons, workshop series, the library's PDFs
 * page by page (their text read back with pdf.js), quiz topics (with their questions), the about area, and the
 * community's posts and comments (which the services also keep current on every write).
 */
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { FOUNDER, MISSION, STRATEGY_GROUPS, VALUES, VISION } from '../../src/domain/about';
import { QUIZ_CATEGORIES } from '../../src/domain/quiz';
import { stripHtml } from '../../src/domain/text';
import type { Db, Tx } from '../data/client';
import {
  articles, caseStudies, comments, courseLessons, courseObjectives, courses, courseSections, discussions, ebooks, newsletters,
  quizQuestions, researchPapers,
} from '../data/schema';
import { commentDocument, discussionDocument, rebuildWords, reindexWorkshops, replaceDocuments, type SearchDocument } from '../data/search';
import type { ContentModule } from './module';
import { storedPageTexts } from './page-texts';

type Reader = Db | Tx;

/** The kinds this module writes (workshops: data/search.ts reindexWorkshops, which the hourly window fill runs too). */
export const CONTENT_KINDS = ['article', 'course', 'lesson', 'ebook', 'research-paper', 'newsletter', 'case-study', 'quiz', 'about'] as const;
export const COMMUNITY_KINDS = ['discussion', 'comment'] as const;

const ABOUT = '/sustainlearn';

function aboutDocuments(): SearchDocument[] {
  const about = (refId: string, anchor: string, title: string, body: string): SearchDocument => ({
    kind: 'about', refId, title, body, url: `${ABOUT}#${anchor}`, visibility: 'public',
  });
  return [
    about('mission', 'our-mission', `Our mission: ${MISSION.title}`, MISSION.text),
    about('vision', 'our-vision', `Our vision: ${VISION.title}`, VISION.text),
    ...VALUES.map((v) => about(`value-${v.title}`, 'our-values', `Our values: ${v.title}`, v.text)),
    ...STRATEGY_GROUPS.map((g) => about(`strategy-${g.title}`, 'our-strategy', `Our strategy: ${g.title}`, g.text)),
    { kind: 'about', refId: 'team', title: `${FOUNDER.name}, ${FOUNDER.role}`, body: FOUNDER.paragraphs.join(' '), url: ABOUT, visibility: 'public' },
  ];
}

async function courseDocuments(db: Reader): Promise<SearchDocument[]> {
  const published = await db.select().from(courses).where(eq(courses.status, 1));
  if (published.length === 0) return [];
  const ids = published.map((c) => c.id);
  const [sections, objectives] = await Promise.all([
    db.select().from(courseSections).where(inArray(courseSections.courseId, ids)).orderBy(asc(courseSections.position)),
    db.select().from(courseObjectives).where(inArray(courseObjectives.courseId, ids)).orderBy(asc(courseObjectives.position)),
  ]);
  const lessons = sections.length
    ? await db.select().from(courseLessons).where(inArray(courseLessons.sectionId, sections.map((s) => s.id))).orderBy(asc(courseLessons.position))
    : [];
  const docs: SearchDocument[] = [];
  for (const course of published) {
    const mine = sections.filter((s) => s.courseId === course.id);
    const lessonsOf = (sectionId: string) => lessons.filter((l) => l.sectionId === sectionId);
    docs.push({
      kind: 'course', refId: course.id, title: course.title, summary: course.description,
      body: [...objectives.filter((o) => o.courseId === course.id).map((o) => o.description), ...mine.flatMap((s) => [s.title, ...lessonsOf(s.id).map((l) => l.title)])].join('. '),
      url: `/courses/view/${course.id}`, visibility: 'public',
    });
    for (const section of mine) {
      for (const lesson of lessonsOf(section.id)) {
        if (!lesson.body) continue;
        docs.push({
          kind: 'lesson', refId: lesson.id, title: lesson.title, summary: `${course.title}: ${section.title}`, body: stripHtml(lesson.body),
          url: `/courses/view/${course.id}/lessons/${lesson.id}`, visibility: 'members', parentId: course.id,
        });
      }
    }
  }
  return docs;
}

const LIBRARY = [
  { kind: 'ebook', table: ebooks },
  { kind: 'research-paper', table: researchPapers },
  { kind: 'newsletter', table: newsletters },
  { kind: 'case-study', table: caseStudies },
] as const;

/** Each library document, one entry per page of its PDF, so a hit can open the document at its page. */
async function libraryDocuments(db: Reader): Promise<SearchDocument[]> {
  const docs: SearchDocument[] = [];
  for (const { kind, table } of LIBRARY) {
    const rows = await db.select({ id: table.id, title: table.title, description: table.description, filePath: table.filePath }).from(table);
    for (const row of rows) {
      const pages = await storedPageTexts(db, row.filePath);
      pages.forEach((text, i) => {
        docs.push({
          kind, refId: row.id, page: i + 1, title: row.title, summary: i === 0 ? row.description : '', body: text,
          url: `${row.filePath}#page=${i + 1}`, visibility: 'members',
        });
      });
    }
  }
  return docs;
}

async function otherContent(db: Reader): Promise<SearchDocument[]> {
  const [articleRows, questions] = await Promise.all([
    db.select().from(articles),
    db.select({ category: quizQuestions.category, question: quizQuestions.question }).from(quizQuestions).orderBy(asc(quizQuestions.position)),
  ]);
  return [
    ...articleRows.map((a): SearchDocument => ({
      kind: 'article', refId: a.id, title: a.title, summary: a.description, body: stripHtml(a.content), url: `/articles/${a.id}`, visibility: 'public',
    })),
    ...QUIZ_CATEGORIES.map((c): SearchDocument => ({
      kind: 'quiz', refId: c.id, title: `${c.title} quiz`, summary: `Test yourself on ${c.title.toLowerCase()}.`,
      body: questions.filter((q) => q.category === c.id).map((q) => q.question).join(' '), url: `/quiz/${c.id}`, visibility: 'members',
    })),
    ...aboutDocuments(),
  ];
}

/** Every post and standing comment, indexed again (after an import, a demo load, or a bench seed). */
export async function reindexCommunity(db: Reader): Promise<void> {
  const posts = await db
    .select({ id: discussions.id, title: discussions.title, content: discussions.content, category: discussions.category, subcategory: discussions.subcategory })
    .from(discussions);
  const byId = new Map(posts.map((p) => [p.id, p]));
  const standing = await db
    .select({ id: comments.id, discussionId: comments.discussionId, content: comments.content })
    .from(comments)
    .where(isNull(comments.deletedAt));
  await replaceDocuments(db, COMMUNITY_KINDS, [
    ...posts.map(discussionDocument),
    ...standing.flatMap((c) => {
      const post = byId.get(c.discussionId);
      return post ? [commentDocument(c, post)] : [];
    }),
  ]);
}

/** The content part of the index, built again from the database. */
export async function reindexContent(db: Reader): Promise<void> {
  const docs = [...(await otherContent(db)), ...(await courseDocuments(db)), ...(await libraryDocuments(db))];
  await replaceDocuments(db, CONTENT_KINDS, docs);
  await reindexWorkshops(db, new Date());
  await rebuildWords(db);
}

/** Runs last in every import: nothing to read from the folder, everything from what the other modules wrote. */
export const searchIndexContent: ContentModule<null> = {
  name: 'search index',
  async read() {
    return null;
  },
  async write(tx) {
    await reindexContent(tx);
    await reindexCommunity(tx);
  },
};

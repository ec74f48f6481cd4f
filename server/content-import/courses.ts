/**
 * Courses (content/courses/<slug>.json, with each lesson in content/courses/<slug>/<lesson>.md and the assessment in
 * content/courses/<slug>/assessment.json), the library documents
 * (content/library/{ebooks,research-papers,newsletters,case-studies}/*.json). Library documents are written as JSON
 * and rendered to real PDFs while reading (before the import transaction), then stored under /files/<kind>/<slug>.pdf.
 *
 * Each folder is the whole list of its kind: an entry whose file was removed is removed too. Rows are matched by slug
 * and child rows get ids derived from the slugs (lessons: course and lesson slug; sections, objectives, questions:
 * course slug and position), so importing the same folder twice keeps every id, and learners' progress with them.
 * A kind whose folder is missing is left as it is.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, like, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { categoryLabel, ILLUSTRATIVE_LABEL } from '../../src/domain/content';
import { contentCategorySchema } from '../../src/domain/content.schema';
import { courseOwnFieldsSchema } from '../../src/domain/authoring';
import { type LessonRow, writeCourseRows } from './course-rows';
import { heldByBrowser, importHash, itemsOfKind, removeItemsNotIn, upsertImported } from '../data/authoring';
import { changedFieldNames } from '../data/fields-diff';
import { formatUsDate } from '../../src/domain/text';
import { renderDocumentPdf } from '../render/document-pdf';
import { sanitizeLessonHtml } from '../render/sanitize';
import { LessonRuleError, readLesson } from './lesson-markdown';
import { quizQuestionFileSchema } from './quiz';
import {
  caseStudies, courses, ebooks, files, newsletters,
  newsletterIssues, researchPapers,
} from '../data/schema';
import { storeFile } from './files';
import { ContentError, type ContentModule, type Reporter, type Tx, type WriteHelpers } from './module';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = z.string().regex(SLUG, 'must be a lowercase slug like embodied-carbon-fundamentals');
const sitePathOrHttps = z.string().regex(/^(\/|https:\/\/)\S+$/, 'must be a site path like /media/courses/carbon.svg or an https URL');
const text = (max: number) => z.string().trim().min(1).max(max);

/** The course file: the browser's course fields (src/domain/authoring.ts), its status, and its outline of lesson files. */
export const courseFileSchema = courseOwnFieldsSchema.extend({
  status: z.union([z.literal(0), z.literal(1)], { message: 'must be 1 (published) or 0 (draft)' }),
  sections: z
    .array(z.object({
      title: text(200),
      // A lesson's minutes are its reading time, computed from its body: never written by hand.
      lessons: z.array(z.strictObject({ slug: slugSchema, title: text(200) })).min(1),
    }))
    .min(1),
});

export const ASSESSMENT_MIN_QUESTIONS = 6;
export const ASSESSMENT_MAX_QUESTIONS = 10;
export const assessmentFileSchema = z.object({
  questions: z
    .array(quizQuestionFileSchema.extend({ lesson: slugSchema }))
    .min(ASSESSMENT_MIN_QUESTIONS, `must hold ${ASSESSMENT_MIN_QUESTIONS} to ${ASSESSMENT_MAX_QUESTIONS} questions`)
    .max(ASSESSMENT_MAX_QUESTIONS, `must hold ${ASSESSMENT_MIN_QUESTIONS} to ${ASSESSMENT_MAX_QUESTIONS} questions`),
});
type AssessmentFile = z.output<typeof assessmentFileSchema>;

export interface ReadLesson extends LessonRow {
  /** The lesson file's Markdown, as the browser edits it. */
  markdown: string;
}

export interface CourseFile extends Omit<z.output<typeof courseFileSchema>, 'sections'> {
  sections: { title: string; lessons: ReadLesson[] }[];
  /** Null only for a draft whose assessment is not written yet. */
  assessment: AssessmentFile | null;
}

export const libraryDocumentSchema = z.object({
  slug: slugSchema,
  title: text(200),
  description: text(600),
  category: contentCategorySchema.optional(),
  publishedAt: z.iso.date('must be a date like 2026-09-14'),
  featured: z.boolean().default(false),
  /** A case study that describes no one real project (a composite written to teach): its card and PDF say so (ADR 153). */
  illustrative: z.boolean().default(false),
  imageUrl: sitePathOrHttps.optional(),
  sections: z
    .array(z.object({ heading: text(200), paragraphs: z.array(z.string().trim().min(1)).min(1) }))
    .min(1),
});
type LibraryDocumentFile = z.output<typeof libraryDocumentSchema>;

export const LIBRARY_KINDS = {
  ebooks: { folder: 'ebooks', label: 'eBook' },
  researchPapers: { folder: 'research-papers', label: 'Research paper' },
  newsletters: { folder: 'newsletters', label: 'Newsletter' },
  caseStudies: { folder: 'case-studies', label: 'Case study' },
} as const;
type LibraryKind = keyof typeof LIBRARY_KINDS;

export interface RenderedDocument extends LibraryDocumentFile {
  filePath: string;
  pdf: Uint8Array;
}

export interface CourseContent {
  courses: CourseFile[] | null;
  library: Record<LibraryKind, RenderedDocument[] | null>;
}

export function libraryFilePath(kind: LibraryKind, slug: string): string {
  return `/files/${LIBRARY_KINDS[kind].folder}/${slug}.pdf`;
}

async function jsonFiles(dir: string): Promise<string[] | null> {
  const names = await readdir(dir).catch(() => null);
  return names === null ? null : names.filter((n) => n.endsWith('.json')).sort();
}

/** Every file's slug must match its file name, and slugs are unique within a kind. */
function checkSlug(display: string, fileSlug: string, slug: string) {
  if (fileSlug !== slug) throw new ContentError(`${display}: field "slug": must match the file name (${fileSlug})`);
}

function checkUnique(kind: string, slugs: string[]) {
  const seen = new Set<string>();
  for (const slug of slugs) {
    if (seen.has(slug)) throw new ContentError(`${kind}: the slug "${slug}" is used twice`);
    seen.add(slug);
  }
}

/**
 * A course file with its lessons and assessment. Every lesson of a published course must be written and meet the
 * lesson rules, and its assessment must exist; a draft (status 0) may still lack lesson files or its assessment.
 */
async function readCourse(dir: string, name: string, report: Reporter): Promise<CourseFile> {
  const file = join(dir, name);
  const course = report.parse(file, courseFileSchema, await readFile(file, 'utf8'));
  const slug = name.slice(0, -'.json'.length);
  checkSlug(`courses/${name}`, slug, course.slug);
  const published = course.status === 1;
  const lessonSlugs = course.sections.flatMap((s) => s.lessons.map((l) => l.slug));
  checkUnique(`courses/${name}: lessons`, lessonSlugs);
  const sections: CourseFile['sections'] = [];
  for (const section of course.sections) {
    const lessons: ReadLesson[] = [];
    for (const lesson of section.lessons) {
      const display = `courses/${slug}/${lesson.slug}.md`;
      const markdown = await readFile(join(dir, slug, `${lesson.slug}.md`), 'utf8').catch(() => null);
      if (markdown === null && !published) continue;
      try {
        const read = readLesson(markdown ?? '', `/media/lessons/${slug}/`, (path) => existsSync(join(dir, '..', 'images', path.slice('/media/'.length))));
        lessons.push({ slug: lesson.slug, title: lesson.title, html: sanitizeLessonHtml(read.html), words: read.words, minutes: read.minutes, markdown: markdown ?? '' });
      } catch (error) {
        if (error instanceof LessonRuleError) {
          const why = markdown === null ? 'the lesson file is missing; a published course needs every lesson written' : error.message;
          throw new ContentError(`${display}: field "${markdown === null ? 'body' : error.field}": ${why}`);
        }
        throw error;
      }
    }
    sections.push({ title: section.title, lessons });
  }
  const assessmentPath = join(dir, slug, 'assessment.json');
  const assessmentText = await readFile(assessmentPath, 'utf8').catch(() => null);
  let assessment: AssessmentFile | null = null;
  if (assessmentText !== null) {
    assessment = report.parse(assessmentPath, assessmentFileSchema, assessmentText);
    const unknown = assessment.questions.find((q) => !lessonSlugs.includes(q.lesson));
    if (unknown) throw new ContentError(`courses/${slug}/assessment.json: field "lesson": "${unknown.lesson}" is not a lesson of this course`);
  } else if (published) {
    throw new ContentError(`courses/${slug}/assessment.json: field "questions": a published course needs its assessment`);
  }
  return { ...course, sections, assessment };
}

async function readCourses(folder: string, report: Reporter): Promise<CourseFile[] | null> {
  const dir = join(folder, 'courses');
  const names = await jsonFiles(dir);
  if (names === null) return null;
  const result: CourseFile[] = [];
  for (const name of names) result.push(await readCourse(dir, name, report));
  return result;
}

function subtitleOf(kind: LibraryKind, doc: LibraryDocumentFile): string {
  const parts: string[] = [LIBRARY_KINDS[kind].label];
  if (doc.illustrative) parts.push(ILLUSTRATIVE_LABEL);
  if (doc.category) parts.push(categoryLabel(doc.category));
  parts.push(`Published ${formatUsDate(doc.publishedAt)}`);
  return parts.join('  |  ');
}

/**
 * A persona or composite used to teach is marked where it is shown (ADR 153): a case study whose own text calls it an
 * illustrative composite must carry the flag, so its card says it too; only case studies take the flag.
 */
function checkIllustrative(display: string, kind: LibraryKind, doc: LibraryDocumentFile) {
  if (doc.illustrative && kind !== 'caseStudies') throw new ContentError(`${display}: field "illustrative": only a case study can be marked illustrative`);
  const says = [doc.description, ...doc.sections.flatMap((s) => s.paragraphs)].some((t) => /illustrative composite/i.test(t));
  if (kind === 'caseStudies' && says && !doc.illustrative) {
    throw new ContentError(`${display}: field "illustrative": the text calls this case study an illustrative composite; mark it "illustrative": true so its card says so too`);
  }
}

async function readLibrary(folder: string, kind: LibraryKind, report: Reporter): Promise<RenderedDocument[] | null> {
  const sub = LIBRARY_KINDS[kind].folder;
  const dir = join(folder, 'library', sub);
  const names = await jsonFiles(dir);
  if (names === null) return null;
  const result: RenderedDocument[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const display = `library/${sub}/${name}`;
    const doc = report.parse(file, libraryDocumentSchema, await readFile(file, 'utf8'));
    checkSlug(display, name.slice(0, -'.json'.length), doc.slug);
    if (kind === 'researchPapers' && !doc.category) throw new ContentError(`${display}: field "category": a research paper needs a category`);
    if (kind === 'caseStudies' && !doc.imageUrl) throw new ContentError(`${display}: field "imageUrl": a case study needs an image`);
    checkIllustrative(display, kind, doc);
    const pdf = await renderDocumentPdf({ title: doc.title, subtitle: subtitleOf(kind, doc), date: publishedAtOf(doc.publishedAt), sections: [
      { heading: 'Summary', paragraphs: [doc.description] },
      ...doc.sections,
    ] });
    result.push({ ...doc, filePath: libraryFilePath(kind, doc.slug), pdf: new Uint8Array(pdf) });
  }
  const featured = result.filter((d) => d.featured);
  if (kind === 'caseStudies' && featured.length > 1) {
    throw new ContentError(`library/${sub}: only one case study may be featured (${featured.map((d) => d.slug).join(', ')})`);
  }
  return result;
}

const publishedAtOf = (date: string) => new Date(`${date}T09:00:00Z`);

/** A course as the browser edits it (src/domain/authoring.ts courseFieldsSchema): lesson bodies as their Markdown. */
function itemFieldsOf(course: CourseFile) {
  return {
    slug: course.slug, title: course.title, description: course.description, category: course.category, level: course.level, price: course.price,
    thumbnail: course.thumbnail, credits: course.credits, passPercent: course.passPercent, objectives: course.objectives,
    sections: course.sections.map((s) => ({ title: s.title, lessons: s.lessons.map((l) => ({ slug: l.slug, title: l.title, body: l.markdown })) })),
    questions: course.assessment?.questions ?? [],
  };
}

/**
 * Writes the folder's courses. A course changed in the browser since the last import is kept (issue 38 item 8) and
 * named, unless forced; courses made in the browser stay. A published course is recorded as an imported item.
 */
async function writeCourses(tx: Tx, list: CourseFile[], now: Date, force: boolean, warn?: (line: string) => void) {
  const items = new Map((await itemsOfKind(tx, 'courses')).map((item) => [item.key, item]));
  const keep = [...items.values()].filter((item) => !item.importedAt).map((item) => item.key);
  const recorded: string[] = [];
  for (const course of list) {
    const fields = itemFieldsOf(course);
    const item = items.get(course.slug);
    if (heldByBrowser(item) && !force) {
      const names = changedFieldNames(item.fields, fields);
      warn?.(`courses/${course.slug}.json: ${names ? `field ${names}` : 'the course'} was changed in the browser since the last import; kept (--force overwrites)`);
      keep.push(course.slug);
      continue;
    }
    const id = await writeCourseRows(tx, course);
    if (course.status !== 1) continue;
    const hash = importHash(fields);
    await upsertImported(tx, { kind: 'courses', key: course.slug, fields, liveId: id, at: now, hash, publishedAt: item?.publishedAt ?? now });
    recorded.push(course.slug);
  }
  const slugs = [...list.map((c) => c.slug), ...keep];
  await tx.delete(courses).where(slugs.length > 0 ? notInArray(courses.slug, slugs) : undefined);
  await removeItemsNotIn(tx, 'courses', [...recorded, ...keep]);
}

const LIBRARY_TABLES = { ebooks, researchPapers, newsletters, caseStudies } as const;

/** A library document as the console's editor holds it (LIBRARY_FIELDS_SCHEMAS): what the item records of an import. */
function documentFieldsOf(kind: LibraryKind, doc: RenderedDocument): Record<string, unknown> {
  const common = { slug: doc.slug, title: doc.title, description: doc.description, fileUrl: doc.filePath };
  if (kind === 'researchPapers') return { ...common, category: doc.category };
  if (kind === 'caseStudies') return { ...common, imageUrl: doc.imageUrl, featured: doc.featured, illustrative: doc.illustrative };
  return common;
}

/**
 * Writes the folder's documents of a kind, each recorded as an imported item the console edits (issue 38). One made in
 * the browser, or changed there since the last import, is kept and named unless forced (ADR 167); the rest follow the
 * folder.
 */
async function writeLibrary(tx: Tx, kind: LibraryKind, all: RenderedDocument[], { now, force, warn }: WriteHelpers) {
  const folder = LIBRARY_KINDS[kind].folder;
  const items = new Map((await itemsOfKind(tx, folder)).map((item) => [item.key, item]));
  const list: RenderedDocument[] = [];
  const kept: string[] = [];
  for (const doc of all) {
    const item = items.get(doc.slug);
    if (force || !heldByBrowser(item)) {
      list.push(doc);
      continue;
    }
    const names = changedFieldNames(item.fields, documentFieldsOf(kind, doc));
    const what = !item.importedAt ? 'the item was made in the browser' : `${names ? `field ${names}` : 'the item'} was changed in the browser since the last import`;
    warn?.(`library/${folder}/${doc.slug}.json: ${what}; kept (--force overwrites)`);
    kept.push(doc.slug);
  }
  for (const doc of list) await storeFile(tx, doc.filePath, 'application/pdf', doc.pdf);
  const common = (doc: RenderedDocument) => ({
    slug: doc.slug, title: doc.title, description: doc.description, filePath: doc.filePath, publishedAt: publishedAtOf(doc.publishedAt),
  });
  const writeRow = async (doc: RenderedDocument): Promise<string> => {
    if (kind === 'researchPapers') {
      const values = { ...common(doc), category: doc.category! };
      const [row] = await tx.insert(researchPapers).values(values).onConflictDoUpdate({ target: researchPapers.slug, set: values }).returning({ id: researchPapers.id });
      return row!.id;
    }
    if (kind === 'caseStudies') {
      const values = { ...common(doc), imageUrl: doc.imageUrl!, featured: doc.featured, illustrative: doc.illustrative };
      const [row] = await tx.insert(caseStudies).values(values).onConflictDoUpdate({ target: caseStudies.slug, set: values }).returning({ id: caseStudies.id });
      return row!.id;
    }
    const table = LIBRARY_TABLES[kind];
    const [row] = await tx.insert(table).values(common(doc)).onConflictDoUpdate({ target: table.slug, set: common(doc) }).returning({ id: table.id });
    return row!.id;
  };
  for (const doc of list) {
    const id = await writeRow(doc);
    const fields = documentFieldsOf(kind, doc);
    const hash = importHash({ ...fields, publishedAt: doc.publishedAt });
    await upsertImported(tx, { kind: folder, key: doc.slug, fields, liveId: id, at: now, hash, publishedAt: publishedAtOf(doc.publishedAt) });
  }
  // What the browser holds stays, with its live row and PDF: the items it made, and those kept above.
  const held = [...items.values()].filter((item) => !item.importedAt || kept.includes(item.key));
  await removeItemsNotIn(tx, folder, [...list.map((d) => d.slug), ...held.map((item) => item.key)]);
  const browser = {
    liveIds: held.flatMap((item) => (item.liveId ? [item.liveId] : [])),
    paths: held.flatMap((item) => (typeof item.fields.fileUrl === 'string' ? [item.fields.fileUrl] : [])),
  };
  // Rows of removed files go first (they reference their PDF), then the PDFs nobody references any more.
  const table = LIBRARY_TABLES[kind];
  const slugs = list.map((d) => d.slug);
  // Newsletters sent from the console (issue 36 item 4) are the product's own, not the content folder's: they stay.
  const sentIssues = kind === 'newsletters'
    ? sql`${newsletters.id} not in (select ${newsletterIssues.newsletterId} from ${newsletterIssues} where ${newsletterIssues.newsletterId} is not null)`
    : undefined;
  const browserRows = browser.liveIds.length > 0 ? notInArray(table.id, browser.liveIds) : undefined;
  await tx.delete(table).where(and(slugs.length > 0 ? notInArray(table.slug, slugs) : undefined, sentIssues, browserRows));
  const paths = [...list.map((d) => d.filePath), ...browser.paths];
  const inFolder = like(files.path, `/files/${LIBRARY_KINDS[kind].folder}/%`);
  await tx.delete(files).where(paths.length > 0 ? and(inFolder, notInArray(files.path, paths)) : inFolder);
}

export const courseContent: ContentModule<CourseContent> = {
  name: 'courses',
  async read(folder, report) {
    const library = {} as CourseContent['library'];
    for (const kind of Object.keys(LIBRARY_KINDS) as LibraryKind[]) library[kind] = await readLibrary(folder, kind, report);
    return { courses: await readCourses(folder, report), library };
  },
  async write(tx, data, helpers) {
    const { now, force, warn } = helpers;
    if (data.courses) await writeCourses(tx, data.courses, now, force ?? false, warn);
    for (const kind of Object.keys(LIBRARY_KINDS) as LibraryKind[]) {
      const list = data.library[kind];
      if (list) await writeLibrary(tx, kind, list, helpers);
    }
  },
};

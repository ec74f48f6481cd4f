/**
 * Courses (content/courses/*.json), workshops (content/workshops.json) and the library documents
 * (content/library/{ebooks,research-papers,newsletters,case-studies}/*.json). Library documents are written as JSON
 * and rendered to real PDFs while reading (before the import transaction), then stored under /files/<kind>/<slug>.pdf.
 *
 * Each folder is the whole list of its kind: an entry whose file was removed is removed too. Rows are matched by slug
 * and child rows (sections, lessons, objectives) get ids derived from the slug and position, so importing the same
 * folder twice keeps every id. A kind whose folder is missing is left as it is.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, like, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { categoryLabel, contentCategorySchema, courseLevelSchema } from '../../src/domain/content';
import { formatUsDate } from '../../src/domain/text';
import { renderDocumentPdf } from '../render/document-pdf';
import {
  caseStudies, courseLessons, courseObjectives, courses, courseSections, ebooks, files, newsletters, researchPapers,
  workshops,
} from '../data/schema';
import { storeFile } from './files';
import { ContentError, type ContentModule, type Reporter, type Tx } from './module';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = z.string().regex(SLUG, 'must be a lowercase slug like embodied-carbon-fundamentals');
const sitePathOrHttps = z.string().regex(/^(\/|https:\/\/)\S+$/, 'must be a site path like /media/courses/carbon.svg or an https URL');
const text = (max: number) => z.string().trim().min(1).max(max);

export const courseFileSchema = z.object({
  slug: slugSchema,
  title: text(200),
  description: text(600),
  category: contentCategorySchema,
  level: courseLevelSchema,
  price: z.number().int('must be whole dollars').min(0),
  status: z.union([z.literal(0), z.literal(1)], { message: 'must be 1 (published) or 0 (draft)' }),
  thumbnail: sitePathOrHttps,
  objectives: z.array(text(300)).min(1),
  sections: z
    .array(z.object({
      title: text(200),
      lessons: z.array(z.object({ title: text(200), duration: z.number().int().min(1).max(600) })).min(1),
    }))
    .min(1),
});
export type CourseFile = z.output<typeof courseFileSchema>;

export const workshopFileSchema = z.array(z.object({
  slug: slugSchema,
  title: text(200),
  description: text(1000),
  imageUrl: sitePathOrHttps,
  /** Days after the day the seed runs, so seeded workshops are upcoming. */
  dayOffset: z.number().int().min(-3650).max(3650),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a UTC time like 15:30'),
  duration: z.number().int().min(1).max(24 * 60),
  joinUrl: z.url({ protocol: /^https$/, message: 'must be an https URL' }),
}));
export type WorkshopFile = z.output<typeof workshopFileSchema>[number];

export const libraryDocumentSchema = z.object({
  slug: slugSchema,
  title: text(200),
  description: text(600),
  category: contentCategorySchema.optional(),
  publishedAt: z.iso.date('must be a date like 2026-09-14'),
  featured: z.boolean().default(false),
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
  workshops: WorkshopFile[] | null;
  library: Record<LibraryKind, RenderedDocument[] | null>;
}

export function libraryFilePath(kind: LibraryKind, slug: string): string {
  return `/files/${LIBRARY_KINDS[kind].folder}/${slug}.pdf`;
}

/** A stable UUID for a child row, so re-importing unchanged content keeps its ids. */
function stableId(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Shaped as a version-8 (custom) RFC 9562 UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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

async function readCourses(folder: string, report: Reporter): Promise<CourseFile[] | null> {
  const dir = join(folder, 'courses');
  const names = await jsonFiles(dir);
  if (names === null) return null;
  const result: CourseFile[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const course = report.parse(file, courseFileSchema, await readFile(file, 'utf8'));
    checkSlug(`courses/${name}`, name.slice(0, -'.json'.length), course.slug);
    result.push(course);
  }
  return result;
}

async function readWorkshops(folder: string, report: Reporter): Promise<WorkshopFile[] | null> {
  const file = join(folder, 'workshops.json');
  const source = await readFile(file, 'utf8').catch(() => null);
  if (source === null) return null;
  const list = report.parse(file, workshopFileSchema, source);
  checkUnique('workshops.json', list.map((w) => w.slug));
  return list;
}

function subtitleOf(kind: LibraryKind, doc: LibraryDocumentFile): string {
  const parts: string[] = [LIBRARY_KINDS[kind].label];
  if (doc.category) parts.push(categoryLabel(doc.category));
  parts.push(`Published ${formatUsDate(doc.publishedAt)}`);
  return parts.join('  |  ');
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
    const pdf = await renderDocumentPdf({ title: doc.title, subtitle: subtitleOf(kind, doc), sections: [
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

/** A workshop starts `dayOffset` days after the day the seed runs, at its UTC time. */
export function workshopStart(seedDate: Date, dayOffset: number, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(seedDate.getUTCFullYear(), seedDate.getUTCMonth(), seedDate.getUTCDate() + dayOffset, hours, minutes));
}

async function writeCourses(tx: Tx, list: CourseFile[]) {
  for (const course of list) {
    const values = {
      slug: course.slug,
      title: course.title,
      description: course.description,
      category: course.category,
      level: course.level,
      price: course.price,
      status: course.status,
      thumbnail: course.thumbnail,
    };
    const [row] = await tx
      .insert(courses)
      .values(values)
      .onConflictDoUpdate({ target: courses.slug, set: values })
      .returning({ id: courses.id });
    const courseId = row!.id;
    // Children are replaced whole; their ids come from the slug and position, so an unchanged course keeps them.
    await tx.delete(courseSections).where(eq(courseSections.courseId, courseId));
    await tx.delete(courseObjectives).where(eq(courseObjectives.courseId, courseId));
    await tx.insert(courseObjectives).values(course.objectives.map((description, position) => ({
      id: stableId(course.slug, 'objective', position), courseId, position, description,
    })));
    const sections = course.sections.map((section, position) => ({
      id: stableId(course.slug, 'section', position), courseId, position, title: section.title,
    }));
    await tx.insert(courseSections).values(sections);
    await tx.insert(courseLessons).values(course.sections.flatMap((section, s) => section.lessons.map((lesson, position) => ({
      id: stableId(course.slug, 'lesson', s, position), sectionId: sections[s]!.id, position, title: lesson.title, duration: lesson.duration,
    }))));
  }
  const slugs = list.map((c) => c.slug);
  await tx.delete(courses).where(slugs.length > 0 ? notInArray(courses.slug, slugs) : undefined);
}

async function writeWorkshops(tx: Tx, list: WorkshopFile[], now: Date) {
  for (const workshop of list) {
    const values = {
      slug: workshop.slug,
      title: workshop.title,
      description: workshop.description,
      imageUrl: workshop.imageUrl,
      startsAt: workshopStart(now, workshop.dayOffset, workshop.time),
      duration: workshop.duration,
      joinUrl: workshop.joinUrl,
    };
    await tx.insert(workshops).values(values).onConflictDoUpdate({ target: workshops.slug, set: values });
  }
  const slugs = list.map((w) => w.slug);
  await tx.delete(workshops).where(slugs.length > 0 ? notInArray(workshops.slug, slugs) : undefined);
}

const LIBRARY_TABLES = { ebooks, researchPapers, newsletters, caseStudies } as const;

async function writeLibrary(tx: Tx, kind: LibraryKind, list: RenderedDocument[]) {
  for (const doc of list) await storeFile(tx, doc.filePath, 'application/pdf', doc.pdf);
  const common = (doc: RenderedDocument) => ({
    slug: doc.slug, title: doc.title, description: doc.description, filePath: doc.filePath, publishedAt: publishedAtOf(doc.publishedAt),
  });
  for (const doc of list) {
    if (kind === 'researchPapers') {
      const values = { ...common(doc), category: doc.category! };
      await tx.insert(researchPapers).values(values).onConflictDoUpdate({ target: researchPapers.slug, set: values });
    } else if (kind === 'caseStudies') {
      const values = { ...common(doc), imageUrl: doc.imageUrl!, featured: doc.featured };
      await tx.insert(caseStudies).values(values).onConflictDoUpdate({ target: caseStudies.slug, set: values });
    } else {
      const table = LIBRARY_TABLES[kind];
      await tx.insert(table).values(common(doc)).onConflictDoUpdate({ target: table.slug, set: common(doc) });
    }
  }
  // Rows of removed files go first (they reference their PDF), then the PDFs nobody references any more.
  const table = LIBRARY_TABLES[kind];
  const slugs = list.map((d) => d.slug);
  await tx.delete(table).where(slugs.length > 0 ? notInArray(table.slug, slugs) : undefined);
  const paths = list.map((d) => d.filePath);
  const inFolder = like(files.path, `/files/${LIBRARY_KINDS[kind].folder}/%`);
  await tx.delete(files).where(paths.length > 0 ? and(inFolder, notInArray(files.path, paths)) : inFolder);
}

export const courseContent: ContentModule<CourseContent> = {
  name: 'courses',
  async read(folder, report) {
    const library = {} as CourseContent['library'];
    for (const kind of Object.keys(LIBRARY_KINDS) as LibraryKind[]) library[kind] = await readLibrary(folder, kind, report);
    return { courses: await readCourses(folder, report), workshops: await readWorkshops(folder, report), library };
  },
  async write(tx, data, { now }) {
    if (data.courses) await writeCourses(tx, data.courses);
    if (data.workshops) await writeWorkshops(tx, data.workshops, now);
    for (const kind of Object.keys(LIBRARY_KINDS) as LibraryKind[]) {
      const list = data.library[kind];
      if (list) await writeLibrary(tx, kind, list);
    }
  },
};

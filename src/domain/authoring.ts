/**
 * Authoring (issue 38): the kinds of content editors write in the browser, their states, and each kind's fields as a
 * zod schema. The content import checks its files with the same schemas, so the browser and the folder agree.
 */
import { z } from 'zod';
import { contentCategorySchema, courseLevelSchema } from './content.schema';
import { articleQuizSchema } from './article-quiz';
import { creditLinesSchema } from './credit-lines.schema';
import { quizQuestionFieldsSchema, words } from './quiz-question.schema';
import { scheduleSchema } from './workshops.schema';

export const AUTHORING_KINDS = [
  'articles', 'workshops', 'ebooks', 'research-papers', 'newsletters', 'case-studies', 'slides', 'banner', 'courses',
] as const;
export type AuthoringKind = (typeof AUTHORING_KINDS)[number];

export const AUTHORING_STATUSES = ['draft', 'published', 'archived'] as const;
export type AuthoringStatus = (typeof AUTHORING_STATUSES)[number];

export const AUTHORING_STATUS_LABELS: Record<AuthoringStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export const AUTHORING_KIND_LABELS: Record<AuthoringKind, string> = {
  articles: 'Articles',
  workshops: 'Workshops',
  ebooks: 'Ebooks',
  'research-papers': 'Research papers',
  newsletters: 'Newsletters',
  'case-studies': 'Case studies',
  slides: 'Home slides',
  banner: 'Sales banner',
  courses: 'Courses',
};

/** The byline of content not signed by a member (issue 38 item 5: bylines are real members or the editorial team). */
export const EDITORIAL_TEAM = 'SustainLearn editorial team';

/**
 * A lesson's field error's key, shown beside that lesson's body: under `sections` (the outline's field), so an edit of
 * the outline takes the error away until the next check.
 */
export const lessonErrorKey = (slug: string) => `sections:lesson:${slug}`;

/** What a picture added to a body says until the editor describes it; an article is refused while it does. */
export const PICTURE_ALT_PLACEHOLDER = 'Describe this picture';
export const PICTURE_ALT_MISSING = 'Describe each picture: write what it shows between its square brackets';
/** A body (an article's, a lesson's) with an uploaded picture added at its end, carrying the words to replace. */
export const bodyWithPicture = (body: string, url: string) => `${body.trimEnd()}\n\n![${PICTURE_ALT_PLACEHOLDER}](${url})\n`;

/**
 * Each field's first problem, by the field's name, from a schema's issues: what the editor shows beside the field. A
 * problem inside an article's quiz names its question ("Question 2: Choose the right option").
 */
export function firstProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { path: [field, part, index], message } of issues) {
    const inQuestion = field === 'quiz' && part === 'questions' && typeof index === 'number';
    errors[String(field ?? 'fields')] ??= inQuestion ? `Question ${index + 1}: ${message}` : message;
  }
  return errors;
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*$/;
const slug = z.string().trim().regex(SLUG_PATTERN, 'Use lower-case letters, digits and hyphens');
/** A site path (an upload or a file of the content folder) or an https URL. */
const imageUrl = z.string().trim().regex(/^(\/|https:\/\/)\S+$/, 'Choose an image');

/**
 * An article: the body is Markdown (HTML inside it is kept, through the sanitiser), the author a member's id or null for
 * the editorial team, the read time in minutes (computed from the body when left empty), its own quiz (null for none)
 * and the credit lines passing it earns (ADR 176).
 */
export const articleOwnFieldsSchema = z.object({
  slug,
  title: z.string().trim().min(1, 'Title is required').max(200),
  category: contentCategorySchema,
  description: z.string().trim().min(1, 'Description is required').max(400),
  authorId: z.uuid().nullable().default(null),
  readTime: z.number().int().min(1).max(120).nullable().default(null),
  imageUrl,
  featured: z.boolean().default(false),
  body: z
    .string()
    .trim()
    .min(1, 'The article needs a body')
    .max(200_000)
    .refine((body) => !/!\[\s*\]\(/.test(body) && !body.includes(PICTURE_ALT_PLACEHOLDER), PICTURE_ALT_MISSING),
  quiz: articleQuizSchema.nullable().default(null),
  credits: creditLinesSchema.default([]),
});

/** An article earns credit only by its quiz: lines without one could never be earned (the import's rule and the console's). */
export const ARTICLE_CREDITS_NEED_QUIZ = 'An article earns credit by its quiz: add a quiz or remove the credit lines';
export const creditsNeedQuiz = (article: { credits: readonly unknown[]; quiz?: unknown }) => article.credits.length === 0 || !!article.quiz;

export const articleFieldsSchema = articleOwnFieldsSchema.refine(creditsNeedQuiz, { path: ['credits'], message: ARTICLE_CREDITS_NEED_QUIZ });
export type ArticleFields = z.output<typeof articleFieldsSchema>;

export const slideFieldsSchema = z.object({
  slug,
  title: z.string().trim().min(1, 'Title is required').max(120),
  description: z.string().trim().min(1, 'Description is required').max(1000),
  source: z.string().trim().min(1, 'Name the source').max(120),
  imageUrl,
  position: z.number().int().min(0).max(99),
});

export const bannerFieldsSchema = z.object({
  text: z.string().trim().min(1, 'The banner needs its text').max(300),
});

/** Ebooks, research papers, newsletters and case studies: a PDF (an upload) with its title and description. */
export const documentFieldsSchema = z.object({
  slug,
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(1000).default(''),
  fileUrl: z.string().trim().regex(/^\/\S+\.pdf$/, 'Upload the PDF'),
});
export const researchPaperFieldsSchema = documentFieldsSchema.extend({ category: contentCategorySchema });
/** A case study; `illustrative` marks a composite written to teach, which its card then says (ADR 153). */
export const caseStudyFieldsSchema = documentFieldsSchema.extend({
  imageUrl,
  featured: z.boolean().default(false),
  illustrative: z.boolean().default(false),
});

/** The library's kinds (ADR 167): one handler factory on the server, one fields form in the browser. */
export const LIBRARY_AUTHORING_KINDS = ['ebooks', 'research-papers', 'newsletters', 'case-studies'] as const;
export type LibraryAuthoringKind = (typeof LIBRARY_AUTHORING_KINDS)[number];
export const LIBRARY_FIELDS_SCHEMAS = {
  ebooks: documentFieldsSchema,
  'research-papers': researchPaperFieldsSchema,
  newsletters: documentFieldsSchema,
  'case-studies': caseStudyFieldsSchema,
} as const;

/**
 * A workshop series (ADR 080): what each session covers, its hosts, agenda, audience and preparation, its seats and its
 * schedule in its own time zone. Sessions are made from the schedule; the agenda's minutes must fill the duration. The
 * content import checks content/workshops.json with this schema (server/content-import/workshops.ts).
 */
export const workshopFieldsSchema = z.object({
  slug,
  title: words(200, 'Title is required'),
  description: words(1000, 'Description is required'),
  imageUrl,
  joinUrl: z.url({ protocol: /^https$/, message: 'must be an https URL' }),
  duration: z.number().int().min(15, 'At least 15 minutes').max(8 * 60, 'At most 8 hours'),
  capacity: z.number().int().min(1, 'At least one seat').max(10_000),
  schedule: scheduleSchema,
  hosts: z.array(z.object({ name: words(120, 'Name the host'), role: words(200, 'Say what the host does') })).min(1, 'Name at least one host'),
  agenda: z.array(z.object({ minutes: z.number().int().min(1).max(480), item: words(300, 'Describe the agenda item') })).min(1, 'Add the agenda'),
  audience: words(600, 'Say who it is for'),
  prepare: z.array(words(300, 'Describe what to prepare')).min(1, 'Say what to prepare'),
  /** Credit lines for attending a session (issue 39). */
  credits: creditLinesSchema.default([]),
}).superRefine((w, ctx) => {
  const planned = w.agenda.reduce((sum, a) => sum + a.minutes, 0);
  if (planned !== w.duration) ctx.addIssue({ code: 'custom', path: ['agenda'], message: `adds up to ${planned} minutes, not the duration ${w.duration}` });
});
export type WorkshopFields = z.output<typeof workshopFieldsSchema>;

/** An assessment question of a course, written from one of its lessons (named by the lesson's slug). */
export const courseQuestionFieldsSchema = quizQuestionFieldsSchema.extend({ lesson: slug });
export const COURSE_MIN_QUESTIONS = 6;
export const COURSE_MAX_QUESTIONS = 10;

/**
 * A course: its own fields, objectives, its outline (sections of lessons, each lesson's body Markdown in the lesson
 * format of docs/content-format.md) and its assessment's questions. A draft may lack lesson bodies and questions;
 * publishing checks every lesson against the lesson rules and asks for 6 to 10 questions (the import's rules).
 */
/** A course's own fields and objectives: what the import's course file holds besides its outline (courses/<slug>.json). */
export const courseOwnFieldsSchema = z.object({
  slug,
  title: words(200, 'Title is required'),
  description: words(600, 'Description is required'),
  category: contentCategorySchema,
  level: courseLevelSchema,
  price: z.number().int('must be whole dollars').min(0),
  thumbnail: imageUrl,
  credits: creditLinesSchema.default([]),
  passPercent: z.number().int().min(50).max(100).default(70),
  objectives: z.array(words(300, 'Write the objective')).min(1, 'Add at least one objective'),
});

export const courseFieldsSchema = courseOwnFieldsSchema.extend({
  sections: z
    .array(z.object({
      title: words(200, 'Name the module'),
      lessons: z.array(z.object({ slug, title: words(200, 'Name the lesson'), body: z.string().max(100_000).default('') })).min(1, 'A module needs a lesson'),
    }))
    .min(1, 'Add a module'),
  questions: z.array(courseQuestionFieldsSchema).max(COURSE_MAX_QUESTIONS, `must hold ${COURSE_MIN_QUESTIONS} to ${COURSE_MAX_QUESTIONS} questions`).default([]),
}).superRefine((course, ctx) => {
  const lessons = course.sections.flatMap((s) => s.lessons.map((l) => l.slug));
  const seen = new Set<string>();
  for (const lesson of lessons) {
    if (seen.has(lesson)) ctx.addIssue({ code: 'custom', path: ['sections'], message: `The lesson slug "${lesson}" is used twice` });
    seen.add(lesson);
  }
  course.questions.forEach((q, i) => {
    if (!seen.has(q.lesson)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'lesson'], message: `"${q.lesson}" is not a lesson of this course` });
  });
});
export type CourseFields = z.output<typeof courseFieldsSchema>;

/** The kinds' field schemas, the same the server and the import check with. */
const FIELDS_SCHEMAS: Partial<Record<AuthoringKind, z.ZodType>> = { articles: articleFieldsSchema, slides: slideFieldsSchema, banner: bannerFieldsSchema, ...LIBRARY_FIELDS_SCHEMAS };

/** Each field's first problem, by field name, by the kind's field schema. */
export function fieldErrorsOf(kind: AuthoringKind, fields: Record<string, unknown>): Record<string, string> {
  const schema = FIELDS_SCHEMAS[kind];
  if (!schema) return {};
  const result = schema.safeParse(fields);
  return result.success ? {} : firstProblems(result.error.issues);
}

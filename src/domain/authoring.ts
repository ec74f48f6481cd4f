/**
 * Authoring (issue 38): the kinds of content editors write in the browser, their states, and each kind's fields as a
 * zod schema. The content import checks its files with the same schemas, so the browser and the folder agree.
 */
import { z } from 'zod';
import { contentCategorySchema } from './content.schema';

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

/** What a picture added to a body says until the editor describes it; an article is refused while it does. */
export const PICTURE_ALT_PLACEHOLDER = 'Describe this picture';
export const PICTURE_ALT_MISSING = 'Describe each picture: write what it shows between its square brackets';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*$/;
const slug = z.string().trim().regex(SLUG_PATTERN, 'Use lower-case letters, digits and hyphens');
/** A site path (an upload or a file of the content folder) or an https URL. */
const imageUrl = z.string().trim().regex(/^(\/|https:\/\/)\S+$/, 'Choose an image');

/**
 * An article: the body is Markdown (HTML inside it is kept, through the sanitiser), the author a member's id or null for
 * the editorial team, the read time in minutes (computed from the body when left empty).
 */
export const articleFieldsSchema = z.object({
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
});
export type ArticleFields = z.infer<typeof articleFieldsSchema>;

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

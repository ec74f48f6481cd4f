/**
 * The <head> of a page the server renders (ADR 101): the title the page itself sets (so nothing changes when it
 * hydrates), a description, the canonical link, Open Graph and Twitter card tags, `noindex` on members' pages, and
 * JSON-LD: Organization on every page, BreadcrumbList below home, Article on an article, Course on a course.
 *
 * A leaf (renderers import no service): what it reads comes through HeadDeps, whose methods the services answer
 * (ContentService, LearningService, CertificateService, WorkshopService). A page named by an id costs one lookup of
 * one or two indexed queries; every other page costs none.
 *
 * The screens below follow src/ui/route-table.ts (which the server may not import) in its order and with wouter's
 * matching: case-insensitive, an optional trailing slash, the path decoded with decodeURI. test/server/seo.test.ts
 * checks the two agree.
 */
import { categoryLabel } from '../../src/domain/content';
import { contentCategorySchema } from '../../src/domain/content.schema';
import { QUIZ_CATEGORIES, QUIZ_SETS, quizCategoryTitle } from '../../src/domain/quiz';
import { formatUsDate } from '../../src/domain/text';
import { WORKSHOP_TEXT } from '../../src/domain/workshops';

export interface PageHead {
  /** The document title, as the page sets it in the browser ('Articles | SustainLearn'). */
  title: string;
  /** 200, or 404 when the URL names nothing (no screen, or an unknown article, course, lesson...). */
  status: number;
  /** The HTML to put inside <head> after the charset and viewport (it holds <title> and the description). */
  tags: string;
}

/** What a head shows of an article (ContentService.findArticle answers it). */
export interface ArticleFacts {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  author: string;
  category: string;
  /** ISO 8601: the publication date. */
  createdAt: string;
}

/** What a head shows of a course (ContentService.findCourseSummary answers it); status 1 is published. */
export interface CourseFacts {
  _id: string;
  title: string;
  description: string;
  category: string;
  thumbnail: string;
  status: number;
}

/** A lesson of a published course (LearningService.lessonTitles). */
export interface LessonFacts {
  courseId: string;
  courseTitle: string;
  lessonTitle: string;
}

/** A certificate's public facts (CertificateService.findPublic): a revoked one has no name and no hours. */
export type CertificateFacts =
  | { _id: string; valid: true; learnerName: string; courseTitle: string; hours: number; issuedAt: string }
  | { _id: string; valid: false; courseTitle: string; issuedAt: string; revokedAt: string };

/** A workshop session (WorkshopService.summary). */
export interface WorkshopFacts {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
}

/** The services a head reads, by the methods it calls; each answers undefined for what is not there. */
export interface HeadDeps {
  content: {
    findArticle(idOrSlug: string): Promise<ArticleFacts | undefined>;
    findCourseSummary(idOrSlug: string): Promise<CourseFacts | undefined>;
  };
  learning: { lessonTitles(courseIdOrSlug: string, lessonId: string): Promise<LessonFacts | undefined> };
  certificates: { findPublic(id: string): Promise<CertificateFacts | undefined> };
  workshops: { summary(id: string): Promise<WorkshopFacts | undefined> };
  /** The site's origin, e.g. https://learn.example.org (config.publicUrl). */
  publicUrl: string;
}

export const SITE_NAME = 'SustainLearn';
/** The description of src/ui/index.html: the site's, for pages that have none of their own. */
export const SITE_DESCRIPTION = 'SustainLearn: courses, articles, quizzes and a community for the sustainable built environment.';
/** The picture of a page without its own: the courses' default picture, served from the content folder. */
export const DEFAULT_IMAGE = { url: '/media/courses/default.svg', alt: 'Sustainable built environment: a skyline of buildings with trees' };

/** The document title for the title a page gives useDocumentTitle (src/ui/hooks/use-document-title.ts). */
export function documentTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

/** One step of the breadcrumb trail after Home. */
export interface Crumb {
  name: string;
  path: string;
}

/** Everything the tags say about one page; `headTags` writes them. */
export interface HeadPage {
  /** What the page gives useDocumentTitle ('' on home). */
  title: string;
  description: string;
  status: number;
  /** The page's own path, for the canonical link and og:url; null for a page that is not there. */
  path: string | null;
  noindex: boolean;
  /** A path or an absolute URL; null for none. */
  image: { url: string; alt?: string } | null;
  /** Below home: the steps after Home, the last being this page. Empty on home and on pages that are not there. */
  trail: Crumb[];
  /** The page shows one article or one course. */
  subject?:
    | { type: 'Article'; published: string; author: string; section: string }
    | { type: 'Course' };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON for a <script> element: no `<` (nor `>`, `&`, or a line separator) can end it or open a comment in it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** A site path or an http(s) URL made absolute; null for anything else (a `javascript:` URL, a blank). */
function absoluteUrl(pathOrUrl: string, base: string): string | null {
  if (pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')) return `${base}${pathOrUrl}`;
  try {
    const url = new URL(pathOrUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The tags of one page: <title>, description, robots, canonical, Open Graph, Twitter card, JSON-LD. */
export function headTags(page: HeadPage, publicUrl: string): string {
  const base = origin(publicUrl);
  const organization = { '@type': 'Organization', '@id': `${base}/#organization`, name: SITE_NAME, url: `${base}/` };
  const url = page.path === null ? null : `${base}${page.path}`;
  const image = page.image && absoluteUrl(page.image.url, base);
  const imageAlt = image ? page.image?.alt : undefined;
  const socialTitle = page.title || SITE_NAME;
  const description = oneLine(page.description);
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}">`;

  const tags = [`<title>${escapeHtml(documentTitle(page.title))}</title>`, meta('name', 'description', description)];
  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', page.subject?.type === 'Article' ? 'article' : 'website'),
    meta('property', 'og:title', socialTitle),
    meta('property', 'og:description', description),
  );
  if (url) tags.push(meta('property', 'og:url', url));
  if (image) tags.push(meta('property', 'og:image', image));
  if (imageAlt) tags.push(meta('property', 'og:image:alt', imageAlt));
  if (page.subject?.type === 'Article') {
    tags.push(meta('property', 'article:published_time', page.subject.published));
    if (page.subject.section) tags.push(meta('property', 'article:section', page.subject.section));
  }
  tags.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', socialTitle),
    meta('name', 'twitter:description', description),
  );
  if (image) tags.push(meta('name', 'twitter:image', image));
  if (imageAlt) tags.push(meta('name', 'twitter:image:alt', imageAlt));

  const graphs: Record<string, unknown>[] = [{ '@context': 'https://schema.org', ...organization }];
  if (page.trail.length > 0) {
    const steps = [{ name: 'Home', path: '/' }, ...page.trail];
    graphs.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: steps.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: `${base}${step.path}` })),
    });
  }
  if (page.subject?.type === 'Article') {
    graphs.push({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: page.title,
      description,
      ...(image ? { image: [image] } : {}),
      datePublished: page.subject.published,
      ...(page.subject.author ? { author: { '@type': 'Person', name: page.subject.author } } : {}),
      ...(page.subject.section ? { articleSection: page.subject.section } : {}),
      publisher: organization,
      ...(url ? { url, mainEntityOfPage: { '@type': 'WebPage', '@id': url } } : {}),
    });
  } else if (page.subject?.type === 'Course') {
    graphs.push({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: page.title,
      description,
      provider: organization,
      ...(image ? { image } : {}),
      ...(url ? { url } : {}),
    });
  }
  for (const graph of graphs) tags.push(`<script type="application/ld+json">${scriptJson(graph)}</script>`);
  return tags.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The screens of src/ui/route-table.ts, in its order, each with what its head says.

type Params = Record<string, string>;
/**
 * A head before the defaults: noindex follows the screen, the status is 200, and the picture is the site's when the
 * page has none (or one that is blank, or neither a site path nor an http(s) URL).
 */
type Draft = Omit<HeadPage, 'noindex' | 'image' | 'status'> & Partial<Pick<HeadPage, 'noindex' | 'image' | 'status'>>;

interface Screen {
  path: string;
  members: boolean;
  head: (params: Params, url: URL, deps: HeadDeps) => Draft | Promise<Draft>;
}

const enc = encodeURIComponent;

/** A page known by its path alone: its title names the last step of its trail. */
const plain = (title: string, path: string, description: string, trail: Crumb[] = []): Draft => ({
  title, description, path, trail: [...trail, { name: title, path }],
});

/** A page that is not there: no canonical link, no trail, not indexed. */
const missing = (title: string, description = SITE_DESCRIPTION): Draft => ({ title, description, path: null, trail: [], status: 404, noindex: true });

const open = (path: string, head: Screen['head']): Screen => ({ path, members: false, head });
const members = (path: string, head: Screen['head']): Screen => ({ path, members: true, head });

const ARTICLES = { name: 'Articles', path: '/articles' };
const COURSES = { name: 'Courses', path: '/courses' };
const QUIZZES = { name: 'Quizzes', path: '/quiz' };
const WORKSHOPS = { name: 'Workshops', path: '/workshops' };
const STAFF = { name: 'Staff console', path: '/staff' };

const categoryCrumb = (category: string): Crumb => ({ name: categoryLabel(category), path: `/courses/${enc(category)}` });
const courseImage = (course: CourseFacts) => ({ url: course.thumbnail, alt: `${categoryLabel(course.category)} course illustration` });

/** /courses/:categoryId, /courses/category/:categoryId and /courses/detail/:categoryId (course-category-page.tsx). */
async function courseCategoryHead({ categoryId = '' }: Params, url: URL, deps: HeadDeps): Promise<Draft> {
  const category = contentCategorySchema.safeParse(categoryId);
  if (category.success) {
    return plain(`${categoryLabel(category.data)} Courses`, `/courses/${enc(category.data)}`,
      `${categoryLabel(category.data)} courses on SustainLearn: self-paced, with quizzes and a certificate.`, [COURSES]);
  }
  if (!/^\/courses\/detail\//i.test(wouterPath(url))) return missing('Courses');
  // The detail page shows any course the content API answers, a draft too.
  const course = await deps.content.findCourseSummary(categoryId);
  if (!course) return missing('Course');
  return {
    title: course.title,
    description: course.description,
    path: `/courses/detail/${enc(course._id)}`,
    image: courseImage(course),
    trail: [COURSES, categoryCrumb(course.category), { name: course.title, path: `/courses/detail/${enc(course._id)}` }],
    ...(course.status === 1 ? { subject: { type: 'Course' as const } } : {}),
  };
}

/** A published course, as the course machine loads it (a draft's progress is not found, so its page fails). */
async function publishedCourse(courseId: string, deps: HeadDeps): Promise<CourseFacts | undefined> {
  const course = await deps.content.findCourseSummary(courseId);
  return course?.status === 1 ? course : undefined;
}

const SCREENS: readonly Screen[] = [
  open('/', () => ({ title: '', description: SITE_DESCRIPTION, path: '/', trail: [] })),
  open('/login', () => plain('Sign In', '/login', 'Sign in to SustainLearn to continue your courses, quizzes and discussions.')),
  open('/signup', () => plain('Create your account', '/signup',
    "Join the community shaping a sustainable built environment. We'll email you a code to confirm your address.")),
  open('/forgot-password', () => plain('Reset your password', '/forgot-password',
    "Enter the email of your account and we'll send you a code to set a new password.")),
  open('/articles', () => plain('Articles', '/articles',
    'Practical writing on carbon, energy, materials, nature and the Sustainable Development Goals, by people who design and build.')),
  open('/articles/:id', async ({ id = '' }, _url, deps) => {
    const article = await deps.content.findArticle(id);
    if (!article) return missing('Article not found', 'The article may have been moved or removed. Browse the latest articles instead.');
    const path = `/articles/${enc(article._id)}`;
    return {
      title: article.title,
      description: article.description,
      path,
      image: { url: article.imageUrl },
      trail: [ARTICLES, { name: article.title, path }],
      subject: { type: 'Article', published: article.createdAt, author: article.author, section: categoryLabel(article.category) },
    };
  }),
  open('/sustain-community', () => plain('SustainLearn Community', '/sustain-community',
    'Join the SustainLearn community: discussions on sustainability in the built environment by goal and topic, with guidelines for taking part.')),
  open('/contact', () => plain('Contact us', '/contact',
    'Questions about a course, a plan or a custom programme for your team? We answer every message within two working days.')),
  open('/accessibility', () => plain('Accessibility statement', '/accessibility',
    'How accessible SustainLearn is, how it is tested, and how to report a barrier.')),
  open('/search', (_params, url) => {
    const q = (new URLSearchParams(wouterDecode(url.search.slice(1))).get('q') ?? '').trim();
    const page = plain('Search', '/search', 'Search the articles, courses, workshops and quizzes of SustainLearn.');
    // A page of results is not indexed (its query is not a page of the site); its canonical page is the search page.
    return q ? { ...page, title: `Search: ${q}`, noindex: true } : page;
  }),
  open('/sustainlearn', () => plain('About SustainLearn', '/sustainlearn',
    'SustainLearn: our mission, vision, values and strategy for a sustainable built environment, aligned with the Sustainable Development Goals.')),
  members('/discussion', () => plain('Discussion', '/discussion', 'Members discuss sustainability in the built environment, by goal and topic.')),
  members('/courses', () => plain('Online Courses', '/courses',
    'Self-paced online courses on the sustainable built environment, with quizzes, resources and a certificate.')),
  members('/courses/category/:categoryId', courseCategoryHead),
  members('/courses/detail/:categoryId', courseCategoryHead),
  members('/courses/view/:courseId', async ({ courseId = '' }, _url, deps) => {
    const course = await publishedCourse(courseId, deps);
    if (!course) return missing('Course');
    const path = `/courses/view/${enc(course._id)}`;
    return {
      title: course.title,
      description: course.description,
      path,
      image: courseImage(course),
      trail: [COURSES, categoryCrumb(course.category), { name: course.title, path }],
      subject: { type: 'Course' },
    };
  }),
  members('/courses/view/:courseId/lessons/:lessonId', async ({ courseId = '', lessonId = '' }, _url, deps) => {
    const lesson = await deps.learning.lessonTitles(courseId, lessonId);
    if (!lesson) return missing('Lesson');
    const coursePath = `/courses/view/${enc(lesson.courseId)}`;
    const path = `${coursePath}/lessons/${enc(lessonId)}`;
    return {
      title: `${lesson.lessonTitle} · ${lesson.courseTitle}`,
      description: `${lesson.lessonTitle}: a lesson of ${lesson.courseTitle} on SustainLearn.`,
      path,
      trail: [COURSES, { name: lesson.courseTitle, path: coursePath }, { name: lesson.lessonTitle, path }],
    };
  }),
  members('/courses/view/:courseId/assessment', async ({ courseId = '' }, _url, deps) => {
    const course = await publishedCourse(courseId, deps);
    if (!course) return missing('Assessment');
    const coursePath = `/courses/view/${enc(course._id)}`;
    return {
      title: `Assessment · ${course.title}`,
      description: `The assessment of ${course.title}: pass it to earn the course's certificate.`,
      path: `${coursePath}/assessment`,
      trail: [COURSES, { name: course.title, path: coursePath }, { name: 'Assessment', path: `${coursePath}/assessment` }],
    };
  }),
  members('/courses/:categoryId', courseCategoryHead),
  members('/workshops', () => plain('Upcoming Workshops', '/workshops', 'Live online sessions with practitioners: bring your questions and your projects.')),
  members('/workshops/:id', async ({ id = '' }, _url, deps) => {
    const workshop = await deps.workshops.summary(id);
    if (!workshop) return missing(WORKSHOP_TEXT.notFound);
    const path = `/workshops/${enc(workshop._id)}`;
    return {
      title: workshop.title,
      description: workshop.description || `${workshop.title}: a live online workshop on SustainLearn.`,
      path,
      image: { url: workshop.imageUrl },
      trail: [WORKSHOPS, { name: workshop.title, path }],
    };
  }),
  members('/ebook', () => plain('eBooks', '/ebook', 'In-depth guides to read on screen or print: practical, referenced and free for members.')),
  members('/research-papers', () => plain('Research Papers', '/research-papers', 'Reviews of the evidence behind sustainable design, with methods and references.')),
  members('/newsletters', () => plain('Newsletters', '/newsletters', 'Our monthly digest: new courses, upcoming workshops, research in brief and a practical tip.')),
  members('/quiz', () => plain('Quizzes', '/quiz',
    'Test what you know about green buildings, passive design, materials, policy and nature, one question at a time.')),
  members('/quiz/:categoryId', ({ categoryId = '' }) => {
    if (!QUIZ_CATEGORIES.some((c) => c.id === categoryId)) return missing('Quiz topic not found');
    const title = `${quizCategoryTitle(categoryId)} Quiz`;
    return plain(title, `/quiz/${enc(categoryId)}`, `${title}: pick a set and test what you know.`, [QUIZZES]);
  }),
  members('/quiz/:categoryId/:setId', ({ categoryId = '', setId = '' }) => {
    const topic = `${quizCategoryTitle(categoryId)} Quiz`;
    const set = QUIZ_SETS.find((s) => s.id === setId);
    const title = `${topic}, ${set?.title ?? setId}`;
    // The page sets its title whatever the URL; a topic or set that does not exist is still not there.
    if (!set || !QUIZ_CATEGORIES.some((c) => c.id === categoryId)) return missing(title);
    const topicPath = `/quiz/${enc(categoryId)}`;
    return { title, description: `${topic}, ${set.title}: one question at a time.`, path: `${topicPath}/${enc(set.id)}`,
      trail: [QUIZZES, { name: topic, path: topicPath }, { name: set.title, path: `${topicPath}/${enc(set.id)}` }] };
  }),
  members('/case-studies', () => plain('Case Studies', '/case-studies',
    'How real projects cut carbon, restored nature and kept materials in use: what was done, what it achieved and what others can learn.')),
  members('/profile', () => plain('Profile Settings', '/profile', 'Your SustainLearn profile and password.')),
  members('/learning', () => plain('My learning', '/learning', 'Your courses in progress, your certificates, your quizzes and your workshops.')),
  // A member's profile (issue 35): members only, so its head names no one; the page's title does once it has loaded.
  members('/members/:id', ({ id = '' }) => plain('Member profile', `/members/${enc(id)}`, 'A SustainLearn member: their profile, posts and comments.')),
  // The staff console (issue 36): members' pages, so never indexed; the titles are the ones StaffPage sets.
  members('/staff', () => plain('Staff console', '/staff', 'What needs attention: new messages and registrations for upcoming workshops.')),
  members('/staff/inbox', () => plain('Inbox', '/staff/inbox', 'Feedback and contact messages, newest first.', [STAFF])),
  members('/staff/roles', () => plain('Roles', '/staff/roles', 'The staff and their roles.', [STAFF])),
  members('/staff/audit', () => plain('Audit log', '/staff/audit', 'Every staff action: who did what, and when.', [STAFF])),
  // The staff console (issue 36): members only (so never indexed), named without what is in it.
  members('/staff/workshops', () => plain('Workshops', '/staff/workshops', 'Workshop sessions and their registrations, for SustainLearn staff.', [STAFF])),
  members('/staff/workshops/:sessionId', ({ sessionId = '' }) =>
    plain('Workshop registrations', `/staff/workshops/${enc(sessionId)}`, 'A workshop session\'s registrations, for SustainLearn staff.', [STAFF])),
  open('/certificates/:id', async ({ id = '' }, _url, deps) => {
    const certificate = await deps.certificates.findPublic(id);
    // The page's own description (certificate-page.tsx) is kept, so a shared link previews the same text.
    if (!certificate) return missing('Certificate', 'Verify a SustainLearn certificate of completion.');
    const path = `/certificates/${enc(certificate._id)}`;
    // A revoked certificate names nobody (its member deleted their account, ADR 131).
    const title = certificate.valid ? `${certificate.learnerName}: ${certificate.courseTitle} certificate` : 'Revoked certificate';
    return {
      title,
      description: certificate.valid
        ? `${certificate.learnerName} completed ${certificate.courseTitle} on SustainLearn (${certificate.hours.toFixed(1)} hours), ${formatUsDate(certificate.issuedAt)}. Valid certificate.`
        : `This SustainLearn certificate of ${certificate.courseTitle} was revoked on ${formatUsDate(certificate.revokedAt)}.`,
      path,
      trail: [{ name: title, path }],
      // A person's name and achievement: shared by its owner, previewed, never indexed.
      noindex: true,
    };
  }),
];

/** wouter's decoding of a path or query (paths.js): decodeURI when there is a `%`, the text as it is if that fails. */
function wouterDecode(text: string): string {
  try {
    return text.includes('%') ? decodeURI(text) : text;
  } catch {
    return text;
  }
}

const wouterPath = (url: URL) => wouterDecode(url.pathname);

/** The regexparam pattern wouter matches a route with: case-insensitive, an optional trailing slash. */
function matcherOf(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const body = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '/([^/]+?)';
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { pattern: new RegExp(`^${body}/?$`, 'i'), keys };
}

const MATCHERS = SCREENS.map((screen) => ({ screen, ...matcherOf(screen.path) }));

/** The screen a URL shows and its params, as wouter's Switch picks it (the first match wins); undefined for none. */
function screenOf(url: URL): { screen: Screen; params: Params } | undefined {
  const path = wouterPath(url);
  for (const { screen, pattern, keys } of MATCHERS) {
    const match = pattern.exec(path);
    if (match) return { screen, params: Object.fromEntries(keys.map((key, i) => [key, match[i + 1] ?? ''])) };
  }
  return undefined;
}

/** The page's model: what `headTags` writes for the URL. */
export async function headPageFor(url: URL, deps: HeadDeps): Promise<HeadPage> {
  const found = screenOf(url);
  const draft = found ? await found.screen.head(found.params, url, deps) : missing('Page not found');
  const image = draft.image && absoluteUrl(draft.image.url, origin(deps.publicUrl)) ? draft.image : DEFAULT_IMAGE;
  return { ...draft, status: draft.status ?? 200, noindex: draft.noindex ?? found?.screen.members ?? true, image };
}

/** The head of the page at `url`: its document title, its status, and its tags. */
export async function headFor(url: URL, deps: HeadDeps): Promise<PageHead> {
  const page = await headPageFor(url, deps);
  return { title: documentTitle(page.title), status: page.status, tags: headTags(page, deps.publicUrl) };
}

/** The screens' paths and whether each is for members (for tests: they must be src/ui/route-table.ts's). */
export const HEAD_SCREENS: readonly { path: string; members: boolean }[] = SCREENS.map(({ path, members: m }) => ({ path, members: m }));

/**
 * The screens of src/ui/route-table.ts (which the server may not import), in its order, each with what its head says
 * (ADR 101). page-head.ts matches a URL to one of them as wouter does; test/server/seo.test.ts checks the two agree.
 */
import { categoryLabel } from '../../src/domain/content';
import { contentCategorySchema } from '../../src/domain/content.schema';
import { QUIZ_CATEGORIES, QUIZ_SETS, quizCategoryTitle } from '../../src/domain/quiz';
import { formatUsDate } from '../../src/domain/text';
import { WORKSHOP_TEXT } from '../../src/domain/workshops';
import { type Crumb, type CourseFacts, type HeadDeps, type HeadPage, SITE_DESCRIPTION } from './page-head-model';

/** wouter's decoding of a path or query (paths.js): decodeURI when there is a `%`, the text as it is if that fails. */
export function wouterDecode(text: string): string {
  try {
    return text.includes('%') ? decodeURI(text) : text;
  } catch {
    return text;
  }
}

export const wouterPath = (url: URL) => wouterDecode(url.pathname);


export type Params = Record<string, string>;
/**
 * A head before the defaults: noindex follows the screen, the status is 200, and the picture is the site's when the
 * page has none (or one that is blank, or neither a site path nor an http(s) URL).
 */
type Draft = Omit<HeadPage, 'noindex' | 'image' | 'status'> & Partial<Pick<HeadPage, 'noindex' | 'image' | 'status'>>;

export interface Screen {
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
export const missing = (title: string, description = SITE_DESCRIPTION): Draft => ({ title, description, path: null, trail: [], status: 404, noindex: true });

const open = (path: string, head: Screen['head']): Screen => ({ path, members: false, head });
const members = (path: string, head: Screen['head']): Screen => ({ path, members: true, head });

const ARTICLES = { name: 'Articles', path: '/articles' };
const COURSES = { name: 'Courses', path: '/courses' };
const QUIZZES = { name: 'Quizzes', path: '/quiz' };
const WORKSHOPS = { name: 'Workshops', path: '/workshops' };
const NEWSLETTERS = { name: 'Newsletters', path: '/newsletters' };
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

export const SCREENS: readonly Screen[] = [
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
      subject: { type: 'Article', published: article.createdAt, modified: article.updatedAt, author: article.author, section: categoryLabel(article.category) },
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
  // What a device keeps is the device's: the server draws the frame, never the list.
  open('/offline', () => ({ ...plain('Kept for offline reading', '/offline', 'The courses, articles and library documents this device keeps for reading without a connection.'), noindex: true })),
  open('/sustainlearn', () => plain('About SustainLearn', '/sustainlearn',
    'SustainLearn: our mission, vision, values and strategy for a sustainable built environment, aligned with the Sustainable Development Goals.')),
  members('/discussion', () => plain('Discussion', '/discussion', 'Members discuss sustainability in the built environment, by goal and topic.')),
  // A post's page (issue 37): members only, so a visitor or a crawler is sent to sign in and sees none of it; a
  // member's share preview names the post by its title, never its text.
  members('/discussion/:id', async ({ id = '' }, _url, deps) => {
    const post = await deps.discussions.summary(id);
    if (!post) return missing('Discussion not found', 'The discussion may have been deleted.');
    const path = `/discussion/${enc(post._id)}`;
    return { title: post.title, description: 'A discussion in the SustainLearn community, for members.', path,
      trail: [{ name: 'Discussion', path: '/discussion' }, { name: post.title, path }] };
  }),
  members('/bookmarks', () => plain('Bookmarks', '/bookmarks', 'The posts and comments you saved.')),
  members('/cpd', () => plain('Continuing education', '/cpd', 'Your continuing-education credit per body and period, what is still missing, and your transcripts.')),
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
  // A sent newsletter (ADR 139): members only, like the list, so its head names the kind and the page its title.
  members('/newsletters/:slug', ({ slug = '' }) => plain('Newsletter', `/newsletters/${enc(slug)}`, 'A SustainLearn monthly newsletter.', [NEWSLETTERS])),
  // The pages a newsletter mail links to carry a personal token: never indexed.
  open('/newsletter/confirm/:token', ({ token = '' }) => ({
    ...plain('Confirm your subscription', `/newsletter/confirm/${enc(token)}`, 'Confirm your subscription to the SustainLearn newsletter.'), noindex: true,
  })),
  open('/newsletter/unsubscribe/:token', ({ token = '' }) => ({
    ...plain('Unsubscribe from the newsletter', `/newsletter/unsubscribe/${enc(token)}`, 'Stop receiving the SustainLearn newsletter.'), noindex: true,
  })),
  members('/staff/newsletter', () => ({ ...plain('Newsletter', '/staff/newsletter', 'The staff console: newsletter issues.'), noindex: true })),
  members('/staff/newsletter/:id', ({ id = '' }) => ({
    ...plain('Newsletter issue', `/staff/newsletter/${enc(id)}`, 'The staff console: a newsletter issue.'), noindex: true,
  })),
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
    'How projects cut carbon, restored nature and kept materials in use: what was done, what it achieved and what others can learn.')),
  members('/profile', () => plain('Profile Settings', '/profile', 'Your SustainLearn profile and password.')),
  members('/notifications', () => plain('Notifications', '/notifications', 'Replies, mentions, likes and news from the topics you follow.')),
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
  // The staff console's members (issue 36): staff only, never indexed; the head names no member.
  members('/staff/members', () => plain('Members', '/staff/members', 'The staff console: find a member by name or email.')),
  members('/staff/members/:id', ({ id = '' }) => plain('Member', `/staff/members/${enc(id)}`, 'The staff console: a member, their activity and suspension.')),
  // The staff's analytics (issue 36 item 7): members only and not indexed; the page refuses anyone who is not staff.
  members('/staff/analytics', () => plain('Analytics', '/staff/analytics', 'Page views, searches, learning, quizzes and community activity, for SustainLearn staff.')),
  // The moderation queue (issue 37): staff only, never indexed; the head names no post or member.
  members('/staff/moderation', () => plain('Moderation', '/staff/moderation', 'The staff console: reported and held posts and comments.', [STAFF])),
  // Reports to the bodies (issue 39): staff only, never indexed.
  members('/staff/cpd', () => plain('Reports to the bodies', '/staff/cpd', 'Completions not yet reported to AIA CES and the other bodies, for SustainLearn staff.', [STAFF])),
  // Authoring (issue 38): staff only, never indexed; the head names no item.
  members('/staff/content/:kind', ({ kind = '' }) => plain('Content', `/staff/content/${enc(kind)}`, 'The staff console: articles and other content, drafts and published.', [STAFF])),
  members('/staff/content/:kind/:id', ({ kind = '', id = '' }) => plain('Edit content', `/staff/content/${enc(kind)}/${enc(id)}`, 'The staff console: an item of content, edited.', [STAFF])),
  members('/staff/content/:kind/:id/preview', ({ kind = '', id = '' }) =>
    plain('Preview', `/staff/content/${enc(kind)}/${enc(id)}/preview`, 'The staff console: an item as its page will show it.', [STAFF])),
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
  // A CPD transcript's public verification (issue 39): the member's name and the body, never indexed.
  open('/transcripts/:code', async ({ code = '' }, _url, deps) => {
    const transcript = await deps.transcripts.find(code);
    if (!transcript) return missing('Transcript', 'Verify a SustainLearn continuing-education transcript.');
    const path = `/transcripts/${enc(transcript.code)}`;
    const title = `${transcript.memberName}: ${transcript.bodyName} transcript`;
    return {
      title,
      description: `${transcript.memberName}'s ${transcript.bodyName} transcript from SustainLearn, ${transcript.period.label}: ${transcript.total} ${transcript.unit}.`,
      path,
      trail: [{ name: title, path }],
      noindex: true,
    };
  }),
];

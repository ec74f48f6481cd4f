/**
 * Every screen of spec section 2: its path (a wouter pattern; the first match wins, in this order), the page it
 * shows and whether it needs a signed-in member. The app renders from it, and the build reads it to let the browser
 * start fetching a page's code while the app's own code is still arriving (rspack.config.ts). No React here.
 */
import { ABOUT_SLUG } from './routes';

export const PAGES = [
  'home', 'login', 'signup', 'forgot-password', 'articles', 'article', 'community', 'contact', 'about',
  'discussion', 'courses', 'course-category', 'course-view', 'workshops', 'ebooks', 'research-papers',
  'newsletters', 'quiz-topics', 'quiz-topic', 'quiz-play', 'case-studies', 'profile', 'course-lesson', 'course-assessment',
  'learning', 'certificate', 'accessibility', 'workshop', 'search', 'member',
  'newsletter', 'newsletter-confirm', 'newsletter-unsubscribe', 'staff-newsletter', 'staff-newsletter-issue',
  'staff-home', 'staff-inbox', 'staff-roles', 'staff-audit',
  'staff-workshops', 'staff-workshop', 'staff-members', 'staff-member', 'staff-analytics', 'staff-moderation',
  'notifications', 'discussion-post', 'bookmarks', 'cpd', 'cpd-transcript', 'staff-cpd',
  'staff-content', 'staff-content-item', 'staff-content-preview', 'offline',
] as const;
export type PageName = (typeof PAGES)[number];

export interface RouteEntry {
  path: string;
  page: PageName;
  signedIn: boolean;
}

const open = (path: string, page: PageName): RouteEntry => ({ path, page, signedIn: false });
const members = (path: string, page: PageName): RouteEntry => ({ path, page, signedIn: true });

export const ROUTE_TABLE: readonly RouteEntry[] = [
  open('/', 'home'),
  open('/login', 'login'),
  open('/signup', 'signup'),
  open('/forgot-password', 'forgot-password'),
  open('/articles', 'articles'),
  open('/articles/:id', 'article'),
  open('/sustain-community', 'community'),
  open('/contact', 'contact'),
  open('/accessibility', 'accessibility'),
  open('/search', 'search'),
  open('/offline', 'offline'),
  open(`/${ABOUT_SLUG}`, 'about'),
  members('/discussion', 'discussion'),
  members('/discussion/:id', 'discussion-post'),
  members('/bookmarks', 'bookmarks'),
  members('/cpd', 'cpd'),
  members('/courses', 'courses'),
  members('/courses/category/:categoryId', 'course-category'),
  members('/courses/detail/:categoryId', 'course-category'),
  members('/courses/view/:courseId', 'course-view'),
  members('/courses/view/:courseId/lessons/:lessonId', 'course-lesson'),
  members('/courses/view/:courseId/assessment', 'course-assessment'),
  members('/courses/:categoryId', 'course-category'),
  members('/workshops', 'workshops'),
  members('/workshops/:id', 'workshop'),
  members('/ebook', 'ebooks'),
  members('/research-papers', 'research-papers'),
  members('/newsletters', 'newsletters'),
  members('/newsletters/:slug', 'newsletter'),
  open('/newsletter/confirm/:token', 'newsletter-confirm'),
  open('/newsletter/unsubscribe/:token', 'newsletter-unsubscribe'),
  members('/staff/newsletter', 'staff-newsletter'),
  members('/staff/newsletter/:id', 'staff-newsletter-issue'),
  members('/quiz', 'quiz-topics'),
  members('/quiz/:categoryId', 'quiz-topic'),
  members('/quiz/:categoryId/:setId', 'quiz-play'),
  members('/case-studies', 'case-studies'),
  members('/profile', 'profile'),
  members('/notifications', 'notifications'),
  members('/learning', 'learning'),
  members('/members/:id', 'member'),
  // The staff console (issue 36): members' pages whose calls the server refuses to anyone without the role.
  members('/staff', 'staff-home'),
  members('/staff/inbox', 'staff-inbox'),
  members('/staff/roles', 'staff-roles'),
  members('/staff/audit', 'staff-audit'),
  members('/staff/workshops', 'staff-workshops'),
  members('/staff/workshops/:sessionId', 'staff-workshop'),
  members('/staff/members', 'staff-members'),
  members('/staff/members/:id', 'staff-member'),
  members('/staff/analytics', 'staff-analytics'),
  members('/staff/moderation', 'staff-moderation'),
  members('/staff/cpd', 'staff-cpd'),
  members('/staff/content/:kind', 'staff-content'),
  members('/staff/content/:kind/:id', 'staff-content-item'),
  members('/staff/content/:kind/:id/preview', 'staff-content-preview'),
  open('/certificates/:id', 'certificate'),
  open('/transcripts/:code', 'cpd-transcript'),
];

/** The same match as wouter's for these patterns (static segments and `:param`), as a regular expression source. */
export function patternSource(path: string): string {
  const body = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return `^${body}/?$`;
}

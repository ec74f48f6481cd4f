/** Every route of spec section 2, typed; views build links from here, never by hand. */
import { lessonPath, postPath } from '../application/paths';
export const ABOUT_SLUG = 'sustainlearn';

export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  articles: '/articles',
  article: (id: string) => `/articles/${encodeURIComponent(id)}`,
  about: `/${ABOUT_SLUG}`,
  community: '/sustain-community',
  contact: '/contact',
  accessibility: '/accessibility',
  search: '/search',
  searchResults: (q: string, type?: string) => `/search?q=${encodeURIComponent(q)}${type ? `&type=${encodeURIComponent(type)}` : ''}`,
  discussion: '/discussion',
  /** The discussion page on one topic: the topic lives in the URL, so it can be shared and survives a reload. */
  discussionTopic: (topic: { category: string; subcategory: string }) => {
    const query = new URLSearchParams();
    if (topic.category) query.set('category', topic.category);
    if (topic.category && topic.subcategory) query.set('subcategory', topic.subcategory);
    const text = query.toString();
    return text ? `/discussion?${text}` : '/discussion';
  },
  /** A post's page, or a comment on it by its anchor (issue 37). */
  discussionPost: postPath,
  /** The member's saved posts and comments (issue 37). */
  bookmarks: '/bookmarks',
  cpd: '/cpd',
  courses: '/courses',
  coursesByCategory: (categoryId: string) => `/courses/${encodeURIComponent(categoryId)}`,
  courseCategory: (categoryId: string) => `/courses/category/${encodeURIComponent(categoryId)}`,
  courseDetail: (categoryId: string) => `/courses/detail/${encodeURIComponent(categoryId)}`,
  courseView: (courseId: string) => `/courses/view/${encodeURIComponent(courseId)}`,
  courseLesson: lessonPath,
  courseAssessment: (courseId: string) => `/courses/view/${encodeURIComponent(courseId)}/assessment`,
  certificate: (id: string) => `/certificates/${encodeURIComponent(id)}`,
  /** A CPD transcript's public verification page (issue 39), opened from its QR code. */
  cpdTranscript: (code: string) => `/transcripts/${encodeURIComponent(code)}`,
  learning: '/learning',
  /** What this device keeps for offline reading (issue 42, ADR 174). */
  offline: '/offline',
  workshops: '/workshops',
  workshop: (id: string) => `/workshops/${encodeURIComponent(id)}`,
  ebooks: '/ebook',
  researchPapers: '/research-papers',
  newsletters: '/newsletters',
  /** A sent newsletter as a page, and the pages its mails link to (ADR 139). */
  newsletter: (slug: string) => `/newsletters/${encodeURIComponent(slug)}`,
  newsletterConfirm: (token: string) => `/newsletter/confirm/${encodeURIComponent(token)}`,
  newsletterUnsubscribe: (token: string) => `/newsletter/unsubscribe/${encodeURIComponent(token)}`,
  staffNewsletter: '/staff/newsletter',
  staffNewsletterIssue: (id: string) => `/staff/newsletter/${encodeURIComponent(id)}`,
  quiz: '/quiz',
  quizTopic: (categoryId: string) => `/quiz/${encodeURIComponent(categoryId)}`,
  quizSet: (categoryId: string, setId: string) => `/quiz/${encodeURIComponent(categoryId)}/${encodeURIComponent(setId)}`,
  caseStudies: '/case-studies',
  profile: '/profile',
  /** Every notification of the member (issue 37). */
  notifications: '/notifications',
  /** A member's profile (issue 35). */
  member: (id: string) => `/members/${encodeURIComponent(id)}`,
  /** The staff console (issue 36). */
  staff: '/staff',
  staffInbox: '/staff/inbox',
  staffRoles: '/staff/roles',
  staffAudit: '/staff/audit',
  staffWorkshops: '/staff/workshops',
  /** Reports to the bodies (issue 39): unreported completions and the AIA CES export. */
  staffCpd: '/staff/cpd',
  staffPastWorkshops: '/staff/workshops?when=past',
  staffWorkshop: (sessionId: string) => `/staff/workshops/${encodeURIComponent(sessionId)}`,
  staffMembers: (q = '', page = 1) => {
    const query = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
    return query ? `/staff/members?${query}` : '/staff/members';
  },
  staffMember: (id: string) => `/staff/members/${encodeURIComponent(id)}`,
  /** The staff's analytics (issue 36 item 7), over the last `days` days. */
  staffAnalytics: (days?: number) => (days ? `/staff/analytics?days=${days}` : '/staff/analytics'),
  /** The moderation queue (issue 37), all of it or only the held posts or the reported items. */
  /** Authoring (issue 38): the content of a kind, searched and filtered by status. */
  staffContent: (kind = 'articles', q = '', status = '') => {
    const query = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) }).toString();
    return `/staff/content/${encodeURIComponent(kind)}${query ? `?${query}` : ''}`;
  },
  staffContentItem: (kind: string, id: string) => `/staff/content/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  staffContentNew: (kind: string) => `/staff/content/${encodeURIComponent(kind)}/new`,
  staffContentPreview: (kind: string, id: string) => `/staff/content/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/preview`,
  staffModeration: (show?: 'held' | 'reported') => (show ? `/staff/moderation?show=${show}` : '/staff/moderation'),
} as const;

/** The login page remembers where the visitor came from. */
export function loginWithReturn(from: string): string {
  return from && from !== paths.login ? `${paths.login}?from=${encodeURIComponent(from)}` : paths.login;
}

/** The topic named by a discussion URL's query string (`?category=…&subcategory=…`). */
export function discussionTopicOf(search: string): { category: string; subcategory: string } {
  const query = new URLSearchParams(search);
  const category = query.get('category') ?? '';
  return { category, subcategory: category ? (query.get('subcategory') ?? '') : '' };
}

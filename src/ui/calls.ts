/**
 * The contract's calls as views name them, without loading the contract. A contract module builds its zod schemas as
 * it loads, and zod with them: about 100 KB, evaluated in one task of 100–150 ms on a phone. A page the server drew
 * carries its answers with it (ADR 100), so it needs no call until a reload or a change; its chunk must not wait for
 * zod. A view holds a `CallRef`, and the module loads when a request is about to be made.
 */
import { lazyCalls } from '../application/lazy-calls';
import type { Call } from '../contract/define';

export interface CallRef<C extends Call> {
  /** Module and export ("content.listArticles"): the key a server-rendered answer travels under. */
  readonly name: string;
  /** The call itself, with its schemas: loads the contract module (and zod) the first time. */
  load(): Promise<C>;
  /** Runs `use` with the call: at once, in the caller's task, once the module is loaded (lazyCalls, ADR 102). */
  use<T>(use: (call: C) => Promise<T>): Promise<T>;
}

/** The call a reference names, for types that need it (its query, its answer). */
export type CallOf<R> = R extends CallRef<infer C> ? C : never;

type CallsOf<M> = { [K in keyof M]: M[K] extends Call ? K : never }[keyof M] & string;

function module<M>(name: string, load: () => Promise<M>) {
  const calls = lazyCalls(load);
  return <K extends CallsOf<M>>(key: K): CallRef<M[K] extends Call ? M[K] : never> => {
    type C = M[K] extends Call ? M[K] : never;
    const use = <T>(run: (call: C) => Promise<T>) => calls((loaded) => run(loaded[key] as C));
    return { name: `${name}.${key}`, load: () => use(async (call) => call), use };
  };
}

const content = module('content', () => import('../contract/content'));
export const listArticles = content('listArticles');
export const featuredArticle = content('featuredArticle');
export const articlesByCategory = content('articlesByCategory');
export const getArticle = content('getArticle');
export const listCourses = content('listCourses');
export const getCourse = content('getCourse');
export const listWorkshops = content('listWorkshops');
export const listEbooks = content('listEbooks');
export const listResearchPapers = content('listResearchPapers');
export const listNewsletters = content('listNewsletters');
export const listCaseStudies = content('listCaseStudies');
export const featuredCaseStudy = content('featuredCaseStudy');
export const salesBanner = content('salesBanner');
export const landingSlides = content('landingSlides');

const learning = module('learning', () => import('../contract/learning'));
export const myLearning = learning('myLearning');
export const verifyCertificate = learning('verifyCertificate');
export const assessmentQuestions = learning('assessmentQuestions');

const auth = module('auth', () => import('../contract/auth'));
export const updateProfile = auth('updateProfile');
export const updatePassword = auth('updatePassword');

const accountSessions = module('accountSessions', () => import('../contract/account-sessions'));
export const listSessions = accountSessions('listSessions');
export const endSession = accountSessions('endSession');
export const endOtherSessions = accountSessions('endOtherSessions');
const members = module('members', () => import('../contract/members'));
export const getMember = members('getMember');
export const suggestMembers = members('suggestMembers');
export const uploadAvatar = members('uploadAvatar');
export const removeAvatar = members('removeAvatar');

const quizzes = module('quizzes', () => import('../contract/quizzes'));
export const quizConstants = quizzes('quizConstants');
export const listAttempts = quizzes('listAttempts');

const discussions = module('discussions', () => import(/* webpackChunkName: "contract-community" */ '../contract/discussions'));
export const sdgConstants = discussions('sdgConstants');
// A post's page (issue 37): the post, its edit and its history.
export const getDiscussion = discussions('getDiscussion');
export const updateDiscussion = discussions('updateDiscussion');
export const discussionRevisions = discussions('discussionRevisions');
export const likeDiscussion = discussions('likeDiscussion');
export const deleteDiscussion = discussions('deleteDiscussion');
const comments = module('comments', () => import(/* webpackChunkName: "contract-community" */ '../contract/comments'));
export const updateComment = comments('updateComment');
export const commentRevisions = comments('commentRevisions');
const cpd = module('cpd', () => import(/* webpackChunkName: "contract-cpd" */ '../contract/cpd'));
export const memberships = cpd('memberships');
export const saveMemberships = cpd('saveMemberships');
export const verifyTranscript = cpd('verifyTranscript');
export const unreportedCompletions = cpd('unreportedCompletions');
export const exportCompletions = cpd('exportCompletions');

const bookmarks = module('bookmarks', () => import(/* webpackChunkName: "contract-community" */ '../contract/bookmarks'));
export const listBookmarks = bookmarks('listBookmarks');
export const savedInDiscussion = bookmarks('savedInDiscussion');
export const setBookmark = bookmarks('setBookmark');

const workshops = module('workshops', () => import('../contract/workshops'));
export const myWorkshops = workshops('myWorkshops');

const feedback = module('feedback', () => import('../contract/feedback'));
export const submitFeedback = feedback('submitFeedback');

const contact = module('contact', () => import('../contract/contact'));
export const sendContactMessage = contact('sendContactMessage');

const staff = module('staff', () => import(/* webpackChunkName: "contract-staff" */ '../contract/staff'));
export const myRoles = staff('myRoles');
export const staffHome = staff('staffHome');
export const inbox = staff('inbox');
export const markHandled = staff('markHandled');
export const listStaff = staff('listStaff');
export const setRoles = staff('setRoles');
export const auditLog = staff('auditLog');

const newsletter = module('newsletter', () => import(/* webpackChunkName: "contract-newsletter" */ '../contract/newsletter'));
export const subscribe = newsletter('subscribe');
export const confirmSubscription = newsletter('confirmSubscription');
export const unsubscribe = newsletter('unsubscribe');
export const listIssues = newsletter('listIssues');
export const getIssue = newsletter('getIssue');
export const createIssue = newsletter('createIssue');
export const publishedIssue = newsletter('publishedIssue');
const notifications = module('notifications', () => import(/* webpackChunkName: "contract-notifications" */ '../contract/notifications'));
export const listNotifications = notifications('listNotifications');
export const readNotifications = notifications('readNotifications');
export const getNotificationPreferences = notifications('getNotificationPreferences');
export const updateNotificationPreferences = notifications('updateNotificationPreferences');
export const unsubscribeNotifications = notifications('unsubscribeNotifications');
export const listFollows = notifications('listFollows');
export const setFollow = notifications('setFollow');
const staffWorkshopCalls = module('staffWorkshops', () => import(/* webpackChunkName: "contract-staff-workshops" */ '../contract/staff-workshops'));
export const staffWorkshops = staffWorkshopCalls('staffWorkshops');
export const sessionRegistrations = staffWorkshopCalls('sessionRegistrations');
const authoringCalls = module('authoring', () => import(/* webpackChunkName: "contract-authoring" */ '../contract/authoring'));
export const listContent = authoringCalls('listContent');
export const getContent = authoringCalls('getContent');
export const contentRevisions = authoringCalls('contentRevisions');
export const contentAuthors = authoringCalls('contentAuthors');
export const previewContent = authoringCalls('previewContent');
export const uploadFile = authoringCalls('uploadFile');
const moderation = module('moderation', () => import(/* webpackChunkName: "contract-moderation" */ '../contract/moderation'));
export const moderationQueue = moderation('moderationQueue');
const staffMembers = module('staffMembers', () => import(/* webpackChunkName: "contract-staff-members" */ '../contract/staff-members'));
export const searchMembers = staffMembers('searchMembers');
export const memberDetail = staffMembers('memberDetail');
const staffAnalyticsModule = module('staffAnalytics', () => import(/* webpackChunkName: "contract-staff-analytics" */ '../contract/staff-analytics'));
export const analytics = staffAnalyticsModule('analytics');

const site = module('site', () => import(/* webpackChunkName: "contract-site" */ '../contract/site'));
export const siteContact = site('siteContact');

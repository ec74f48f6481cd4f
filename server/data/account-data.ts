/**
 * A member's own rows (issue 35, ADR 134): everything tied to them, read for their export, and the erasing of an
 * account in the caller's transaction. The users row stays as an emptied tombstone (deleted_at set, the email replaced
 * by a marker that is not an address), so kept posts and comments can read "Deleted member".
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { removeComment } from './comments';
import { DELETED_MEMBER } from './deleted-member';
import { deleteDiscussion } from './discussions';
import {
  assessmentAnswers, assessmentAttempts, certificates, commentLikes, comments, contactMessages, staffRoles, courseLessons, courseQuestions, courses, discussionLikes,
  discussions, enrolments, feedback, lessonProgress, memberAvatars, otpCodes, quizAnswers, quizAttempts, quizQuestions, userSessions, users,
  newsletterSubscribers, workshopRegistrations, workshops,
} from './schema';
import { removeDocuments } from './search';


/** The marker that replaces a deleted member's email: not an address, so the address is free to sign up again. */
export const deletedEmailOf = (userId: string) => `deleted:${userId}`;

/** Tokens of a tombstone never work again, whenever they were issued. */
const NEVER = new Date(Date.UTC(9999, 11, 31));

type Reader = Db | Tx;

export async function profileOf(db: Reader, userId: string) {
  const [row] = await db.select({
    id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, address: users.address,
    headline: users.headline, profession: users.profession, organisation: users.organisation, bio: users.bio,
    certificateName: users.certificateName, pendingEmail: users.pendingEmail, memberSince: users.createdAt,
    hasPassword: users.passwordHash, deletedAt: users.deletedAt,
  }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return undefined;
  const { hasPassword, ...rest } = row;
  return { ...rest, hasPassword: hasPassword !== null };
}

export async function avatarOf(db: Reader, userId: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ large: memberAvatars.large }).from(memberAvatars).where(eq(memberAvatars.userId, userId)).limit(1);
  return row ? Buffer.from(row.large) : undefined;
}

export function sessionsOf(db: Reader, userId: string) {
  return db.select({ userAgent: userSessions.userAgent, signedInAt: userSessions.createdAt, lastSeenAt: userSessions.lastSeenAt, expiresAt: userSessions.expiresAt })
    .from(userSessions).where(eq(userSessions.userId, userId)).orderBy(asc(userSessions.createdAt));
}

export function postsOf(db: Reader, userId: string) {
  return db.select({
    id: discussions.id, title: discussions.title, content: discussions.content, category: discussions.category,
    subcategory: discussions.subcategory, createdAt: discussions.createdAt, updatedAt: discussions.updatedAt,
  }).from(discussions).where(eq(discussions.createdBy, userId)).orderBy(asc(discussions.createdAt));
}

export function commentsOf(db: Reader, userId: string) {
  return db.select({
    id: comments.id, postId: comments.discussionId, parentCommentId: comments.parentCommentId,
    content: comments.content, createdAt: comments.createdAt, deletedAt: comments.deletedAt,
  }).from(comments).where(eq(comments.createdBy, userId)).orderBy(asc(comments.createdAt));
}

export async function likesOf(db: Reader, userId: string) {
  // Ids only: what was liked is another member's words.
  const posts = await db.select({ postId: discussionLikes.discussionId, likedAt: discussionLikes.createdAt })
    .from(discussionLikes).where(eq(discussionLikes.userId, userId)).orderBy(asc(discussionLikes.createdAt));
  const ofComments = await db.select({ commentId: commentLikes.commentId, postId: comments.discussionId, likedAt: commentLikes.createdAt })
    .from(commentLikes).innerJoin(comments, eq(comments.id, commentLikes.commentId))
    .where(eq(commentLikes.userId, userId)).orderBy(asc(commentLikes.createdAt));
  return { posts, comments: ofComments };
}

export async function quizAttemptsOf(db: Reader, userId: string) {
  const attempts = await db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId)).orderBy(asc(quizAttempts.createdAt));
  const ids = attempts.map((a) => a.id);
  const answers = ids.length === 0 ? [] : await db.select({
    attemptId: quizAnswers.attemptId, questionIndex: quizAnswers.questionIndex, question: quizQuestions.question, options: quizQuestions.options,
    selectedOption: quizAnswers.selectedOption, isCorrect: quizAnswers.isCorrect, timeSpent: quizAnswers.timeSpent, answeredAt: quizAnswers.createdAt,
  }).from(quizAnswers).innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(inArray(quizAnswers.attemptId, ids)).orderBy(asc(quizAnswers.attemptId), asc(quizAnswers.questionIndex));
  return attempts.map(({ userId: _owner, ...attempt }) => ({
    ...attempt,
    answers: answers.filter((a) => a.attemptId === attempt.id).map(({ attemptId: _attempt, ...answer }) => answer),
  }));
}

export async function courseProgressOf(db: Reader, userId: string) {
  const enrolled = await db.select({ courseId: enrolments.courseId, courseTitle: courses.title, enrolledAt: enrolments.enrolledAt })
    .from(enrolments).innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.userId, userId)).orderBy(asc(enrolments.enrolledAt));
  const lessons = await db.select({ courseId: lessonProgress.courseId, lessonId: lessonProgress.lessonId, lessonTitle: courseLessons.title, completedAt: lessonProgress.completedAt })
    .from(lessonProgress).innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .where(eq(lessonProgress.userId, userId)).orderBy(asc(lessonProgress.completedAt));
  return enrolled.map((course) => ({ ...course, completedLessons: lessons.filter((l) => l.courseId === course.courseId).map(({ courseId: _c, ...l }) => l) }));
}

export async function assessmentAttemptsOf(db: Reader, userId: string) {
  const attempts = await db.select({
    id: assessmentAttempts.id, courseId: assessmentAttempts.courseId, courseTitle: courses.title, status: assessmentAttempts.status,
    score: assessmentAttempts.score, totalQuestions: assessmentAttempts.totalQuestions, passed: assessmentAttempts.passed,
    createdAt: assessmentAttempts.createdAt, completedAt: assessmentAttempts.completedAt,
  }).from(assessmentAttempts).innerJoin(courses, eq(courses.id, assessmentAttempts.courseId))
    .where(eq(assessmentAttempts.userId, userId)).orderBy(asc(assessmentAttempts.createdAt));
  const ids = attempts.map((a) => a.id);
  const answers = ids.length === 0 ? [] : await db.select({
    attemptId: assessmentAnswers.attemptId, questionIndex: assessmentAnswers.questionIndex, question: courseQuestions.question,
    options: courseQuestions.options, selectedOption: assessmentAnswers.selectedOption, isCorrect: assessmentAnswers.isCorrect,
    answeredAt: assessmentAnswers.answeredAt,
  }).from(assessmentAnswers).innerJoin(courseQuestions, eq(courseQuestions.id, assessmentAnswers.questionId))
    .where(inArray(assessmentAnswers.attemptId, ids)).orderBy(asc(assessmentAnswers.attemptId), asc(assessmentAnswers.questionIndex));
  return attempts.map((attempt) => ({
    ...attempt,
    answers: answers.filter((a) => a.attemptId === attempt.id).map(({ attemptId: _attempt, ...answer }) => answer),
  }));
}

export function certificatesOf(db: Reader, userId: string) {
  return db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(asc(certificates.issuedAt));
}

export function registrationsOfMember(db: Reader, userId: string) {
  return db.select({
    workshopId: workshops.id, title: workshops.title, startsAt: workshops.startsAt, duration: workshops.duration,
    status: workshopRegistrations.status, registeredAt: workshopRegistrations.createdAt, seatedAt: workshopRegistrations.seatedAt,
  }).from(workshopRegistrations).innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(eq(workshopRegistrations.userId, userId)).orderBy(asc(workshops.startsAt));
}

/** Messages sent through the contact form from the member's email address (the form asks no account). */
/** The newsletter subscription of the member's email, if any (its link's token is not data about them). */
export function newsletterSubscriptionOf(db: Reader, email: string) {
  return db.select({
    email: newsletterSubscribers.email, status: newsletterSubscribers.status, subscribedAt: newsletterSubscribers.createdAt,
    confirmedAt: newsletterSubscribers.confirmedAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt,
  }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
}

export function contactMessagesOf(db: Reader, email: string) {
  return db.select({ name: feedback.name, email: feedback.email, mobile: feedback.mobile, message: feedback.feedback, sentAt: feedback.createdAt })
    .from(feedback).where(eq(feedback.email, email)).orderBy(asc(feedback.createdAt));
}

/** The member's row, held until the transaction ends so two deletes cannot run at once; undefined once deleted. */
export async function lockLiveMember(tx: Tx, userId: string) {
  const [row] = await tx.select({ id: users.id, email: users.email }).from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt))).for('update').limit(1);
  return row;
}

/** Deletes the member's posts and comments as the member deleting them one by one would (ADRs 041, 128). */
async function removeWritings(tx: Tx, userId: string): Promise<void> {
  const posts = await tx.select({ id: discussions.id }).from(discussions).where(eq(discussions.createdBy, userId));
  for (const { id } of posts) {
    await deleteDiscussion(tx, id);
    await removeDocuments(tx, 'discussion', [id]);
  }
  const left = await tx.select({ id: comments.id, parentCommentId: comments.parentCommentId }).from(comments)
    .where(and(eq(comments.createdBy, userId), isNull(comments.deletedAt))).orderBy(asc(comments.createdAt));
  for (const comment of left) {
    // A comment may have gone meanwhile with a parent walked up by `removeComment`; it is then already gone.
    const [still] = await tx.select({ id: comments.id }).from(comments).where(eq(comments.id, comment.id)).limit(1);
    if (!still) continue;
    await removeComment(tx, comment.id, comment.parentCommentId);
    await removeDocuments(tx, 'comment', [comment.id]);
  }
}

/**
 * Erases a member in the caller's transaction: what they did and what they said about themselves goes; certificates
 * are revoked; posts and comments stay under "Deleted member" unless `deletePosts`. Workshop places are given back by
 * the workshop service before this (the waitlist moves up); what is left of them (past sessions) goes here.
 */
export async function eraseMember(tx: Tx, member: { id: string; email: string }, options: { deletePosts: boolean; now: Date }): Promise<void> {
  const userId = member.id;
  if (options.deletePosts) await removeWritings(tx, userId);
  await tx.delete(discussionLikes).where(eq(discussionLikes.userId, userId));
  await tx.delete(commentLikes).where(eq(commentLikes.userId, userId));
  await tx.delete(lessonProgress).where(eq(lessonProgress.userId, userId));
  await tx.delete(enrolments).where(eq(enrolments.userId, userId));
  // Their answers go with them (the foreign keys cascade).
  await tx.delete(quizAttempts).where(eq(quizAttempts.userId, userId));
  await tx.delete(assessmentAttempts).where(eq(assessmentAttempts.userId, userId));
  await tx.delete(workshopRegistrations).where(eq(workshopRegistrations.userId, userId));
  await tx.delete(memberAvatars).where(eq(memberAvatars.userId, userId));
  await tx.delete(userSessions).where(eq(userSessions.userId, userId));
  await tx.delete(otpCodes).where(eq(otpCodes.email, member.email));
  await tx.delete(feedback).where(eq(feedback.email, member.email));
  await tx.delete(contactMessages).where(eq(contactMessages.email, member.email));
  // The newsletter subscription of their email goes too (its deliveries cascade).
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, member.email));
  // A deleted member holds no staff role (the audit log keeps what they did, under "Deleted member").
  await tx.delete(staffRoles).where(eq(staffRoles.userId, userId));
  // A revoked certificate keeps its id, course and dates for whoever holds its PDF, but no longer names the member.
  await tx.update(certificates).set({ revokedAt: sql`coalesce(${certificates.revokedAt}, ${options.now})`, learnerName: DELETED_MEMBER })
    .where(eq(certificates.userId, userId));
  await tx.update(users).set({
    email: deletedEmailOf(userId), passwordHash: null, firstName: '', lastName: '', address: '', profilePicture: '', headline: '',
    profession: '', organisation: '', bio: '', certificateName: null, pendingEmail: null, deletedAt: options.now,
    tokensValidAfter: NEVER, keptTokenJti: null,
  }).where(eq(users.id, userId));
}

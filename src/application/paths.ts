/** The in-app paths the machines navigate to (src/ui/routes.ts builds its links from these too). Domain imports only. */
import { commentAnchor } from '../domain/notifications';
export const lessonPath = (courseId: string, lessonId: string) =>
  `/courses/view/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;

/** A post's page (issue 37), or one of its comments there (its anchor, `comment-{id}`). */
export const postPath = (discussionId: string, commentId?: string) =>
  `/discussion/${encodeURIComponent(discussionId)}${commentId ? `#${commentAnchor(commentId)}` : ''}`;

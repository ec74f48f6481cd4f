/** How a deleted member's kept posts and comments are signed (issue 35, ADR 134). */
import { type SQLWrapper, sql } from 'drizzle-orm';

export const DELETED_MEMBER = 'Deleted member';

/** The author's row as a statement reads it: the users table, or a lookup of it (comments.ts). */
export interface AuthorSource {
  deletedAt: SQLWrapper;
  firstName: SQLWrapper;
  lastName: SQLWrapper;
  picture: SQLWrapper;
}

/** A post's or comment's author columns: a deleted member's kept words read "Deleted member", with no id to link to. */
export function authorColumns(createdBy: SQLWrapper, author: AuthorSource) {
  return {
    authorId: sql<string>`case when ${author.deletedAt} is null then ${createdBy}::text else '' end`,
    authorFirstName: sql<string>`case when ${author.deletedAt} is null then ${author.firstName} else ${DELETED_MEMBER}::text end`,
    authorLastName: sql<string>`case when ${author.deletedAt} is null then ${author.lastName} else '' end`,
    authorPicture: sql<string>`case when ${author.deletedAt} is null then ${author.picture} else '' end`,
  };
}

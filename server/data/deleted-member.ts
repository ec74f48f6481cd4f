/** How a deleted member's kept posts and comments are signed (issue 35, ADR 134). */
export const DELETED_MEMBER = 'Deleted member';

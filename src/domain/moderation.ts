/** Reports and moderation (issue 37): the guidelines' reasons and the rules every layer shares. */

/** The community guidelines' reasons, in the order the report dialog lists them. */
export const REPORT_REASONS = ['off_topic', 'no_source', 'sensational', 'promotion', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  off_topic: 'Off topic',
  no_source: 'No source for a claim',
  sensational: 'Sensational',
  promotion: 'Promotion outside the designated areas',
  inappropriate: 'Inappropriate',
  other: 'Other',
};

/** Reports from this many different members hide an item at once, pending review. */
export const REPORTS_TO_HIDE = 3;
/** A new member's first posts that contain links wait for approval, this many of them. */
export const HELD_FIRST_POSTS = 2;
export const REPORT_NOTE_MAX = 500;
export const SILENCE_DAYS = [1, 7, 30] as const;

export type ModerationState = 'visible' | 'held' | 'hidden';
/** What stands in the place of a hidden post or comment. */
export const HIDDEN_TEXT = 'Hidden while a moderator looks at it';

export const REPORT_TARGETS = ['discussion', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** A moderator's reason to hide is told to the author: short enough to read in a notification. */
export const HIDE_REASON_MAX = 300;

/** What the author of a held post reads when it is saved. */
export const HELD_MESSAGE = 'Thank you. Your post will appear once a moderator has approved it.';
export const REPORTED_MESSAGE = 'Thank you. A moderator will look at it.';
export const ALREADY_REPORTED = 'You have already reported this.';
export const OWN_REPORT = 'You cannot report your own post or comment.';

/**
 * Whether rich content carries a link (an anchor with an address): a new member's such posts are held. A mention of
 * a member (`<a data-mention=…>`, ADR 150) points inside the product and is not a link here.
 */
export const LINK_PATTERN = '<a\\s(?![^>]*data-mention=)[^>]*href\\s*=';
export function hasLink(html: string): boolean {
  return new RegExp(LINK_PATTERN, 'i').test(html);
}

/** The refusal a silenced member reads for every community write, with the reason and the end (UTC). */
export function silencedMessage(until: Date, reason: string | null): string {
  const when = until.toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const why = reason ? ` Reason: ${reason}` : '';
  return `A moderator has silenced your account until ${when} UTC: you can read the community but not post, comment, edit, like or report until then.${why}`;
}

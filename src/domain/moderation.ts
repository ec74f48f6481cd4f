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

/** What a member is told about the community, and how (issue 37): pure rules shared by the server and the SPA. */

export const NOTIFICATION_KINDS = ['reply_post', 'reply_comment', 'mention', 'like', 'followed_post', 'moderation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** On the site only, by email at once, in the daily digest, or not at all. */
export const NOTIFICATION_CHANNELS = ['site', 'email', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Replies and mentions come by email at once; the rest stay on the site. */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationKind, NotificationChannel>> = {
  reply_post: 'email',
  reply_comment: 'email',
  mention: 'email',
  like: 'site',
  followed_post: 'site',
  moderation: 'site',
};

/** The labels of the choices in Profile, one row per kind. */
export const KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  reply_post: 'Replies to my posts',
  reply_comment: 'Replies to my comments',
  mention: 'Mentions of me',
  like: 'Likes of my posts and comments',
  followed_post: 'New posts in topics I follow',
  moderation: "A moderator's action on my posts and comments",
};

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  site: 'On the site',
  email: 'By email at once',
  digest: 'In a daily digest',
  off: 'Off',
};

export type NotificationPreferences = Record<NotificationKind, NotificationChannel>;

/** A member's choices over the defaults: kinds they never chose keep the default. */
export function withDefaults(chosen: Partial<Record<string, string>>): NotificationPreferences {
  const preferences = { ...DEFAULT_CHANNELS };
  for (const kind of NOTIFICATION_KINDS) {
    const channel = chosen[kind];
    if (channel && (NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) preferences[kind] = channel as NotificationChannel;
  }
  return preferences;
}

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The few facts a notification's sentence is made of. */
export interface NotificationFacts {
  kind: NotificationKind;
  actorName: string | null;
  actorCount: number;
  discussionTitle: string | null;
  /** Set when the notification is about a comment rather than the post itself. */
  commentId: string | null;
  detail: string | null;
}

const quoted = (title: string | null) => (title ? `“${title}”` : 'a post');

/** "B replied to your post “Title”", "B and 3 others liked your comment on “Title”". */
export function notificationText(n: NotificationFacts): string {
  const actor = n.actorName ?? 'A member';
  const title = quoted(n.discussionTitle);
  switch (n.kind) {
    case 'reply_post':
      return `${actor} replied to your post ${title}`;
    case 'reply_comment':
      return `${actor} replied to your comment on ${title}`;
    case 'mention':
      return `${actor} mentioned you in ${title}`;
    case 'like': {
      const others = n.actorCount - 1;
      const who = others <= 0 ? actor : `${actor} and ${others} ${others === 1 ? 'other' : 'others'}`;
      return `${who} liked your ${n.commentId ? 'comment on' : 'post'} ${title}`;
    }
    case 'followed_post':
      return n.commentId ? `${actor} replied in ${title}, a post you follow` : `${actor} posted ${title} in a topic you follow`;
    case 'moderation':
      return n.detail ? `A moderator acted on your post or comment in ${title}: ${n.detail}` : `A moderator acted on your post or comment in ${title}`;
  }
}

/** The post page, at the exact comment when there is one. */
export function notificationHref(n: { discussionId: string | null; commentId: string | null }): string {
  if (!n.discussionId) return '/notifications';
  return n.commentId ? `/discussion/${n.discussionId}#comment-${n.commentId}` : `/discussion/${n.discussionId}`;
}

/** The id a comment's anchor carries on the post page. */
export const commentAnchor = (commentId: string) => `comment-${commentId}`;

/** How many notifications a page of `/notifications` and the bell's panel hold. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PANEL_SIZE = 8;

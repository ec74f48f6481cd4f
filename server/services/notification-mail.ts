/**
 * The notification mails, sent by the job queue (issue 37, ADR 146): a 'notification-mail' job mails one event a
 * minute after it happened, unless the member read it on the site meanwhile; a 'notification-digest' job mails, at
 * the member's 08:00, every pending item of the kinds they get in a digest. A row's email_state ('pending', then
 * 'sent' or 'skipped') is taken before the mail goes, so no event is ever mailed twice, at once and in a digest.
 * The one-click unsubscribe (RFC 8058) carries a token naming the member and kinds, signed with the server's secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind, notificationHref, notificationText } from '../../src/domain/notifications';
import { isUuid } from '../../src/domain/ids';
import type { Db } from '../data/client';
import type { JobRow } from '../data/jobs';
import { claimForMail, type NotificationView, notificationById, pendingOf, preferencesOf, recipientOf, savePreferences, setEmailState } from '../data/notification-lists';
import type { Mailer } from '../mail/mailer';
import { digestMail, type NotificationLine, notificationMail } from '../mail/notification-mails';
import { notFound } from './errors';
import { scheduleDigest } from './notifications';

export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

export interface NotificationMailOptions {
  publicUrl: string;
  apiBasePath: string;
  /** The server's secret (the JWT key): the unsubscribe tokens are signed with a key derived from it. */
  secret: string;
  now: () => number;
}

export class NotificationMailService {
  readonly #key: Buffer;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: NotificationMailOptions,
  ) {
    this.#key = createHmac('sha256', options.secret).update('notification-unsubscribe').digest();
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }

  /** A token naming the member and the kinds a mail carries. */
  unsubscribeToken(userId: string, kinds: readonly NotificationKind[]): string {
    const payload = Buffer.from(`${userId}:${[...new Set(kinds)].join(',')}`, 'utf8').toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  oneClickUrl(userId: string, kinds: readonly NotificationKind[]): string {
    return `${this.options.publicUrl}${this.options.apiBasePath}/notifications/unsubscribe?token=${this.unsubscribeToken(userId, kinds)}`;
  }

  /** Turns the token's kinds 'off' for its member; a token not signed here is not found. */
  async unsubscribe(token: string): Promise<NotificationKind[]> {
    const [payload, signature] = token.split('.');
    const expected = payload ? Buffer.from(this.#sign(payload)) : null;
    const given = Buffer.from(signature ?? '');
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound(BAD_UNSUBSCRIBE_LINK);
    const [userId, list] = Buffer.from(payload!, 'base64url').toString('utf8').split(':');
    const kinds = (list ?? '').split(',').filter(isNotificationKind);
    if (!userId || kinds.length === 0 || !(await recipientOf(this.db, userId))) throw notFound(BAD_UNSUBSCRIBE_LINK);
    await savePreferences(this.db, userId, Object.fromEntries(kinds.map((k) => [k, 'off'])));
    return kinds;
  }

  #line(n: NotificationView): NotificationLine {
    const text = notificationText({
      kind: n.kind, actorName: n.actor?.name ?? null, actorCount: n.actorCount, discussionTitle: n.discussion?.title ?? null, commentId: n.commentId, detail: n.detail,
    });
    return { text, url: `${this.options.publicUrl}${notificationHref({ discussionId: n.discussion?.id ?? null, commentId: n.commentId })}` };
  }

  #facts(userId: string, recipient: { email: string; firstName: string }, kinds: readonly NotificationKind[]) {
    return { to: recipient.email, firstName: recipient.firstName, settingsUrl: `${this.options.publicUrl}/profile`, oneClickUrl: this.oneClickUrl(userId, kinds) };
  }

  /** Takes the rows, sends, and gives them back to 'pending' when the mail fails (the job is tried again). */
  async #send(ids: readonly string[], build: () => Parameters<Mailer['send']>[0]): Promise<void> {
    const taken = await claimForMail(this.db, ids);
    if (taken.length !== ids.length) {
      await setEmailState(this.db, taken, 'pending');
      return;
    }
    try {
      await this.mailer.send(build());
    } catch (error) {
      await setEmailState(this.db, taken, 'pending');
      throw error;
    }
  }

  /** The 'notification-mail' job: one event by email, unless read, or no longer wanted so. */
  async sendOne(job: JobRow): Promise<void> {
    const id = job.payload.id ?? '';
    const [n] = isUuid(id) ? await notificationById(this.db, id) : [];
    if (n?.emailState !== 'pending') return;
    const [recipient, { preferences, timeZone }] = await Promise.all([recipientOf(this.db, n.userId), preferencesOf(this.db, n.userId)]);
    // Moved to the digest since: the next digest carries it.
    if (preferences[n.kind] === 'digest' && !n.readAt && recipient) {
      await scheduleDigest(this.db, n.userId, timeZone, this.options.now());
      return;
    }
    if (n.readAt || !recipient || preferences[n.kind] !== 'email') {
      await setEmailState(this.db, [n.id], 'skipped');
      return;
    }
    await this.#send([n.id], () => notificationMail(this.#facts(n.userId, recipient, [n.kind]), n.kind, this.#line(n)));
  }

  /** The 'notification-digest' job: every pending item of the member's digest kinds, in one mail. */
  async sendDigest(job: JobRow): Promise<void> {
    const userId = job.payload.userId ?? '';
    const [pending, recipient, { preferences }] = await Promise.all([pendingOf(this.db, userId), recipientOf(this.db, userId), preferencesOf(this.db, userId)]);
    // What is read, or no longer wanted by mail, is skipped; what is wanted at once stays for its own job.
    const skipped = pending.filter((n) => n.readAt || !recipient || preferences[n.kind] === 'site' || preferences[n.kind] === 'off');
    await setEmailState(this.db, skipped.map((n) => n.id), 'skipped');
    const items = pending.filter((n) => !skipped.includes(n) && preferences[n.kind] === 'digest');
    if (items.length === 0 || !recipient) return;
    const kinds = [...new Set(items.map((n) => n.kind))];
    await this.#send(items.map((n) => n.id), () => digestMail(this.#facts(userId, recipient, kinds), items.map((n) => this.#line(n))));
  }
}

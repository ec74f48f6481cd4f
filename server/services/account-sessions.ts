/**
 * The member's signed-in devices (issue 35 item 5, ADR 133): the list, ending one, ending all but this one. A device
 * is named by its browser and system, read from its user agent; nothing about where it is.
 */
import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { DeviceSession } from '../../src/contract/account-sessions';
import type { Db } from '../data/client';
import { endOtherSessions, endSession, liveSessions, type UserSessionRow } from '../data/user-sessions';
import { findUserById } from '../data/users';
import { notFound } from './errors';
import type { SessionUser } from './sessions';

/** The most devices listed: the most recently seen. A person has a handful; the rest end on their own in a week. */
export const SESSIONS_LISTED = 50;

/** How many of a member's sessions an id is looked for among. */
const SESSIONS_SEARCHED = 1000;

export const SESSION_NOT_FOUND = 'That session has already ended';

/**
 * The id a device is known by outside the server: a hash of its token's jti, never the jti itself, so an id seen in a
 * URL, a log or a page names a device without being part of any token (ADR 133).
 */
export function sessionId(jti: string): string {
  return createHash('sha256').update(`user-session:${jti}`).digest('base64url').slice(0, 22);
}

/** "Chrome" and "macOS" from a user agent; what bowser cannot name is said plainly. */
export function deviceOf(userAgent: string): { browser: string; system: string } {
  const parsed = userAgent.trim() ? Bowser.getParser(userAgent) : null;
  return { browser: parsed?.getBrowserName() || 'Unknown browser', system: parsed?.getOSName() || 'unknown system' };
}

function toDevice(row: UserSessionRow, currentJti: string): DeviceSession {
  return {
    id: sessionId(row.jti),
    ...deviceOf(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.jti === currentJti,
  };
}

export class AccountSessionService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private async rows(session: SessionUser, limit: number): Promise<UserSessionRow[]> {
    const user = await findUserById(this.db, session.id);
    if (!user) throw notFound('User not found');
    return liveSessions(this.db, user, new Date(this.now()), limit);
  }

  /** This device first, then the others by when they were last seen. */
  async list(session: SessionUser): Promise<DeviceSession[]> {
    const devices = (await this.rows(session, SESSIONS_LISTED)).map((row) => toDevice(row, session.jti));
    return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
  }

  /** Ends one of the member's own sessions (this one included); another member's id is not found, as a made-up one. */
  async end(session: SessionUser, id: string): Promise<void> {
    // Every live session of the member, listed or not: a member has few, and each id is one hash.
    const row = (await this.rows(session, SESSIONS_SEARCHED)).find((r) => sessionId(r.jti) === id);
    if (!row || !(await endSession(this.db, session.id, row.jti))) throw notFound(SESSION_NOT_FOUND);
  }

  /** "Sign out everywhere else": every other token of the member ends, recorded or not; this one stays. */
  async endOthers(session: SessionUser): Promise<number> {
    return endOtherSessions(this.db, session.id, session.jti, new Date(this.now()));
  }
}

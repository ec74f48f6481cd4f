/** The member's devices and email (issue 35 items 5 and 6): each call answers what its service returns. */
import type { FastifyInstance } from 'fastify';
import * as email from '../../src/contract/account-email';
import * as devices from '../../src/contract/account-sessions';
import { implement } from '../http/route';
import { type AccountEmailService, EMAIL_TEXT } from '../services/account-email';
import type { AccountSessionService } from '../services/account-sessions';
import { OTP_SENT_MESSAGE } from '../services/accounts';

export async function accountSessionRoutes(app: FastifyInstance, { sessions, emails }: { sessions: AccountSessionService; emails: AccountEmailService }) {
  implement(app, devices.listSessions, async ({ user }) => ({ success: true, sessions: await sessions.list(user) }) as const);

  // Ending a session revokes its token: every process drops the sessions it kept (ADR 061), so it is refused at once.
  implement(app, devices.endSession, async ({ params, user }) => {
    await sessions.end(user, params.id);
    return { success: true, message: 'Signed out of that device' } as const;
  }, { changes: 'sessions' });

  implement(app, devices.endOtherSessions, async ({ user }) => {
    const ended = await sessions.endOthers(user);
    return { success: true, message: 'Signed out everywhere else', ended } as const;
  }, { changes: 'sessions' });

  implement(app, email.requestEmailChange, async ({ body, user }) => {
    await emails.request(user, body.email, body.currentPassword);
    return { success: true, message: OTP_SENT_MESSAGE } as const;
  });

  // The kept sessions carry the member's email: they are stale once it changes.
  implement(app, email.confirmEmailChange, async ({ body, user }) => ({
    success: true, message: EMAIL_TEXT.changed, user: await emails.confirm(user, body.otp),
  }) as const, { changes: 'sessions' });
}

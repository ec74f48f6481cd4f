/** The member's signed-in devices (issue 35 item 5): the list, ending one, ending every other one (ADR 133). */
import { z } from 'zod';
import { call, okMessageSchema } from './define';

/** One signed-in device: its browser and system from its user agent, never where it is. */
export const deviceSessionSchema = z.object({
  /** Names the session in URLs; not part of its token (ADR 133). */
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  signedInAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session of the request that asked: "This device". */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

const SESSIONS_PATH = '/account/sessions';

export const listSessions = call({
  name: 'account.listSessions', method: 'GET', path: SESSIONS_PATH, auth: 'required',
  response: z.object({ success: z.literal(true), sessions: z.array(deviceSessionSchema) }),
});
/** Ends one session: its token is refused at once, on every server process. */
export const endSession = call({
  name: 'account.endSession', method: 'DELETE', path: `${SESSIONS_PATH}/:id`, auth: 'required',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: okMessageSchema, invalidates: [SESSIONS_PATH],
});
/** "Sign out everywhere else": every session but the one asking ends. */
export const endOtherSessions = call({
  name: 'account.endOtherSessions', method: 'DELETE', path: SESSIONS_PATH, auth: 'required',
  response: okMessageSchema.extend({ ended: z.number().int().nonnegative() }), invalidates: [SESSIONS_PATH],
});

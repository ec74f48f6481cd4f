/** The staff console's workshop actions (issue 36 item 5): attendance, a message to registrants, the CSV. */
import type { StaffRegistration } from '../contract/staff-workshops';
import { lazyCalls } from './lazy-calls';
import type { ApiClient, FileSaver } from './ports';

/** The console's calls load with the first action, not with the page that offers them. */
const calls = lazyCalls(() => import(/* webpackChunkName: "contract-staff-workshops" */ '../contract/staff-workshops'));

export async function setAttendance(api: ApiClient, sessionId: string, userId: string, attended: boolean): Promise<StaffRegistration> {
  const answer = await calls((c) => api.call(c.markAttended, { params: { sessionId, userId }, body: { attended } }));
  return answer.registration;
}

export async function messageRegistrants(
  api: ApiClient, sessionId: string, body: { subject: string; message: string; includeWaitlist: boolean },
): Promise<{ recipients: number; message: string }> {
  return calls((c) => api.call(c.messageRegistrants, { params: { sessionId }, body }));
}

/** The file's name: the session's day, as the server names it. */
export const registrationsFilename = (startsAt: string) => `registrations-${startsAt.slice(0, 10)}.csv`;

export async function saveRegistrationsCsv(api: ApiClient, files: FileSaver, sessionId: string, startsAt: string): Promise<void> {
  const bytes = await calls((c) => api.call(c.registrationsCsv, { params: { sessionId } }));
  files.save(bytes, registrationsFilename(startsAt), 'text/csv');
}

/** Moves a session to a new start (issue 38); its members are mailed by the server. */
export async function moveSession(api: ApiClient, sessionId: string, startsAt: string): Promise<{ recipients: number; message: string }> {
  const answer = await calls((c) => api.call(c.moveSession, { params: { sessionId }, body: { startsAt } }));
  return { recipients: answer.recipients, message: answer.message };
}

/** Cancels a session (issue 38); its members are mailed by the server. */
export async function cancelSession(api: ApiClient, sessionId: string): Promise<{ recipients: number; message: string }> {
  const answer = await calls((c) => api.call(c.cancelSession, { params: { sessionId } }));
  return { recipients: answer.recipients, message: answer.message };
}

/** Workshops a member can attend (issue 15): one session, registration, cancellation, its calendar file, My workshops. */
import { z } from 'zod';
import { myWorkshopSchema, workshopDetailSchema } from '../domain/workshops.schema';
import { call, idParams } from './define';

const ok = z.literal(true);
const changed = z.object({ success: ok, workshop: workshopDetailSchema, message: z.string() });

export const getWorkshop = call({
  name: 'workshops.get', method: 'GET', path: '/workshops/:id', auth: 'required', params: idParams,
  response: z.object({ success: ok, workshop: workshopDetailSchema }),
});
/** Registers the member, or puts them on the waitlist when the workshop is full; a second call changes nothing. */
export const registerWorkshop = call({
  name: 'workshops.register', method: 'POST', path: '/workshops/:id/registration', auth: 'required', params: idParams,
  response: changed, invalidates: ['/workshops/', '/me/workshops'],
});
/** Gives the member's seat (or waitlist place) back; the first member on the waitlist moves up. */
export const cancelWorkshopRegistration = call({
  name: 'workshops.cancel', method: 'DELETE', path: '/workshops/:id/registration', auth: 'required', params: idParams,
  response: changed, invalidates: ['/workshops/', '/me/workshops'],
});
/** The session as an iCalendar file (RFC 5545). */
export const workshopCalendar = call({
  name: 'workshops.calendar', method: 'GET', path: '/workshops/:id/calendar.ics', auth: 'required', params: idParams,
  response: z.instanceof(Uint8Array), binary: true,
});
export const myWorkshops = call({
  name: 'workshops.mine', method: 'GET', path: '/me/workshops', auth: 'required',
  response: z.object({ success: ok, upcoming: z.array(myWorkshopSchema), past: z.array(myWorkshopSchema) }),
});

/** A member's data as theirs (issue 35, ADR 134): take it as a ZIP, or delete the account. */
import { z } from 'zod';
import { call, okMessageSchema } from './define';

/** The member's data as a ZIP: one JSON file per kind, their PDFs, and a README.txt saying what is in it. */
export const exportAccountData = call({
  name: 'account.export', method: 'GET', path: '/account/export', auth: 'required',
  response: z.instanceof(Uint8Array), binary: true,
});

/** Mails a 6-digit code to a member who has no password, to confirm the delete with. */
export const requestDeleteCode = call({
  name: 'account.requestDeleteCode', method: 'POST', path: '/account/delete-code', auth: 'required', response: okMessageSchema,
});

/**
 * Deletes the account, confirmed with the current password (or, for a member without one, the code mailed to them).
 * Posts and comments stay under "Deleted member" unless `deletePosts` is true.
 */
export const deleteAccount = call({
  name: 'account.delete', method: 'DELETE', path: '/account', auth: 'required',
  body: z.object({
    password: z.string().max(1024).optional(),
    code: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits').optional(),
    deletePosts: z.boolean().default(false),
  }),
  response: okMessageSchema,
});

/** The site's own settings that pages show (issue 41 item 12): how to reach the team. */
import { z } from 'zod';
import { call } from './define';

export const siteContactSchema = z.object({
  email: z.string(),
  phone: z.string(),
  addressLines: z.array(z.string()),
});

export const siteContact = call({
  name: 'site.contact', method: 'GET', path: '/site/contact',
  response: z.object({ success: z.literal(true), contact: siteContactSchema }),
});

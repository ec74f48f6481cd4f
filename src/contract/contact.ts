/** The contact form (issue 36): stored for the staff inbox and mailed to STAFF_EMAIL when set. */
import { z } from 'zod';
import { call, okMessageSchema } from './define';

export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().pipe(z.email({ message: 'Please enter a valid email address' })),
  phone: z.string().trim().min(1, 'Phone is required').max(40),
  message: z.string().trim().min(1, 'Message is required').max(5000),
});

export const sendContactMessage = call({
  name: 'contact.send', method: 'POST', path: '/contact', body: contactMessageSchema, response: okMessageSchema,
});

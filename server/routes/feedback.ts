/** The home page's feedback form. */
import type { FastifyInstance } from 'fastify';
import { submitFeedback } from '../../src/contract/feedback';
import { implement } from '../http/route';
import type { SiteService } from '../services/site';

export async function feedbackRoutes(app: FastifyInstance, { site }: { site: SiteService }) {
  implement(app, submitFeedback, async ({ body }) => {
    await site.submitFeedback(body);
    return { success: true, message: 'Form submitted successfully!' } as const;
  });
}

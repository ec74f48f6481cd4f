/** Home page content: the sales banner and the landing slides. */
import type { FastifyInstance } from 'fastify';
import { landingSlides, salesBanner } from '../../src/contract/content';
import { implement } from '../http/route';
import type { ContentService } from '../services/content';

export async function homeRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  implement(app, salesBanner, async () => ({ success: true, data: await content.salesBanner() }) as const, { cache: 'content' });
  implement(app, landingSlides, async () => ({ success: true, data: { sliders: await content.slides() } }) as const, { cache: 'content' });
}

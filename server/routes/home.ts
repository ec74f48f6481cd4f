/** Home page content: the sales banner and the landing slides; and how to reach the team, which every page's footer shows. */
import type { FastifyInstance } from 'fastify';
import { landingSlides, salesBanner } from '../../src/contract/content';
import { siteContact } from '../../src/contract/site';
import type { SiteContact } from '../../src/domain/site';
import { implement } from '../http/route';
import type { ContentService } from '../services/content';

export async function homeRoutes(app: FastifyInstance, { content, contact }: { content: ContentService; contact: SiteContact }) {
  implement(app, siteContact, async () => ({ success: true, contact }) as const);
  implement(app, salesBanner, async () => ({ success: true, data: await content.salesBanner() }) as const, { cache: 'content' });
  implement(app, landingSlides, async () => ({ success: true, data: { sliders: await content.slides() } }) as const, { cache: 'content' });
}

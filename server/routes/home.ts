/** Home page content: the sales banner and the landing slides. */
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { landingSlides, salesBanner } from '../../src/contract/content';
import type { Db } from '../db/client';
import { salesBanners, slides } from '../db/schema';
import { notFound } from '../http/errors';
import { implement } from '../http/route';
import { sanitizeRichHtml } from '../services/sanitize';

export async function homeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, salesBanner, async () => {
    const [banner] = await db
      .select({ text: salesBanners.text })
      .from(salesBanners)
      .where(eq(salesBanners.active, true))
      .orderBy(desc(salesBanners.createdAt))
      .limit(1);
    if (!banner) throw notFound('No sales banner');
    return { success: true, data: { text: banner.text } } as const;
  }, { cache: 'content' });

  implement(app, landingSlides, async () => {
    const rows = await db.select().from(slides).orderBy(asc(slides.position));
    return {
      success: true,
      data: {
        sliders: rows.map((s) => ({ imageUrl: s.imageUrl, title: s.title, description: sanitizeRichHtml(s.description), source: s.source })),
      },
    } as const;
  }, { cache: 'content' });
}

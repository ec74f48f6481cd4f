/** The home page's sales banner and landing slides. */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { salesBanners, slides } from './schema';

export type SlideRow = typeof slides.$inferSelect;

/** The newest active banner's text; undefined when none is active. */
export async function activeBannerText(db: Db): Promise<string | undefined> {
  const [banner] = await db
    .select({ text: salesBanners.text })
    .from(salesBanners)
    .where(eq(salesBanners.active, true))
    .orderBy(desc(salesBanners.createdAt))
    .limit(1);
  return banner?.text;
}

export function slideRows(db: Db): Promise<SlideRow[]> {
  return db.select().from(slides).orderBy(asc(slides.position));
}

/** Sales banner and landing slides, from content/home.json. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, isNotNull, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { contentItems, slides, salesBanners } from '../data/schema';
import { heldByBrowser, importHash, itemsOfKind, upsertImported } from '../data/authoring';
import { changedFieldNames } from '../data/fields-diff';
import type { ContentModule } from './module';

const homeFileSchema = z.object({
  salesBanner: z.string().trim().min(1).max(300),
  slides: z.array(z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1).max(120),
    description: z.string().min(1).max(1000),
    source: z.string().min(1).max(120),
    imageUrl: z.string().min(1),
  })).min(1),
});

export const homeContent: ContentModule<z.infer<typeof homeFileSchema> | null> = {
  name: 'home',
  async read(folder, report) {
    const file = join(folder, 'home.json');
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return null;
    return report.parse(file, homeFileSchema, text);
  },
  async write(tx, data, { sanitize, now, force, warn }) {
    if (!data) return;
    // The import's own banner: a banner published from the browser (ADR 167) is not the import's to change.
    const browser = tx.select({ id: contentItems.liveId }).from(contentItems).where(and(eq(contentItems.kind, 'banner'), isNotNull(contentItems.liveId)));
    const [current] = await tx.select({ id: salesBanners.id }).from(salesBanners).where(notInArray(salesBanners.id, browser)).orderBy(asc(salesBanners.createdAt)).limit(1);
    if (current) await tx.update(salesBanners).set({ text: data.salesBanner, active: true }).where(eq(salesBanners.id, current.id));
    else await tx.insert(salesBanners).values({ text: data.salesBanner });
    // Each slide is an item the console edits (issue 38): one made there, or changed there since the last import, is
    // kept and named unless forced.
    const items = new Map((await itemsOfKind(tx, 'slides')).map((item) => [item.key, item]));
    for (const [position, slide] of data.slides.entries()) {
      const fields = { ...slide, position };
      const item = items.get(slide.slug);
      if (!force && heldByBrowser(item)) {
        const what = !item.importedAt ? 'the slide was made in the browser' : `${changedFieldNames(item.fields, fields) || 'the slide'} changed in the browser since the last import`;
        warn?.(`home.json: field "slides" (${slide.slug}): ${what}; kept (--force overwrites)`);
        continue;
      }
      const values = { ...fields, description: sanitize(slide.description) };
      const [row] = await tx.insert(slides).values(values).onConflictDoUpdate({ target: slides.slug, set: values }).returning({ id: slides.id });
      await upsertImported(tx, { kind: 'slides', key: slide.slug, fields, liveId: row!.id, at: now, hash: importHash(fields), publishedAt: item?.publishedAt ?? now });
    }
  },
};

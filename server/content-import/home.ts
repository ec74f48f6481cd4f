/** Sales banner and landing slides, from content/home.json. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { slides, salesBanners } from '../data/schema';
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
  async write(tx, data, { sanitize }) {
    if (!data) return;
    const [current] = await tx.select().from(salesBanners).limit(1);
    if (current) await tx.update(salesBanners).set({ text: data.salesBanner, active: true });
    else await tx.insert(salesBanners).values({ text: data.salesBanner });
    for (const [position, slide] of data.slides.entries()) {
      const values = { ...slide, position, description: sanitize(slide.description) };
      await tx.insert(slides).values(values).onConflictDoUpdate({ target: slides.slug, set: values });
    }
  },
};

/**
 * The home page's kind handlers (issue 38, ADR 167): the landing slides and the sales banner. A published slide is a
 * row of `slides` (the carousel reads them by position), a published banner a row of `sales_banners`: the newest
 * active banner is the one shown, so a banner published from the browser shows over the imported one until it is
 * unpublished. Neither is in the search index or the sitemap (the home page is, unchanged).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { bannerFieldsSchema, slideFieldsSchema } from '../../../src/domain/authoring';
import { salesBanners, slides } from '../../data/schema';
import { sanitizeRichHtml } from '../../render/sanitize';
import type { KindHandler } from './kind';

type SlideFields = z.output<typeof slideFieldsSchema>;
type BannerFields = z.output<typeof bannerFieldsSchema>;

export const BANNER_TAKEN = 'Another banner already says this';

function slideRow(fields: SlideFields) {
  return {
    slug: fields.slug, position: fields.position, imageUrl: fields.imageUrl, title: fields.title, description: sanitizeRichHtml(fields.description),
    source: fields.source,
  };
}

export const slideHandler: KindHandler<SlideFields> = {
  kind: 'slides',
  schema: slideFieldsSchema as never,
  keyOf: (fields) => fields.slug,
  titleOf: (fields) => fields.title,
  blank: () => ({ position: 0 }),
  async publish(tx, fields, { liveId }) {
    const values = slideRow(fields);
    await tx.insert(slides).values({ id: liveId, ...values }).onConflictDoUpdate({ target: slides.id, set: values });
    return liveId;
  },
  async unpublish(tx, liveId) {
    await tx.delete(slides).where(eq(slides.id, liveId));
  },
  publicUrl: () => '/',
  async preview(_db, fields) {
    const { imageUrl, title, description, source } = slideRow(fields);
    return { imageUrl, title, description, source };
  },
};

export const bannerHandler: KindHandler<BannerFields> = {
  kind: 'banner',
  schema: bannerFieldsSchema as never,
  // A banner has no slug: its key is its text's hash, so two banners saying the same thing are refused on `text`.
  keyOf: (fields) => `banner-${createHash('sha256').update(fields.text).digest('hex').slice(0, 16)}`,
  keyField: 'text',
  keyTaken: BANNER_TAKEN,
  titleOf: (fields) => fields.text,
  blank: () => ({}),
  async publish(tx, fields, { liveId, now }) {
    // Shown from the moment it is published (the newest active banner wins); a later save changes only its words.
    await tx.insert(salesBanners).values({ id: liveId, text: fields.text, active: true, createdAt: now })
      .onConflictDoUpdate({ target: salesBanners.id, set: { text: fields.text, active: true } });
    return liveId;
  },
  async unpublish(tx, liveId) {
    await tx.delete(salesBanners).where(eq(salesBanners.id, liveId));
  },
  publicUrl: () => '/',
  async preview(_db, fields) {
    return { text: fields.text };
  },
};

export const homeHandlers: KindHandler[] = [slideHandler as unknown as KindHandler, bannerHandler as unknown as KindHandler];

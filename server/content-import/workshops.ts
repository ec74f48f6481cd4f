/**
 * Workshop series (content/workshops.json): what each covers, its hosts, agenda, audience and preparation, its seats
 * and its schedule in its own time zone (ADR 080). The import writes the series and makes their sessions for the
 * next 90 days; the server keeps that window rolling. The file is the whole list: a series removed is removed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { workshopFieldsSchema } from '../../src/domain/authoring';
import { heldByBrowser, importHash, itemsOfKind, removeItemsNotIn, upsertImported } from '../data/authoring';
import { changedFieldNames } from '../data/fields-diff';
import { workshopSeries } from '../data/schema';
import { deleteOrphanSessions, generateSessions, pruneUnscheduledSessions } from '../data/workshops';
import { knownRegion } from '../calendar/public-holidays';
import { ContentError, type ContentModule } from './module';

/** The file is a list of series, each checked by the browser's own workshop fields schema (issue 38). */
export const workshopFileSchema = z.array(workshopFieldsSchema);
export type WorkshopFile = z.output<typeof workshopFileSchema>[number];

export const workshopContent: ContentModule<WorkshopFile[] | null> = {
  name: 'workshops',
  async read(folder, report) {
    const file = join(folder, 'workshops.json');
    const source = await readFile(file, 'utf8').catch(() => null);
    if (source === null) return null;
    const list = report.parse(file, workshopFileSchema, source);
    const seen = new Set<string>();
    for (const w of list) {
      if (seen.has(w.slug)) throw new ContentError(`workshops.json: the slug "${w.slug}" is used twice`);
      if (w.schedule.kind !== 'dates' && w.schedule.region && !knownRegion(w.schedule.region)) {
        throw new ContentError(`workshops.json: "${w.slug}" names the region ${w.schedule.region}, whose public holidays are not known`);
      }
      seen.add(w.slug);
    }
    return list;
  },
  async write(tx, list, { now, force, warn }) {
    if (!list) return;
    // Series written or edited in the browser since the last import are kept (issue 38 item 8), unless forced.
    const items = new Map((await itemsOfKind(tx, 'workshops')).map((item) => [item.key, item]));
    const browserOnly = [...items.values()].filter((item) => !item.importedAt).map((item) => item.key);
    const kept: string[] = [];
    for (const w of list) {
      const values = {
        slug: w.slug, title: w.title, description: w.description, imageUrl: w.imageUrl, joinUrl: w.joinUrl, duration: w.duration,
        capacity: w.capacity, schedule: w.schedule, hosts: w.hosts, agenda: w.agenda, audience: w.audience, prepare: w.prepare,
        credits: w.credits,
      };
      const item = items.get(w.slug);
      if (heldByBrowser(item) && !force) {
        const names = changedFieldNames(item.fields, values);
        warn?.(`workshops.json: "${w.slug}": ${names ? `field ${names}` : 'the series'} was changed in the browser since the last import; kept (--force overwrites)`);
        kept.push(w.slug);
        continue;
      }
      const [row] = await tx.insert(workshopSeries).values(values).onConflictDoUpdate({ target: workshopSeries.slug, set: values }).returning({ id: workshopSeries.id });
      const hash = importHash(values);
      await upsertImported(tx, { kind: 'workshops', key: w.slug, fields: values, liveId: row!.id, at: now, hash, publishedAt: item?.publishedAt ?? now });
    }
    // The file is the whole list of imported series; what the browser made or kept stays.
    const slugs = [...list.map((w) => w.slug), ...browserOnly, ...kept];
    await tx.delete(workshopSeries).where(slugs.length ? notInArray(workshopSeries.slug, slugs) : undefined);
    await removeItemsNotIn(tx, 'workshops', slugs);
    await deleteOrphanSessions(tx);
    await pruneUnscheduledSessions(tx, now);
    await generateSessions(tx, now);
  },
};

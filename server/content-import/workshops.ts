/**
 * Workshop series (content/workshops.json): what each covers, its hosts, agenda, audience and preparation, its seats
 * and its schedule in its own time zone (ADR 080). The import writes the series and makes their sessions for the
 * next 90 days; the server keeps that window rolling. The file is the whole list: a series removed is removed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { creditLinesSchema } from '../../src/domain/credit-lines';
import { scheduleSchema } from '../../src/domain/workshops.schema';
import { workshopSeries } from '../data/schema';
import { deleteOrphanSessions, generateSessions, pruneUnscheduledSessions } from '../data/workshops';
import { knownRegion } from '../calendar/public-holidays';
import { ContentError, type ContentModule } from './module';

const text = (max: number) => z.string().trim().min(1).max(max);

export const workshopFileSchema = z.array(z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase slug like embodied-carbon-clinic'),
  title: text(200),
  description: text(1000),
  imageUrl: z.string().regex(/^(\/|https:\/\/)\S+$/, 'must be a site path like /media/workshops/x.svg or an https URL'),
  joinUrl: z.url({ protocol: /^https$/, message: 'must be an https URL' }),
  duration: z.number().int().min(15).max(8 * 60),
  capacity: z.number().int().min(1).max(10_000),
  schedule: scheduleSchema,
  hosts: z.array(z.object({ name: text(120), role: text(200) })).min(1),
  agenda: z.array(z.object({ minutes: z.number().int().min(1).max(480), item: text(300) })).min(1),
  audience: text(600),
  prepare: z.array(text(300)).min(1),
  /** Credit lines for attending a session (issue 39). */
  credits: creditLinesSchema.default([]),
}).superRefine((w, ctx) => {
  const planned = w.agenda.reduce((sum, a) => sum + a.minutes, 0);
  if (planned !== w.duration) ctx.addIssue({ code: 'custom', path: ['agenda'], message: `adds up to ${planned} minutes, not the duration ${w.duration}` });
}));
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
  async write(tx, list, { now }) {
    if (!list) return;
    for (const w of list) {
      const values = {
        slug: w.slug, title: w.title, description: w.description, imageUrl: w.imageUrl, joinUrl: w.joinUrl, duration: w.duration,
        capacity: w.capacity, schedule: w.schedule, hosts: w.hosts, agenda: w.agenda, audience: w.audience, prepare: w.prepare,
        credits: w.credits,
      };
      await tx.insert(workshopSeries).values(values).onConflictDoUpdate({ target: workshopSeries.slug, set: values });
    }
    const slugs = list.map((w) => w.slug);
    await tx.delete(workshopSeries).where(slugs.length ? notInArray(workshopSeries.slug, slugs) : undefined);
    await deleteOrphanSessions(tx);
    await pruneUnscheduledSessions(tx, now);
    await generateSessions(tx, now);
  },
};

/**
 * The workshop series' kind handler (issue 38, ADR 168): a series' fields as content/workshops.json knows them.
 * Publishing writes the `workshop_series` row, lets its schedule make (and drop) its sessions on the rolling window
 * (ADR 080) and writes its search entry, all in the publishing transaction. Single sessions are moved or cancelled in
 * the staff workshops console (ADR 158); a session staff moved or cancelled is never made again by the schedule.
 */
import { count, eq } from 'drizzle-orm';
import { type WorkshopFields, workshopFieldsSchema } from '../../../src/domain/authoring';
import { SESSION_WINDOW_DAYS, sessionsBetween } from '../../../src/domain/workshops';
import { workshopRegistrations, workshops, workshopSeries } from '../../data/schema';
import { rebuildWords, reindexWorkshops, removeDocuments } from '../../data/search';
import { generateSessions, pruneUnscheduledSessions } from '../../data/workshops';
import { invalid } from '../errors';
import type { KindHandler } from './kind';

export const SERIES_HAS_PLACES = 'Members hold places at sessions of this series: cancel those sessions first, or end the series by changing its schedule';
/** How many coming sessions the preview lists. */
const PREVIEW_SESSIONS = 4;

const seriesValues = (fields: WorkshopFields) => ({
  slug: fields.slug, title: fields.title, description: fields.description, imageUrl: fields.imageUrl, joinUrl: fields.joinUrl,
  duration: fields.duration, capacity: fields.capacity, schedule: fields.schedule, hosts: fields.hosts, agenda: fields.agenda,
  audience: fields.audience, prepare: fields.prepare, credits: fields.credits,
});

export const workshopHandler: KindHandler<WorkshopFields> = {
  kind: 'workshops',
  schema: workshopFieldsSchema as never,
  keyOf: (fields) => fields.slug,
  titleOf: (fields) => fields.title,
  blank: () => ({ credits: [] }),
  async publish(tx, fields, { liveId, now }) {
    const values = seriesValues(fields);
    await tx.insert(workshopSeries).values({ id: liveId, ...values }).onConflictDoUpdate({ target: workshopSeries.id, set: values });
    // The schedule makes the sessions of the window (and drops the ones it no longer has that nobody registered for).
    await pruneUnscheduledSessions(tx, now);
    await generateSessions(tx, now);
    await reindexWorkshops(tx, now);
    await rebuildWords(tx);
    return liveId;
  },
  async unpublish(tx, liveId) {
    // Taking a series off deletes its sessions: never while a member holds a place at one (nobody loses it untold).
    const [held] = await tx.select({ n: count() }).from(workshopRegistrations)
      .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
      .where(eq(workshops.seriesId, liveId));
    if ((held?.n ?? 0) > 0) throw invalid(SERIES_HAS_PLACES);
    await tx.delete(workshopSeries).where(eq(workshopSeries.id, liveId));
    await removeDocuments(tx, 'workshop', [liveId]);
    await rebuildWords(tx);
  },
  publicUrl: () => '/workshops',
  async preview(_db, fields, id, now) {
    const until = new Date(now.getTime() + SESSION_WINDOW_DAYS * 86_400_000);
    const coming = sessionsBetween(fields.schedule, now, until).slice(0, PREVIEW_SESSIONS).map((d) => d.toISOString());
    const date = coming[0] ?? now.toISOString();
    return {
      _id: id, title: fields.title, description: fields.description, imageUrl: fields.imageUrl, date, duration: fields.duration,
      timeZone: fields.schedule.timeZone, hosts: fields.hosts, agenda: fields.agenda, audience: fields.audience, prepare: fields.prepare,
      capacity: fields.capacity, seatsLeft: fields.capacity, waitlisted: 0, myStatus: null, waitlistPosition: null, started: false, ended: false,
      joinUrl: null, joinOpensAt: new Date(new Date(date).getTime() - 15 * 60_000).toISOString(), credits: fields.credits,
      /** The sessions the schedule makes next, for the preview to list. */
      sessions: coming,
    };
  },
};

/**
 * Issue 38, ADR 168: workshop series authored in the staff console, over HTTP on each database. An editor creates a
 * series (its fields checked by the import's schema, errors beside their fields), previews its coming sessions, is
 * refused a stale save, publishes it (its sessions listed, their pages and search at once), revises it (the sessions
 * follow) and unpublishes it (gone), which is refused while a member holds a place; the next import keeps a browser
 * edit unless forced.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { importContent } from '../../server/content-import/import';
import type { ContentModule } from '../../server/content-import/module';
import { workshopContent } from '../../server/content-import/workshops';
import { contentItems, workshops, workshopSeries } from '../../server/data/schema';
import { SERIES_HAS_PLACES } from '../../server/services/authoring/workshops';
import * as calls from '../../src/contract/authoring';
import { listWorkshops } from '../../src/contract/content';
import { search } from '../../src/contract/search';
import { getWorkshop, registerWorkshop } from '../../src/contract/workshops';
import { EDITORIAL_TEAM } from '../../src/domain/authoring';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { staffPeople } from './staff-matrix';

const seriesOf = (slug: string, title = 'Heat pump retrofit clinic') => ({
  slug, title,
  description: 'A live clinic on sizing and placing heat pumps in existing homes, with the heat loss numbers that decide it.',
  imageUrl: '/media/workshops/embodied-carbon-clinic.svg', joinUrl: `https://events.sustainlearn.example/${slug}`,
  duration: 60, capacity: 20,
  schedule: { kind: 'weekly', weekday: 'wednesday', every: 1, from: '2026-01-07', time: '12:30', timeZone: 'Europe/London' },
  hosts: [{ name: EDITORIAL_TEAM, role: 'who run the clinic and answer questions' }],
  agenda: [{ minutes: 45, item: 'Three homes reviewed live: heat loss, emitters and flow temperature' }, { minutes: 15, item: 'Questions' }],
  audience: 'Engineers and retrofit coordinators working on existing homes.',
  prepare: ['A room-by-room heat loss calculation, if you have one'],
  credits: [],
});

const KIND = { kind: 'workshops' as const };

describeWithApp('authoring: workshop series', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'authoring-workshops');
  const sessionsOf = async (c: TestContext, liveId: string) =>
    c.database.db.select().from(workshops).where(eq(workshops.seriesId, liveId)).orderBy(workshops.startsAt);

  it('lets an editor create, preview, publish, revise and unpublish a series: its sessions listed, shown and found at once, then gone', async () => {
    const c = ctx();
    const token = people.editor.token;
    const created = await send(c, calls.createContent, { params: KIND, body: { fields: seriesOf('heat-pump-clinic') }, token });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json() as { id: string; version: number };
    const item = { ...KIND, id };

    // The preview is the session page's shape, with the sessions the schedule will make; staff only.
    const preview = await send(c, calls.previewContent, { params: item, token });
    expect(preview.statusCode, preview.body).toBe(200);
    const page = preview.json().page as { title: string; timeZone: string; sessions: string[]; seatsLeft: number };
    expect(page).toMatchObject({ title: 'Heat pump retrofit clinic', timeZone: 'Europe/London', seatsLeft: 20 });
    expect(page.sessions).toHaveLength(4);
    expect(new Date(page.sessions[1]!).getTime() - new Date(page.sessions[0]!).getTime()).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
    expect((await send(c, calls.previewContent, { params: item, token: people.member.token })).statusCode).toBe(403);

    // A draft makes no session.
    expect(await c.database.db.select().from(workshopSeries).where(eq(workshopSeries.slug, 'heat-pump-clinic'))).toEqual([]);

    const published = await send(c, calls.publishContent, { params: item, body: { version }, token });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().item).toMatchObject({ status: 'published', publicUrl: '/workshops' });
    const sessions = await sessionsOf(c, id);
    expect(sessions.length).toBeGreaterThanOrEqual(12);
    const listed = (await send(c, listWorkshops, { token: people.member.token })).json().workshops as { _id: string; title: string }[];
    expect(listed.filter((w) => w.title === 'Heat pump retrofit clinic').length).toBe(sessions.length);
    const session = await send(c, getWorkshop, { params: { id: sessions[0]!.id }, token: people.member.token });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().workshop).toMatchObject({ title: 'Heat pump retrofit clinic', capacity: 20, timeZone: 'Europe/London' });
    const found = await send(c, search, { query: { q: 'Heat pump retrofit clinic' }, token: people.member.token });
    expect(found.body).toContain(`/workshops/${sessions[0]!.id}`);

    // A save of the published series is live at once: its coming sessions follow its title and seats.
    const revised = await send(c, calls.saveContent, {
      params: item, body: { version: published.json().item.version, fields: { ...seriesOf('heat-pump-clinic', 'Heat pumps in existing homes'), capacity: 25 } }, token,
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const again = await send(c, getWorkshop, { params: { id: sessions[0]!.id }, token: people.member.token });
    expect(again.json().workshop).toMatchObject({ title: 'Heat pumps in existing homes', capacity: 25 });
    const history = (await send(c, calls.contentRevisions, { params: item, token })).json().revisions as { changes: { field: string }[] }[];
    expect(history[0]!.changes.map((ch) => ch.field).sort()).toEqual(['capacity', 'title']);

    const archived = await send(c, calls.unpublishContent, { params: item, body: { version: revised.json().item.version }, token });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().item.status).toBe('archived');
    expect(await sessionsOf(c, id)).toEqual([]);
    const after = (await send(c, listWorkshops, { token: people.member.token })).json().workshops as { title: string }[];
    expect(after.some((w) => w.title === 'Heat pumps in existing homes')).toBe(false);
    expect((await send(c, getWorkshop, { params: { id: sessions[0]!.id }, token: people.member.token })).statusCode).toBe(404);
    expect((await send(c, search, { query: { q: 'Heat pumps in existing homes' }, token: people.member.token })).body).not.toContain('/workshops/');
  });

  it('answers field errors beside their fields: an agenda that does not fill the time, a time zone that does not exist', async () => {
    const c = ctx();
    const fields = { ...seriesOf('broken-series'), agenda: [{ minutes: 40, item: 'Too short' }], schedule: { ...seriesOf('x').schedule, timeZone: 'Europe/Atlantis' }, hosts: [] };
    const res = await send(c, calls.createContent, { params: KIND, body: { fields }, token: people.editor.token });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = calls.fieldErrorsSchema.parse(res.json());
    expect(fieldErrors).toEqual({ schedule: 'must be an IANA time zone like Europe/London', hosts: 'Name at least one host', agenda: 'adds up to 40 minutes, not the duration 60' });
  });

  it('carries the credit lines an editor sets to the sessions, and says in words what is wrong with one (issue 39 item 1)', async () => {
    const c = ctx();
    const token = people.editor.token;
    const line = { body: 'aia', amount: 1, type: 'LU/HSW', courseNumber: null };
    const bad = await send(c, calls.createContent, { params: KIND, body: { fields: { ...seriesOf('credited-bad'), credits: [{ ...line, amount: 0 }] } }, token });
    expect(bad.statusCode).toBe(400);
    expect(calls.fieldErrorsSchema.parse(bad.json()).fieldErrors).toEqual({ credits: 'The amount must be more than 0' });
    const riba = await send(c, calls.createContent, { params: KIND, body: { fields: { ...seriesOf('credited-riba'), credits: [{ body: 'riba', amount: 1, type: 'core', courseNumber: null }] } }, token });
    expect(calls.fieldErrorsSchema.parse(riba.json()).fieldErrors).toEqual({ credits: 'a RIBA core hour names its core-curriculum topic' });

    const created = await send(c, calls.createContent, { params: KIND, body: { fields: { ...seriesOf('credited-clinic', 'Credited clinic'), credits: [line] } }, token });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json() as { id: string; version: number };
    expect((await send(c, calls.publishContent, { params: { ...KIND, id }, body: { version }, token })).statusCode).toBe(200);
    const [first] = await sessionsOf(c, id);
    const session = (await send(c, getWorkshop, { params: { id: first!.id }, token: people.member.token })).json().workshop;
    expect(session.credits).toEqual([line]);
  });

  it('refuses a stale save with both versions', async () => {
    const c = ctx();
    const { id } = (await send(c, calls.createContent, { params: KIND, body: { fields: seriesOf('two-editors-series') }, token: people.editor.token })).json();
    const item = { ...KIND, id };
    expect((await send(c, calls.saveContent, { params: item, body: { version: 1, fields: seriesOf('two-editors-series', 'First') }, token: people.admin.token })).statusCode).toBe(200);
    const stale = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: seriesOf('two-editors-series', 'Second') }, token: people.editor.token });
    expect(stale.statusCode).toBe(409);
    const conflict = calls.conflictSchema.parse(stale.json());
    expect(conflict.current.fields.title).toBe('First');
    expect(conflict.yours.title).toBe('Second');
  });

  it('refuses to unpublish a series while a member holds a place, and keeps it live', async () => {
    const c = ctx();
    const token = people.editor.token;
    const { id } = (await send(c, calls.createContent, { params: KIND, body: { fields: seriesOf('booked-series', 'A booked clinic') }, token })).json();
    const item = { ...KIND, id };
    const published = await send(c, calls.publishContent, { params: item, body: { version: 1 }, token });
    const [first] = await sessionsOf(c, id);
    expect((await send(c, registerWorkshop, { params: { id: first!.id }, token: people.member.token })).statusCode).toBe(200);
    const refused = await send(c, calls.unpublishContent, { params: item, body: { version: published.json().item.version }, token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SERIES_HAS_PLACES);
    expect((await send(c, calls.getContent, { params: item, token })).json().item.status).toBe('published');
    expect((await send(c, getWorkshop, { params: { id: first!.id }, token: people.member.token })).statusCode).toBe(200);
  });

  it('keeps a series edited in the browser at the next import, naming it and its field, unless forced', async () => {
    const c = ctx();
    const { db } = c.database;
    const only = [workshopContent as ContentModule<unknown>];
    await importContent(db, CONTENT_DIR, new Date(c.clock.now), only);
    const [imported] = await db.select().from(contentItems).where(and(eq(contentItems.kind, 'workshops'), eq(contentItems.key, 'embodied-carbon-clinic')));
    expect(imported).toMatchObject({ status: 'published' });
    const item = { ...KIND, id: imported!.id };
    c.clock.advance(1000);
    const current = (await send(c, calls.getContent, { params: item, token: people.editor.token })).json().item;
    const saved = await send(c, calls.saveContent, { params: item, body: { version: current.version, fields: { ...current.fields, capacity: 40 } }, token: people.editor.token });
    expect(saved.statusCode, saved.body).toBe(200);
    const capacityOf = async () => (await db.select().from(workshopSeries).where(eq(workshopSeries.id, imported!.liveId!)))[0]!.capacity;
    expect(await capacityOf()).toBe(40);

    c.clock.advance(1000);
    const kept = await importContent(db, CONTENT_DIR, new Date(c.clock.now), only);
    expect(kept.kept).toEqual(['workshops.json: "embodied-carbon-clinic": field "capacity" was changed in the browser since the last import; kept (--force overwrites)']);
    expect(await capacityOf()).toBe(40);
    // Series made in the browser are not removed by an import whose file does not list them.
    expect((await db.select().from(workshopSeries).where(eq(workshopSeries.slug, 'booked-series'))).length).toBe(1);

    await importContent(db, CONTENT_DIR, new Date(c.clock.now), only, { force: true });
    expect(await capacityOf()).toBe(30);
  });
});

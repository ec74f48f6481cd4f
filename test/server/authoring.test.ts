/**
 * Issue 38: authoring in the staff console, over HTTP on each database (ADR 157). The role matrix of its calls; an
 * editor creates, previews (a member cannot), publishes (found by search and in the sitemap at once), revises, restores
 * and archives an article; field errors name their fields; a stale save is refused with both versions; a scheduled
 * publish happens once; the next import keeps a browser edit unless forced.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { articleContent } from '../../server/content-import/articles';
import { importContent } from '../../server/content-import/import';
import type { ContentModule } from '../../server/content-import/module';
import { articles, auditLog, contentItems, jobs } from '../../server/data/schema';
import * as calls from '../../src/contract/authoring';
import { getArticle } from '../../src/contract/content';
import { search } from '../../src/contract/search';
import type { Call } from '../../src/contract/define';
import { EDITORIAL_TEAM } from '../../src/domain/authoring';
import { getUrl, send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

const BODY = [
  '## Why embodied carbon matters',
  '',
  'Upfront carbon is emitted **before** a building is used. The RICS whole life carbon assessment standard (2nd edition, 2023) sets how to count it.',
  '',
  '- Measure early',
  '- Compare options',
  '',
  '<script>alert(1)</script>',
].join('\n');

const fieldsOf = (slug: string, title = 'Counting upfront carbon in early design') => ({
  slug, title, category: 'carbon', description: 'How to count upfront carbon while the design can still change.', authorId: null,
  readTime: null, imageUrl: '/media/articles/carbon.svg', featured: false, body: BODY,
});

const auditOf = async (ctx: TestContext, action: string, id: string) =>
  ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, `content:articles:${id}`)));

describeWithApp('authoring: articles', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'authoring');
  let matrixItem: { id: string; version: number; revisionId: string };

  beforeAll(async () => {
    const c = ctx();
    const created = await send(c, calls.createContent, { params: { kind: 'articles' }, body: { fields: fieldsOf('matrix-article') }, token: people.editor.token });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const published = await send(c, calls.publishContent, { params: { kind: 'articles', id }, body: { version: 1 }, token: people.editor.token });
    expect(published.statusCode, published.body).toBe(200);
    const revisions = await send(c, calls.contentRevisions, { params: { kind: 'articles', id }, token: people.editor.token });
    matrixItem = { id, version: published.json().item.version, revisionId: revisions.json().revisions[0].id };
  }, 120_000);

  // Each allowed call is made on its own draft, so one person's call does not make the next one's version stale.
  const matrixCalls = staffCallsOf(calls).filter((c) => c !== calls.uploadFile);
  const requestFor = (c: Call) => {
    const item = { kind: 'articles', id: matrixItem.id };
    if (c === calls.listContent) return { params: { kind: 'articles' }, query: { status: 'published' } };
    if (c === calls.createContent) return { params: { kind: 'articles' }, body: { fields: fieldsOf(`matrix-${Math.random().toString(36).slice(2, 10)}`) } };
    if (c === calls.saveContent) return { params: item, body: { version: -1, fields: fieldsOf('matrix-article') } };
    if (c === calls.publishContent || c === calls.unpublishContent) return { params: item, body: { version: -1 } };
    if (c === calls.restoreRevision) return { params: { ...item, revisionId: matrixItem.revisionId }, body: { version: -1 } };
    if (c === calls.contentAuthors) return {};
    return { params: item };
  };
  // Writes carry version -1, which the contract refuses (400) once the roles let the call through: the matrix checks
  // the roles (401 and 403 come first); the flows below check the writes.
  const writes = new Set<Call>([calls.saveContent, calls.publishContent, calls.unpublishContent, calls.restoreRevision]);
  roleMatrix(ctx, matrixCalls, people, requestFor, (c) => (writes.has(c) ? 400 : 200));

  it('lets an editor create, preview, publish, revise, restore and archive an article, found by search and in the sitemap at once', async () => {
    const c = ctx();
    const token = people.editor.token;
    const created = await send(c, calls.createContent, { params: { kind: 'articles' }, body: { fields: fieldsOf('counting-upfront-carbon') }, token });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json() as { id: string; version: number };
    expect(version).toBe(1);
    const item = { kind: 'articles' as const, id };

    // The preview is the public page's shape, drawn from the Markdown by the public pages' sanitiser; staff only.
    const preview = await send(c, calls.previewContent, { params: item, token });
    expect(preview.statusCode, preview.body).toBe(200);
    const page = preview.json().page as { content: string; author: string; readTime: number; title: string };
    expect(page.content).toContain('<h2>Why embodied carbon matters</h2>');
    expect(page.content).toContain('<strong>before</strong>');
    expect(page.content).not.toContain('<script');
    expect(page.author).toBe(EDITORIAL_TEAM);
    expect(page.readTime).toBe(1);
    expect((await send(c, calls.previewContent, { params: item, token: people.member.token })).statusCode).toBe(403);
    expect((await send(c, calls.previewContent, { params: item })).statusCode).toBe(401);

    // Not live while a draft.
    expect((await send(c, getArticle, { params: { id } })).statusCode).toBe(404);
    const before = await getUrl(c, '/sitemap.xml');
    expect(before.body).not.toContain(`/articles/${id}`);

    const published = await send(c, calls.publishContent, { params: item, body: { version }, token });
    expect(published.statusCode, published.body).toBe(200);
    const live = published.json().item as { status: string; version: number; publicUrl: string };
    expect(live.status).toBe('published');
    expect(live.publicUrl).toBe(`/articles/${id}`);
    expect((await send(c, getArticle, { params: { id } })).json().article.title).toBe('Counting upfront carbon in early design');
    const found = await send(c, search, { query: { q: 'Counting upfront carbon' } });
    expect(found.body).toContain(`/articles/${id}`);
    expect((await getUrl(c, '/sitemap.xml')).body).toContain(`/articles/${id}`);
    expect(await auditOf(c, 'content.published', id)).toHaveLength(1);

    // A save of a published item is live at once and keeps a revision with the fields it changed.
    const revised = await send(c, calls.saveContent, { params: item, body: { version: live.version, fields: fieldsOf('counting-upfront-carbon', 'Upfront carbon, counted early') }, token });
    expect(revised.statusCode, revised.body).toBe(200);
    expect((await send(c, getArticle, { params: { id } })).json().article.title).toBe('Upfront carbon, counted early');
    expect((await send(c, search, { query: { q: 'counted early' } })).body).toContain(`/articles/${id}`);
    const history = (await send(c, calls.contentRevisions, { params: item, token })).json().revisions as { id: string; version: number; byName: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(history).toHaveLength(2);
    expect(history[0]!.changes).toEqual([{ field: 'title', before: 'Counting upfront carbon in early design', after: 'Upfront carbon, counted early' }]);
    expect(history[0]!.byName).toBe('Staff editor');

    // Restore brings the first published fields back, as a new version, live and logged.
    const restored = await send(c, calls.restoreRevision, { params: { ...item, revisionId: history[1]!.id }, body: { version: revised.json().item.version }, token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().item.fields.title).toBe('Counting upfront carbon in early design');
    expect((await send(c, getArticle, { params: { id } })).json().article.title).toBe('Counting upfront carbon in early design');
    expect(await auditOf(c, 'content.restored', id)).toHaveLength(1);

    // Archived: off the site, out of search and the sitemap at once.
    const archived = await send(c, calls.unpublishContent, { params: item, body: { version: restored.json().item.version }, token });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().item.status).toBe('archived');
    expect((await send(c, getArticle, { params: { id } })).statusCode).toBe(404);
    expect((await send(c, search, { query: { q: 'Counting upfront carbon' } })).body).not.toContain(`/articles/${id}`);
    expect((await getUrl(c, '/sitemap.xml')).body).not.toContain(`/articles/${id}`);
    expect(await auditOf(c, 'content.unpublished', id)).toHaveLength(1);

    const listed = await send(c, calls.listContent, { params: { kind: 'articles' }, query: { q: 'upfront', status: 'archived' }, token });
    expect(listed.json().items.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  it('answers field errors beside their fields, and refuses an author who is not an editor', async () => {
    const c = ctx();
    const res = await send(c, calls.createContent, {
      params: { kind: 'articles' }, body: { fields: { ...fieldsOf('Bad Slug'), title: '', category: 'nope' } }, token: people.editor.token,
    });
    expect(res.statusCode).toBe(400);
    const answer = calls.fieldErrorsSchema.parse(res.json());
    expect(Object.keys(answer.fieldErrors).sort()).toEqual(['category', 'slug', 'title']);
    expect(answer.fieldErrors.title).toBe('Title is required');
    const byMember = await send(c, calls.createContent, {
      params: { kind: 'articles' }, body: { fields: { ...fieldsOf('signed-by-a-member'), authorId: people.member.id } }, token: people.editor.token,
    });
    expect(byMember.statusCode).toBe(400);
    expect(byMember.json().fieldErrors.authorId).toBe('The author must be an editor, or the editorial team');
    const byEditor = await send(c, calls.createContent, {
      params: { kind: 'articles' }, body: { fields: { ...fieldsOf('signed-by-an-editor'), authorId: people.editor.id } }, token: people.editor.token,
    });
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    const preview = await send(c, calls.previewContent, { params: { kind: 'articles', id: byEditor.json().id }, token: people.editor.token });
    expect(preview.json().page.author).toBe('Staff editor');
  });

  it('refuses a stale save with who changed it, when, and both versions', async () => {
    const c = ctx();
    const { id } = (await send(c, calls.createContent, { params: { kind: 'articles' }, body: { fields: fieldsOf('two-editors') }, token: people.editor.token })).json();
    const item = { kind: 'articles' as const, id };
    const first = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: fieldsOf('two-editors', 'The admin was first') }, token: people.admin.token });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: fieldsOf('two-editors', 'The editor was second') }, token: people.editor.token });
    expect(stale.statusCode).toBe(409);
    const conflict = calls.conflictSchema.parse(stale.json());
    expect(conflict.message).toMatch(/^Changed by Staff admin at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(conflict.current.fields.title).toBe('The admin was first');
    expect(conflict.current.version).toBe(2);
    expect(conflict.yours.title).toBe('The editor was second');
    // Two saves over one version at once: exactly one wins.
    const both = await Promise.all(['A', 'B'].map((t) =>
      send(c, calls.saveContent, { params: item, body: { version: 2, fields: fieldsOf('two-editors', `Racing ${t}`) }, token: people.editor.token })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('publishes a scheduled article once, at its time, through the job queue', async () => {
    const c = ctx();
    const { id } = (await send(c, calls.createContent, { params: { kind: 'articles' }, body: { fields: fieldsOf('scheduled-article', 'Scheduled for the morning') }, token: people.editor.token })).json();
    const item = { kind: 'articles' as const, id };
    const at = new Date(c.clock.now + 60 * 60_000).toISOString();
    const scheduled = await send(c, calls.publishContent, { params: item, body: { version: 1, at }, token: people.editor.token });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().item).toMatchObject({ status: 'draft', scheduledAt: at });
    await c.app.jobs.tick();
    expect((await send(c, getArticle, { params: { id } })).statusCode).toBe(404);
    c.clock.advance(61 * 60_000);
    await Promise.all([c.app.jobs.tick(), c.app.jobs.tick()]);
    await c.app.jobs.tick();
    expect((await send(c, getArticle, { params: { id } })).json().article.title).toBe('Scheduled for the morning');
    expect(await auditOf(c, 'content.published', id)).toHaveLength(1);
    const [row] = await c.database.db.select().from(contentItems).where(eq(contentItems.id, id));
    expect(row).toMatchObject({ status: 'published', scheduledAt: null, version: 3 });
    const done = await c.database.db.select().from(jobs).where(eq(jobs.kind, 'authoring-publish'));
    expect(done.filter((j) => j.payload.id === id).map((j) => j.attempts)).toEqual([1]);
  });

  it('keeps an article edited in the browser at the next import, naming its file and field, unless forced', async () => {
    const c = ctx();
    const { db } = c.database;
    // The articles alone: the other kinds (and the whole search index) have nothing to do with this.
    const only = [articleContent as ContentModule<unknown>];
    await importContent(db, CONTENT_DIR, new Date(c.clock.now), only);
    const [imported] = await db.select().from(contentItems).where(and(eq(contentItems.kind, 'articles'), eq(contentItems.key, 'biodiversity--biodiversity-net-gain-for-designers')));
    expect(imported).toMatchObject({ status: 'published' });
    expect(imported!.importedAt).not.toBeNull();
    const item = { kind: 'articles' as const, id: imported!.id };
    c.clock.advance(1000);
    const current = (await send(c, calls.getContent, { params: item, token: people.editor.token })).json().item;
    const saved = await send(c, calls.saveContent, { params: item, body: { version: current.version, fields: { ...current.fields, title: 'Net gain, edited in the browser' } }, token: people.editor.token });
    expect(saved.statusCode, saved.body).toBe(200);
    const [live] = await db.select().from(articles).where(eq(articles.id, imported!.liveId!));
    expect(live!.title).toBe('Net gain, edited in the browser');

    c.clock.advance(1000);
    const kept = await importContent(db, CONTENT_DIR, new Date(c.clock.now), only);
    expect(kept.kept).toEqual(['articles/biodiversity--biodiversity-net-gain-for-designers.html: field "title" was changed in the browser since the last import; kept (--force overwrites)']);
    expect((await db.select().from(articles).where(eq(articles.id, imported!.liveId!)))[0]!.title).toBe('Net gain, edited in the browser');

    const forced = await importContent(db, CONTENT_DIR, new Date(c.clock.now), only, { force: true });
    expect(forced.kept).toEqual([]);
    expect((await db.select().from(articles).where(eq(articles.id, imported!.liveId!)))[0]!.title).toBe('Biodiversity Net Gain: What Designers and Planners Need to Know');
  });
});

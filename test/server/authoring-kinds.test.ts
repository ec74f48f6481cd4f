/**
 * Issue 38, ADR 167: the library's kinds (ebooks, research papers, newsletters, case studies), the home slides and the
 * sales banner, authored over HTTP on each database. Each is created, refused when saved over a stale version,
 * published (its public list or the home page shows it, and a PDF's pages are found by a member's search), and
 * unpublished (gone from both); the next import leaves what the browser published.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { courseContent } from '../../server/content-import/courses';
import { homeContent } from '../../server/content-import/home';
import { importContent } from '../../server/content-import/import';
import type { ContentModule } from '../../server/content-import/module';
import { ILLUSTRATIVE_UNMARKED, PDF_MISSING } from '../../server/services/authoring/documents';
import { BANNER_TAKEN } from '../../server/services/authoring/home';
import * as calls from '../../src/contract/authoring';
import { landingSlides, listCaseStudies, listEbooks, listNewsletters, listResearchPapers, salesBanner } from '../../src/contract/content';
import { search } from '../../src/contract/search';
import type { Call } from '../../src/contract/define';
import type { LibraryAuthoringKind } from '../../src/domain/authoring';
import { send } from './api';
import { describeWithApp } from './fixture';
import { staffPeople } from './staff-matrix';
import { pdf, upload } from './upload-helpers';

/** Each library kind: its public list, the list's key, and the fields a kind adds to the document's. */
const LIBRARY: Record<LibraryAuthoringKind, { list: Call; key: string; extra: Record<string, unknown> }> = {
  ebooks: { list: listEbooks, key: 'ebooks', extra: {} },
  'research-papers': { list: listResearchPapers, key: 'researchPapers', extra: { category: 'energy' } },
  newsletters: { list: listNewsletters, key: 'newsletters', extra: {} },
  'case-studies': { list: listCaseStudies, key: 'caseStudies', extra: { imageUrl: '/media/case-studies/retrofit.svg', featured: false, illustrative: false } },
};

describeWithApp('authoring: library and home', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'kinds');
  const token = () => people.editor.token;
  const titlesOf = async (list: Call, key: string) =>
    ((await send(ctx(), list, { token: people.member.token })).json()[key] as { title: string }[]).map((d) => d.title);
  const found = async (q: string) => (await send(ctx(), search, { query: { q }, token: people.member.token })).body;

  describe.each(Object.keys(LIBRARY) as LibraryAuthoringKind[])('%s', (kind) => {
    const { list, key, extra } = LIBRARY[kind];
    let fileUrl: string;
    const word = `heatpumpsizing${kind.replace(/-/g, '')}`;

    beforeAll(async () => {
      const bytes = await pdf([`Sizing heat pumps for ${kind}: heat loss first.`, `Flow temperatures and ${word} on the second page.`]);
      const res = await upload(ctx(), people.editor, bytes, `${kind}.pdf`, 'application/pdf');
      expect(res.statusCode, res.body).toBe(200);
      fileUrl = res.json().url as string;
    }, 60_000);

    const fieldsOf = (title: string) => ({ slug: `heat-pump-sizing-${kind}`, title, description: 'Heat loss first, then the heat pump.', fileUrl, ...extra });

    it('is created, refused over a stale version, published with its PDF found page by page, and unpublished', async () => {
      const c = ctx();
      const created = await send(c, calls.createContent, { params: { kind }, body: { fields: fieldsOf(`Sizing heat pumps (${kind})`) }, token: token() });
      expect(created.statusCode, created.body).toBe(200);
      const item = { kind, id: created.json().id as string };

      const saved = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: fieldsOf(`Heat pumps, sized right (${kind})`) }, token: token() });
      expect(saved.statusCode, saved.body).toBe(200);
      const stale = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: fieldsOf('Too late') }, token: people.admin.token });
      expect(stale.statusCode).toBe(409);
      expect(calls.conflictSchema.parse(stale.json()).current.fields.title).toBe(`Heat pumps, sized right (${kind})`);

      // The preview is one entry of the kind's public list.
      const preview = await send(c, calls.previewContent, { params: item, token: token() });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().page).toMatchObject({ title: `Heat pumps, sized right (${kind})` });
      expect(JSON.stringify(preview.json().page)).toContain(fileUrl);
      expect(await titlesOf(list, key)).not.toContain(`Heat pumps, sized right (${kind})`);

      const published = await send(c, calls.publishContent, { params: item, body: { version: 2 }, token: token() });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().item.status).toBe('published');
      expect(await titlesOf(list, key)).toContain(`Heat pumps, sized right (${kind})`);
      expect(await found(word)).toContain(`${fileUrl}#page=2`);
      // The PDF is for members: a visitor's search does not find it.
      expect((await send(c, search, { query: { q: word } })).body).not.toContain(fileUrl);

      const unpublished = await send(c, calls.unpublishContent, { params: item, body: { version: 3 }, token: token() });
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      expect(await titlesOf(list, key)).not.toContain(`Heat pumps, sized right (${kind})`);
      expect(await found(word)).not.toContain(fileUrl);
    });

    it('refuses a PDF that was never uploaded, beside its field', async () => {
      const res = await send(ctx(), calls.createContent, {
        params: { kind }, body: { fields: { ...fieldsOf('No file'), slug: `no-file-${kind}`, fileUrl: '/files/documents/not-there.pdf' } }, token: token(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ fileUrl: PDF_MISSING });
    });
  });

  it('asks a case study whose text calls it an illustrative composite to say so on its card', async () => {
    const c = ctx();
    const res = await upload(c, people.editor, await pdf(['An illustrative composite of three school retrofits.']), 'composite.pdf', 'application/pdf');
    const fields = {
      slug: 'school-retrofit-composite', title: 'Three school retrofits', description: 'What three retrofits taught us.', fileUrl: res.json().url,
      imageUrl: '/media/case-studies/retrofit.svg', featured: true, illustrative: false,
    };
    const refused = await send(c, calls.createContent, { params: { kind: 'case-studies' }, body: { fields }, token: token() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ illustrative: ILLUSTRATIVE_UNMARKED });
    const created = await send(c, calls.createContent, { params: { kind: 'case-studies' }, body: { fields: { ...fields, illustrative: true } }, token: token() });
    expect(created.statusCode, created.body).toBe(200);
    const published = await send(c, calls.publishContent, { params: { kind: 'case-studies', id: created.json().id }, body: { version: 1 }, token: token() });
    expect(published.statusCode, published.body).toBe(200);
    // Featured: it is the hero now, marked illustrative, and the only featured one.
    const studies = (await send(c, listCaseStudies, { token: people.member.token })).json().caseStudies as { title: string; featured: boolean; illustrative: boolean }[];
    expect(studies.filter((s) => s.featured).map((s) => s.title)).toEqual(['Three school retrofits']);
    expect(studies.find((s) => s.title === 'Three school retrofits')?.illustrative).toBe(true);
  });

  it('publishes a home slide into the carousel and takes it out again', async () => {
    const c = ctx();
    const fields = {
      slug: 'district-heating', title: 'District heating, street by street', description: 'How a heat network reaches <em>existing</em> homes.',
      source: 'SustainLearn editorial team', imageUrl: '/media/slides/district-heating.svg', position: 0,
    };
    const created = await send(c, calls.createContent, { params: { kind: 'slides' }, body: { fields }, token: token() });
    expect(created.statusCode, created.body).toBe(200);
    const item = { kind: 'slides' as const, id: created.json().id as string };
    expect((await send(c, calls.saveContent, { params: item, body: { version: 1, fields: { ...fields, position: 99 } }, token: token() })).statusCode).toBe(200);
    expect((await send(c, calls.saveContent, { params: item, body: { version: 1, fields }, token: token() })).statusCode).toBe(409);
    const slideTitles = async () => ((await send(c, landingSlides, {})).json().data.sliders as { title: string }[]).map((s) => s.title);
    expect(await slideTitles()).not.toContain(fields.title);
    expect((await send(c, calls.publishContent, { params: item, body: { version: 2 }, token: token() })).statusCode).toBe(200);
    expect((await slideTitles()).at(-1)).toBe(fields.title);
    expect((await send(c, calls.unpublishContent, { params: item, body: { version: 3, to: 'draft' }, token: token() })).json().item.status).toBe('draft');
    expect(await slideTitles()).not.toContain(fields.title);
  });

  it('shows a published banner over the imported one, refuses a second banner saying the same, and keeps it at the next import', async () => {
    const c = ctx();
    const bannerText = async () => (await send(c, salesBanner, {})).json().data.text as string;
    const imported = await bannerText();
    const text = 'Spring courses: learn whole life carbon with the SustainLearn editorial team.';
    const created = await send(c, calls.createContent, { params: { kind: 'banner' }, body: { fields: { text } }, token: token() });
    expect(created.statusCode, created.body).toBe(200);
    const again = await send(c, calls.createContent, { params: { kind: 'banner' }, body: { fields: { text } }, token: token() });
    expect(again.json().fieldErrors).toEqual({ text: BANNER_TAKEN });
    const item = { kind: 'banner' as const, id: created.json().id as string };
    expect((await send(c, calls.saveContent, { params: item, body: { version: 0 + 1, fields: { text: `${text} ` } }, token: token() })).statusCode).toBe(200);
    expect((await send(c, calls.saveContent, { params: item, body: { version: 1, fields: { text } }, token: token() })).statusCode).toBe(409);
    expect((await send(c, calls.previewContent, { params: item, token: token() })).json().page).toEqual({ text });
    expect((await send(c, calls.publishContent, { params: item, body: { version: 2 }, token: token() })).statusCode).toBe(200);
    expect(await bannerText()).toBe(text);

    // The import changes its own banner only, and leaves the browser's slides and documents.
    const modules = [homeContent as ContentModule<unknown>];
    await importContent(c.database.db, CONTENT_DIR, new Date(c.clock.now), modules);
    expect(await bannerText()).toBe(text);

    expect((await send(c, calls.unpublishContent, { params: item, body: { version: 3 }, token: token() })).statusCode).toBe(200);
    expect(await bannerText()).toBe(imported);
  });

  it('refuses a slug an imported ebook holds, and keeps an ebook made in the browser at the next import unless forced', async () => {
    const c = ctx();
    const res = await upload(c, people.editor, await pdf(['Passive house airtightness, tested and recorded.']), 'airtightness.pdf', 'application/pdf');
    // A folder ebook's slug is its item's (the import records each document as an item): a second one is refused at once.
    const folder = (await send(c, listEbooks, { token: people.member.token })).json().ebooks as { title: string; fileUrl: string }[];
    const folderSlug = folder[0]!.fileUrl.split('/').pop()!.replace(/\.pdf$/, '');
    const taken = await send(c, calls.createContent, { params: { kind: 'ebooks' }, body: { fields: { slug: folderSlug, title: 'Mine', fileUrl: res.json().url } }, token: token() });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json().fieldErrors)).toEqual(['slug']);

    const fields = { slug: 'airtightness-testing', title: 'Airtightness, tested', description: '', fileUrl: res.json().url };
    const created = await send(c, calls.createContent, { params: { kind: 'ebooks' }, body: { fields }, token: token() });
    expect((await send(c, calls.publishContent, { params: { kind: 'ebooks', id: created.json().id }, body: { version: 1 }, token: token() })).statusCode).toBe(200);
    expect(await titlesOf(listEbooks, 'ebooks')).toContain('Airtightness, tested');

    // A folder whose ebooks are one of the same slug: kept out and named; the browser's row and PDF stay; --force writes it.
    const folderDir = mkdtempSync(join(tmpdir(), 'kinds-import-'));
    mkdirSync(join(folderDir, 'library', 'ebooks'), { recursive: true });
    writeFileSync(join(folderDir, 'library', 'ebooks', 'airtightness-testing.json'), JSON.stringify({
      slug: 'airtightness-testing', title: 'Airtightness from the folder', description: 'Testing airtightness.', publishedAt: '2026-09-14',
      sections: [{ heading: 'Why test', paragraphs: ['Air leaks waste heat.'] }],
    }));
    const modules = [courseContent as ContentModule<unknown>];
    const kept = await importContent(c.database.db, folderDir, new Date(c.clock.now), modules);
    expect(kept.kept).toEqual(['library/ebooks/airtightness-testing.json: the item was made in the browser; kept (--force overwrites)']);
    expect(await titlesOf(listEbooks, 'ebooks')).toEqual(['Airtightness, tested']);
    await importContent(c.database.db, folderDir, new Date(c.clock.now), modules, { force: true });
    expect(await titlesOf(listEbooks, 'ebooks')).toEqual(['Airtightness from the folder']);
  }, 120_000);

  it('lists an imported research paper in the console, where it is edited and stays edited at the next import unless forced', async () => {
    const c = ctx();
    const only = [courseContent as ContentModule<unknown>];
    await importContent(c.database.db, CONTENT_DIR, new Date(c.clock.now), only);
    const listed = (await send(c, calls.listContent, { params: { kind: 'research-papers' }, token: token() })).json().items as calls.AuthoringListItem[];
    const papers = (await send(c, listResearchPapers, { token: people.member.token })).json().researchPapers as { _id: string; title: string; fileUrl: string }[];
    const imported = listed.find((item) => item.title === papers[0]!.title);
    expect(imported, 'the folder paper is an item of the console').toMatchObject({ status: 'published', publicUrl: '/research-papers' });

    const item = { kind: 'research-papers' as const, id: imported!.id };
    const current = (await send(c, calls.getContent, { params: item, token: token() })).json().item;
    expect(current.fields).toMatchObject({ title: papers[0]!.title, fileUrl: papers[0]!.fileUrl });
    c.clock.advance(1000);
    const edited = `${papers[0]!.title}, edited`;
    const saved = await send(c, calls.saveContent, { params: item, body: { version: current.version, fields: { ...current.fields, title: edited } }, token: token() });
    expect(saved.statusCode, saved.body).toBe(200);
    const titleOfPaper = async () => ((await send(c, listResearchPapers, { token: people.member.token })).json().researchPapers as { _id: string; title: string }[])
      .find((p) => p._id === papers[0]!._id)?.title;
    expect(await titleOfPaper()).toBe(edited);

    c.clock.advance(1000);
    const slug = current.fields.slug as string;
    const kept = await importContent(c.database.db, CONTENT_DIR, new Date(c.clock.now), only);
    expect(kept.kept).toEqual([`library/research-papers/${slug}.json: field "title" was changed in the browser since the last import; kept (--force overwrites)`]);
    expect(await titleOfPaper()).toBe(edited);
    await importContent(c.database.db, CONTENT_DIR, new Date(c.clock.now), only, { force: true });
    expect(await titleOfPaper()).toBe(papers[0]!.title);
  }, 180_000);

  it('lists the imported home slides in the console, where one is edited and stays edited at the next import unless forced', async () => {
    const c = ctx();
    const only = [homeContent as ContentModule<unknown>];
    await importContent(c.database.db, CONTENT_DIR, new Date(c.clock.now), only);
    const listed = (await send(c, calls.listContent, { params: { kind: 'slides' }, token: token() })).json().items as calls.AuthoringListItem[];
    const slideTitles = async () => ((await send(c, landingSlides, {})).json().data.sliders as { title: string }[]).map((s) => s.title);
    const [first] = await slideTitles();
    const imported = listed.find((item) => item.title === first);
    expect(imported, 'the first slide of home.json is an item of the console').toMatchObject({ status: 'published' });

    const item = { kind: 'slides' as const, id: imported!.id };
    const current = (await send(c, calls.getContent, { params: item, token: token() })).json().item;
    c.clock.advance(1000);
    const saved = await send(c, calls.saveContent, { params: item, body: { version: current.version, fields: { ...current.fields, source: 'SustainLearn editorial team, revised' } }, token: token() });
    expect(saved.statusCode, saved.body).toBe(200);

    c.clock.advance(1000);
    const kept = await importContent(c.database.db, CONTENT_DIR, new Date(c.clock.now), only);
    expect(kept.kept).toEqual([`home.json: field "slides" (${current.fields.slug}): "source" changed in the browser since the last import; kept (--force overwrites)`]);
    expect(await slideTitles()).toContain(first);
    await importContent(c.database.db, CONTENT_DIR, new Date(c.clock.now), only, { force: true });
    expect((await send(c, calls.getContent, { params: item, token: token() })).json().item.fields.source).toBe(current.fields.source);
  }, 180_000);
});

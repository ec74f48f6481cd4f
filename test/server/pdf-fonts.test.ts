/**
 * Every PDF the product draws prints any name in embedded, subset Unicode fonts and is tagged (issue 41 item 14,
 * ADR 161), over HTTP on PGlite and PostgreSQL: a member named `Zoë Łucja Żółć 李` gets a certificate, a quiz results
 * PDF and a continuing-education transcript whose text pdftotext reads back with that exact name (Latin Extended-A
 * from Noto Sans, the Chinese character from Noto Sans SC); pdffonts lists every font as embedded and subset; pdfinfo
 * says 'Tagged: yes', shows the title, and reads a structure tree of headings, paragraphs and a table. A library
 * document is checked the same way, and a document with Greek, Cyrillic and Chinese in its title and footer.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { libraryFilePath } from '../../server/content-import/courses';
import { courses } from '../../server/data/schema';
import { renderDocumentPdf } from '../../server/render/document-pdf';
import * as cpd from '../../src/contract/cpd';
import * as learning from '../../src/contract/learning';
import { answerQuestion, attemptPdf, completeQuiz, startQuiz } from '../../src/contract/quizzes';
import { getUrl, send } from './api';
import { passCourse } from './course-pass';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';

const NAME = 'Zoë Łucja Żółć 李';
const COURSE = 'material-passports-and-digital-product-data';

/** pdftotext's text of the PDF. */
function textOf(pdf: Buffer): string {
  const result = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf });
  expect(result.status, result.stderr.toString()).toBe(0);
  return result.stdout.toString('utf8');
}

const scratch = mkdtempSync(join(tmpdir(), 'sl-pdf-fonts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

/** Runs a poppler tool on the PDF, from a file: pdffonts and pdfinfo seek, so they cannot read a pipe. */
function poppler(tool: string, flags: string[], pdf: Buffer): string {
  const file = join(scratch, `${++files}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync(tool, [...flags, file], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** pdffonts' rows: name, whether embedded, whether a subset. */
function fontsOf(pdf: Buffer): { name: string; embedded: boolean; subset: boolean }[] {
  const lines = poppler('pdffonts', [], pdf).split('\n').slice(2).filter((l) => l.trim());
  return lines.map((line) => {
    // name, type (may hold spaces), encoding, emb, sub, uni, object, generation
    const [name] = line.split(/\s+/);
    const flags = /\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
    expect(flags, line).not.toBeNull();
    return { name: name!, embedded: flags![1] === 'yes', subset: flags![2] === 'yes' };
  });
}

/** pdfinfo's fields, and with `-struct-text` the structure tree as text. */
const infoOf = (pdf: Buffer, ...flags: string[]) => poppler('pdfinfo', flags, pdf);

/** The checks every product PDF passes: fonts embedded and subset (Noto Sans, and Noto Sans SC for Chinese), tagged, titled. */
function expectAccessiblePdf(pdf: Buffer, title: string, options: { chinese: boolean }) {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const fonts = fontsOf(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font, font.name).toEqual({ name: font.name, embedded: true, subset: true });
    expect(font.name).toMatch(/^[A-Z]{6}\+NotoSans(SC)?-(Regular|Bold|Italic)$/);
  }
  expect(fonts.some((f) => f.name.endsWith('+NotoSans-Regular') || f.name.endsWith('+NotoSans-Bold'))).toBe(true);
  // The Chinese font is embedded only in a PDF with a character Noto Sans lacks.
  expect(fonts.some((f) => f.name.includes('+NotoSansSC-')), 'Noto Sans SC embedded').toBe(options.chinese);
  const info = infoOf(pdf);
  expect(info).toMatch(/^Tagged:\s+yes$/m);
  expect(info).toContain(`Title:           ${title}\n`);
  return infoOf(pdf, '-struct-text');
}

/** Every lesson done and every question answered right, then the attempt completed: a pass. */
async function pass(ctx: TestContext, m: Member) {
  const { course, done } = await passCourse(ctx, m, COURSE);
  expect(done.statusCode).toBe(200);
  return course;
}

describeWithApp('PDFs in embedded Unicode fonts, tagged', { seed: true }, (ctx) => {
  let zoe: Member;

  beforeAll(async () => {
    const c = ctx();
    await c.database.db.update(courses).set({ credits: [{ body: 'aia', amount: 1.5, type: 'LU/HSW', courseNumber: 'SL-MP-101' }] }).where(eq(courses.slug, COURSE));
    zoe = await member(c, 'zoe-unicode@example.com', 'Zoë Łucja', 'Żółć 李');
  }, 120_000);

  it('prints the certificate with the exact name, in embedded subset fonts, tagged with its title', async () => {
    const course = await pass(ctx(), zoe);
    const issued = await send(ctx(), learning.issueCertificate, { params: { id: course._id }, body: { name: NAME }, token: zoe.token });
    expect(issued.statusCode).toBe(200);
    const pdf = await send(ctx(), learning.certificatePdf, { params: { id: issued.json().certificate._id }, token: zoe.token });
    expect(pdf.statusCode).toBe(200);
    expect(textOf(pdf.rawPayload)).toContain(NAME);
    const structure = expectAccessiblePdf(pdf.rawPayload, `Certificate of completion: ${course.title}`, { chinese: true });
    expect(structure).toMatch(/^Document\n/);
    expect(structure).toContain('H1 (block)\n    "Certificate of Completion"');
    expect(structure).toContain(`P (block)\n    "${NAME}"`);
    expect(structure).toMatch(/Link \(inline\)\n\s+Object \d+ 0\n\s+"http:\/\/[^"]+\/certificates\//);
    expect(structure).toContain('Figure');
  });

  it('prints the quiz results with the exact name, in embedded subset fonts, tagged with headings', async () => {
    const start = await send(ctx(), startQuiz, { body: { category: 'biodiversity', sdgSet: 'set-1' }, token: zoe.token });
    const attempt = start.json().attempt as { _id: string; totalQuestions: number };
    for (let questionIndex = 0; questionIndex < attempt.totalQuestions; questionIndex++) {
      await send(ctx(), answerQuestion, { params: { id: attempt._id }, body: { questionIndex, selectedOption: 0, timeSpent: 1 }, token: zoe.token });
    }
    expect((await send(ctx(), completeQuiz, { params: { id: attempt._id }, token: zoe.token })).statusCode).toBe(200);
    const pdf = await send(ctx(), attemptPdf, { params: { id: attempt._id }, token: zoe.token });
    expect(pdf.statusCode).toBe(200);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain(`Learner: ${NAME}`);
    const title = /^Title:\s+(.+ quiz results)$/m.exec(infoOf(pdf.rawPayload))?.[1];
    expect(title).toMatch(/^Biodiversity/);
    const structure = expectAccessiblePdf(pdf.rawPayload, title!, { chinese: true });
    expect(structure).toContain('H1 (block)\n    "Quiz Results"');
    expect(structure).toContain('H2 (block)\n    "Your answers"');
    expect(structure.match(/H3 \(block\)\n\s+"\d+\. /g)).toHaveLength(attempt.totalQuestions);
    expect(structure).toContain(`P (block)\n    "Learner: ${NAME}"`);
  });

  it('prints the transcript with the exact name, its activities in a tagged table', async () => {
    expect((await send(ctx(), cpd.saveMemberships, { body: { memberships: [{ body: 'aia', number: '38012345' }] }, token: zoe.token })).statusCode).toBe(200);
    const pdf = await send(ctx(), cpd.transcriptPdf, { query: { body: 'aia' }, token: zoe.token });
    expect(pdf.statusCode).toBe(200);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain(NAME);
    expect(text).toContain('SL-MP-101');
    const title = /^Title:\s+(.+)$/m.exec(infoOf(pdf.rawPayload))?.[1];
    expect(title).toMatch(new RegExp(`^AIA.* transcript, .+: ${NAME}$`));
    const structure = expectAccessiblePdf(pdf.rawPayload, title!, { chinese: true });
    expect(structure).toContain('H2 (block)\n    "Member"');
    expect(structure).toContain(`P (block)\n    "${NAME}"`);
    expect(structure).toMatch(/Table \(block\)\n\s+TR\n\s+TH\n\s+"Activity"\n\s+TH\n\s+"Course number"/);
    expect(structure).toMatch(/TR\n\s+TD\n\s+"[^"]+"\n\s+TD\n\s+"SL-MP-101"/);
  });

  it('prints a library document in embedded subset fonts, tagged with its title, headings and footers as artifacts', async () => {
    const folder = join(CONTENT_DIR, 'library', 'ebooks');
    const ebook = JSON.parse(readFileSync(join(folder, readdirSync(folder).filter((n) => n.endsWith('.json')).sort()[0]!), 'utf8')) as { slug: string; title: string; sections: { heading: string }[] };
    const pdf = await getUrl(ctx(), libraryFilePath('ebooks', ebook.slug), { token: zoe.token });
    expect(pdf.statusCode).toBe(200);
    const structure = expectAccessiblePdf(pdf.rawPayload, ebook.title, { chinese: false });
    expect(structure).toContain(`H1 (block)\n    "${ebook.title}"`);
    expect(structure).toContain(`H2 (block)\n      "${ebook.sections[0]!.heading}"`);
    // The page footers are artifacts: in the text, not in the structure.
    expect(textOf(pdf.rawPayload)).toMatch(/Page 1 of \d+/);
    expect(structure).not.toMatch(/Page 1 of/);
  });

  it('draws a document whose title mixes Greek, Cyrillic and Chinese with each in a font that has it', async () => {
    const title = 'Ωμέγα, Привет and 可持续建筑';
    const pdf = await renderDocumentPdf({ title, sections: [{ heading: 'Σύνοψη 摘要', paragraphs: ['Ένα κείμενο, текст и 文本.'] }] });
    const text = textOf(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(title);
    expect(text).toContain('Σύνοψη 摘要');
    expect(text).toContain('Ένα κείμενο, текст и 文本.');
    expect(text).toContain(`${title} | Page 1 of 1`);
    expectAccessiblePdf(pdf, title, { chinese: true });
  });
});

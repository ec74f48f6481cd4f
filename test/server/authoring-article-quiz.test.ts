/**
 * Issue 39 item 1, ADRs 171 and 176: an article's quiz and credit lines set by an editor in the staff console, over
 * HTTP on each database. An article saved with a quiz and an AIA line is published with both, and a member who passes
 * the quiz gets the ledger entry; lines without a quiz, and a question without its right option, are refused beside
 * their fields with the content files' words; the next import keeps an imported article's quiz in the console.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { articleContent } from '../../server/content-import/articles';
import { importContent } from '../../server/content-import/import';
import type { ContentModule } from '../../server/content-import/module';
import { articles, contentItems, cpdEntries } from '../../server/data/schema';
import * as calls from '../../src/contract/authoring';
import { answerArticleQuiz, getArticle } from '../../src/contract/content';
import * as cpd from '../../src/contract/cpd';
import { ARTICLE_CREDITS_NEED_QUIZ } from '../../src/domain/authoring';
import { CHOOSE_RIGHT_OPTION } from '../../src/domain/quiz-question.schema';
import { send } from './api';
import { describeWithApp } from './fixture';
import { staffPeople } from './staff-matrix';

const KIND = { kind: 'articles' as const };
const AIA_LINE = { body: 'aia', amount: 0.25, type: 'LU', courseNumber: null };
const question = (n: number, correctIndex: number | null) => ({
  question: `What does the article say about point ${n}?`,
  options: [`Point ${n} first`, `Point ${n} second`, `Point ${n} third`, `Point ${n} fourth`],
  correctIndex,
  explanation: `The article's section ${n} says so.`,
});
const QUIZ = { passPercent: 70, questions: [question(1, 0), question(2, 1), question(3, 2)] };

const fieldsOf = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug, title: `Heat loss in practice (${slug})`, category: 'energy', description: 'How heat loss is counted room by room.', authorId: null,
  readTime: null, imageUrl: '/media/articles/carbon.svg', featured: false, body: '## Heat loss\n\nCount each room, then the whole home.', ...extra,
});

describeWithApp('authoring: an article\'s quiz and credit lines', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'authoring-article-quiz');

  it('publishes an article saved with a quiz and an AIA line, and a member who passes it gets the ledger entry', async () => {
    const c = ctx();
    const token = people.editor.token;
    const created = await send(c, calls.createContent, { params: KIND, body: { fields: fieldsOf('heat-loss-quiz') }, token });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json() as { id: string; version: number };
    const saved = await send(c, calls.saveContent, { params: { ...KIND, id }, body: { version, fields: fieldsOf('heat-loss-quiz', { quiz: QUIZ, credits: [AIA_LINE] }) }, token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.fields).toMatchObject({ quiz: QUIZ, credits: [AIA_LINE] });
    const published = await send(c, calls.publishContent, { params: { ...KIND, id }, body: { version: saved.json().item.version }, token });
    expect(published.statusCode, published.body).toBe(200);

    const [row] = await c.database.db.select().from(articles).where(eq(articles.id, id));
    expect(row).toMatchObject({ quiz: QUIZ, credits: [AIA_LINE] });
    const page = await send(c, getArticle, { params: { id } });
    expect(page.json().article.quiz).toEqual({ questions: 3, passPercent: 70, credits: [AIA_LINE] });

    const member = people.member;
    expect((await send(c, cpd.saveMemberships, { body: { memberships: [{ body: 'aia', number: '38011111' }] }, token: member.token })).statusCode).toBe(200);
    const failed = await send(c, answerArticleQuiz, { params: { id }, body: { answers: [0, 0, 0] }, token: member.token });
    expect(failed.json().result).toEqual({ score: 1, total: 3, passPercent: 70, passed: false, wrong: [1, 2] });
    const passed = await send(c, answerArticleQuiz, { params: { id }, body: { answers: [0, 1, 2] }, token: member.token });
    expect(passed.json().result).toMatchObject({ passed: true, credited: [AIA_LINE] });
    const entries = await c.database.db.select().from(cpdEntries).where(and(eq(cpdEntries.userId, member.id), eq(cpdEntries.sourceRef, id)));
    expect(entries.map((e) => [e.source, e.body, e.type, e.amount, e.title])).toEqual([['article', 'aia', 'LU', 0.25, 'Heat loss in practice (heat-loss-quiz)']]);
  });

  it('refuses credit lines without a quiz, and a question without its right option, beside their fields', async () => {
    const c = ctx();
    const token = people.editor.token;
    const lines = await send(c, calls.createContent, { params: KIND, body: { fields: fieldsOf('lines-no-quiz', { credits: [AIA_LINE] }) }, token });
    expect(lines.statusCode).toBe(400);
    expect(calls.fieldErrorsSchema.parse(lines.json()).fieldErrors).toEqual({ credits: ARTICLE_CREDITS_NEED_QUIZ });

    const noRight = { ...QUIZ, questions: [question(1, 0), question(2, null), question(3, 2)] };
    const refused = await send(c, calls.createContent, { params: KIND, body: { fields: fieldsOf('quiz-no-right', { quiz: noRight, credits: [AIA_LINE] }) }, token });
    expect(refused.statusCode).toBe(400);
    expect(calls.fieldErrorsSchema.parse(refused.json()).fieldErrors).toEqual({ quiz: `Question 2: ${CHOOSE_RIGHT_OPTION}` });

    const short = await send(c, calls.createContent, { params: KIND, body: { fields: fieldsOf('quiz-too-short', { quiz: { ...QUIZ, questions: QUIZ.questions.slice(0, 2) } }) }, token });
    expect(calls.fieldErrorsSchema.parse(short.json()).fieldErrors.quiz).toMatch(/3 to 10 questions/);
    expect(await c.database.db.select().from(contentItems).where(eq(contentItems.key, 'lines-no-quiz'))).toEqual([]);
  });

  it("keeps an imported article's quiz and lines in the console, so a publish from there keeps them", async () => {
    const c = ctx();
    const { db } = c.database;
    await importContent(db, CONTENT_DIR, new Date(c.clock.now), [articleContent as ContentModule<unknown>]);
    const slug = 'energy--passivhaus-criteria-and-principles';
    const [imported] = await db.select().from(contentItems).where(and(eq(contentItems.kind, 'articles'), eq(contentItems.key, slug)));
    const fields = imported!.fields as { quiz: { questions: unknown[] } | null; credits: unknown[] };
    expect(fields.quiz?.questions).toHaveLength(5);
    expect(fields.credits).toHaveLength(2);
    const published = await send(c, calls.publishContent, { params: { ...KIND, id: imported!.id }, body: { version: imported!.version }, token: people.editor.token });
    expect(published.statusCode, published.body).toBe(200);
    const [row] = await db.select().from(articles).where(eq(articles.slug, slug));
    expect(row!.quiz?.questions).toHaveLength(5);
    expect(row!.credits).toHaveLength(2);
  });
});

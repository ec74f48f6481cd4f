/**
 * An article's own quiz (issue 39, ADR 176), over HTTP on each database: the article says it has a quiz; its questions
 * are for members and never carry the answers; a failed try writes nothing and its mark names the wrong questions,
 * never a right option nor an explanation; a pass writes one ledger entry per credit line, once for 16 passes at once,
 * under source 'article', and the entry is in GET /cpd/ledger; answers that do not answer each question once are
 * refused; an article without a quiz has none to give.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { articles, cpdEntries } from '../../server/data/schema';
import * as content from '../../src/contract/content';
import * as cpd from '../../src/contract/cpd';
import { send } from './api';
import { describeWithApp } from './fixture';
import { type Member, member } from './members';

const SLUG = 'energy--passivhaus-criteria-and-principles';
/** The quiz's right options, as the content file gives them (a change there fails this test, as it should). */
const RIGHT = [0, 1, 3, 2, 0];
const WRONG_TWICE = [0, 1, 3, 0, 1];

describeWithApp('an article\'s quiz earns its credit', { seed: true }, (ctx) => {
  let ada: Member;
  let articleId: string;

  beforeAll(async () => {
    ada = await member(ctx(), 'quiz-ada@example.com', 'Ada', 'Okafor');
    const [row] = await ctx().database.db.select({ id: articles.id }).from(articles).where(eq(articles.slug, SLUG));
    articleId = row!.id;
    const joined = await send(ctx(), cpd.saveMemberships, { body: { memberships: [{ body: 'aia', number: '38012345' }] }, token: ada.token });
    expect(joined.statusCode).toBe(200);
  }, 120_000);

  const entriesOf = (userId: string) =>
    ctx().database.db.select().from(cpdEntries).where(and(eq(cpdEntries.userId, userId), eq(cpdEntries.sourceRef, articleId)));
  const answer = (m: Member | null, answers: number[], id = articleId) =>
    send(ctx(), content.answerArticleQuiz, { params: { id }, body: { answers }, ...(m ? { token: m.token } : {}) });

  it('says on the article that it has a quiz, its length, mark and credit lines', async () => {
    const res = await send(ctx(), content.getArticle, { params: { id: SLUG } });
    expect(res.statusCode).toBe(200);
    expect(res.json().article.quiz).toEqual({
      questions: 5, passPercent: 70,
      credits: [{ body: 'aia', amount: 0.25, type: 'LU', courseNumber: null }, { body: 'gbci', amount: 0.25, type: 'general', courseNumber: null }],
    });
    const plain = await send(ctx(), content.getArticle, { params: { id: 'energy--closing-the-performance-gap' } });
    expect(plain.json().article.quiz).toBeNull();
  });

  it('gives members the questions and options, never the right option nor the explanation', async () => {
    const res = await send(ctx(), content.articleQuiz, { params: { id: articleId }, token: ada.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.passPercent).toBe(70);
    expect(body.questions).toHaveLength(5);
    for (const q of body.questions) expect(Object.keys(q).sort()).toEqual(['options', 'question']);
    expect(JSON.stringify(body)).not.toMatch(/correctIndex|explanation/);
    const none = await send(ctx(), content.articleQuiz, { params: { id: 'energy--closing-the-performance-gap' }, token: ada.token });
    expect(none.statusCode).toBe(404);
  });

  it('refuses a member who is signed out', async () => {
    expect((await send(ctx(), content.articleQuiz, { params: { id: articleId } })).statusCode).toBe(401);
    expect((await answer(null, RIGHT)).statusCode).toBe(401);
  });

  it('refuses answers that do not answer each question once', async () => {
    expect((await answer(ada, RIGHT.slice(0, 4))).statusCode).toBe(400);
    expect((await answer(ada, [...RIGHT, 0])).statusCode).toBe(400);
    expect((await answer(ada, [0, 1, 3, 2, 4])).statusCode).toBe(400);
  });

  it('marks a failed try with the score and the wrong questions only, never a right option, and writes nothing', async () => {
    const res = await answer(ada, WRONG_TWICE);
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toEqual({ score: 3, total: 5, passPercent: 70, passed: false, wrong: [3, 4] });
    // Neither the fields nor the words of a right option or an explanation are in the body.
    const quiz = (await ctx().database.db.select({ quiz: articles.quiz }).from(articles).where(eq(articles.id, articleId)))[0]!.quiz!;
    expect(res.body).not.toMatch(/correctOption|correctIndex|explanation|credited/);
    for (const [i, q] of quiz.questions.entries()) {
      expect(res.body).not.toContain(q.explanation);
      if (WRONG_TWICE[i] !== q.correctIndex) expect(res.body).not.toContain(q.options[q.correctIndex]!);
    }
    expect(await entriesOf(ada.id)).toEqual([]);
  });

  it('writes one entry per credit line on a pass, once for 16 passes at once, and the ledger shows it', async () => {
    // Four of five right is 80%: a pass at 70%.
    const passes = await Promise.all(Array.from({ length: 16 }, () => answer(ada, [0, 1, 3, 2, 1])));
    for (const res of passes) {
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({ score: 4, passed: true });
      expect(res.json().result.credited).toHaveLength(2);
    }
    const rows = await entriesOf(ada.id);
    expect(rows.map((r) => [r.source, r.body, r.type, r.amount, r.courseNumber, r.selfReported]).sort()).toEqual([
      ['article', 'aia', 'LU', 0.25, null, false],
      ['article', 'gbci', 'general', 0.25, null, false],
    ]);
    expect(rows[0]!.title).toBe('Passivhaus Explained: Criteria, Principles and Common Misconceptions');
    const ledger = (await send(ctx(), cpd.ledger, { query: { body: 'aia' }, token: ada.token })).json().bodies[0] as cpd.BodyLedger;
    const entry = ledger.entries.find((e) => e.source === 'article');
    expect(entry).toMatchObject({ title: 'Passivhaus Explained: Criteria, Principles and Common Misconceptions', amount: 0.25, type: 'LU', courseNumber: null, provider: 'SustainLearn' });
    expect(ledger.requirement[0]!.earned).toBe(0.25);
    // A later full marks adds nothing more.
    expect((await answer(ada, RIGHT)).json().result).toMatchObject({ score: 5, passed: true });
    expect(await entriesOf(ada.id)).toHaveLength(2);
  });
});

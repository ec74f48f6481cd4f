/** Quizzes over HTTP: constants, the whole attempt lifecycle, resume, every refusal, score integrity, pictures and the PDF. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { quizAttempts, quizQuestions } from '../../server/data/schema';
import { importContent } from '../../server/content-import/import';
import { ContentError } from '../../server/content-import/module';
import type { Call } from '../../src/contract/define';
import { answerQuestion, attemptPdf, completeQuiz, listAttempts, quizConstants, startQuiz } from '../../src/contract/quizzes';
import { nextUnansweredIndex, type QuizAttempt } from '../../src/domain/quiz';
import { revealCardLayout } from '../../src/domain/quiz-reveal-card';
import { type CallOptions, getUrl, quizPicture, send } from './api';
import { describeWithApp, openTestDatabase, type TestContext } from './fixture';
import { member } from './members';

/** One call with a member's token, or signed out (no token). */
function api<C extends Call>(ctx: TestContext, c: C, token?: string, options: CallOptions<C> = {}) {
  return send(ctx, c, { ...options, token });
}

/** A signed-up member with a name; the token is all these tests keep. */
const learner = async (ctx: TestContext, email: string, firstName: string, lastName: string) => (await member(ctx, email, firstName, lastName)).token;

async function bank(ctx: TestContext, category: string) {
  return ctx.database.db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.category, category), eq(quizQuestions.setId, 'set-1')))
    .orderBy(asc(quizQuestions.position));
}

async function start(ctx: TestContext, token: string, category = 'green-buildings'): Promise<QuizAttempt> {
  const res = await api(ctx, startQuiz, token, { body: { category, sdgSet: 'set-1' } });
  expect(res.statusCode).toBe(200);
  return res.json().attempt;
}

const answer = (ctx: TestContext, token: string, id: string, questionIndex: number, selectedOption: number, extra = {}) =>
  api(ctx, answerQuestion, token, { params: { id }, body: { questionIndex, selectedOption, timeSpent: 0, ...extra } });

const wrongOf = (correctIndex: number) => (correctIndex + 1) % 4;

function pdfText(bytes: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
  expect(result.status).toBe(0);
  return result.stdout.toString('utf8');
}

describeWithApp('quizzes', { seed: true }, (ctx) => {
  let ada = '';
  let grace = '';
  const tokens = async () => {
    if (!ada) {
      ada = await learner(ctx(), 'ada@example.com', 'Ada', 'Lovelace');
      grace = await learner(ctx(), 'grace@example.com', 'Grace', 'Hopper');
    }
    return { ada, grace };
  };

  it('serves the constants: eight topics, nine categories, one set, to signed-in users only', async () => {
    const { ada } = await tokens();
    expect((await api(ctx(), quizConstants)).statusCode).toBe(401);
    const res = await api(ctx(), quizConstants, ada);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.topics.map((t: { id: string }) => t.id)).toEqual([
      'green-buildings', 'green-vocabulary', 'passive-design-strategies', 'green-architects',
      'sustainable-development-goals', 'sustainable-policies', 'sustainable-materials', 'biodiversity',
    ]);
    expect(body.topics[0]).toEqual({ id: 'green-buildings', title: 'Green Buildings', imageUrl: quizPicture.topic('green-buildings') });
    expect(body.categories).toHaveLength(9);
    expect(body.categories.at(-1)).toMatchObject({ id: 'biodiversity-conservation', title: 'Biodiversity Conservation' });
    const picture = await getUrl(ctx(), body.categories.at(-1).imageUrl);
    expect(picture.statusCode).toBe(200);
    expect(body.sets).toEqual([{ id: 'set-1', title: 'Set 1' }]);
  });

  it('refuses an unknown category or set with a 400 and a message, and anonymous starts with a 401', async () => {
    const { ada } = await tokens();
    const badCategory = await api(ctx(), startQuiz, ada, { rawBody: { category: 'astrology', sdgSet: 'set-1' } });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toEqual({ success: false, message: 'category: There is no quiz in this category', fieldErrors: { category: 'There is no quiz in this category' } });
    const badSet = await api(ctx(), startQuiz, ada, { rawBody: { category: 'biodiversity', sdgSet: 'set-9' } });
    expect(badSet.statusCode).toBe(400);
    expect(badSet.json().message).toBe('sdgSet: There is no such quiz set');
    expect((await api(ctx(), startQuiz, undefined, { body: { category: 'biodiversity', sdgSet: 'set-1' } })).statusCode).toBe(401);
  });

  it('never sends the right answer, an explanation or a reveal card before the question is answered', async () => {
    const { ada } = await tokens();
    const questions = await bank(ctx(), 'green-vocabulary');
    const res = await api(ctx(), startQuiz, ada, { body: { category: 'green-vocabulary', sdgSet: 'set-1' } });
    const raw = res.body;
    const attempt: QuizAttempt = res.json().attempt;
    expect(attempt.totalQuestions).toBe(questions.length);
    expect(attempt.questions).toHaveLength(questions.length);
    for (const [i, q] of attempt.questions.entries()) {
      expect(Object.keys(q).sort()).toEqual(['options', 'question', 'questionImage']);
      expect(q.question).toBe(questions[i]!.question);
      expect(q.options).toEqual(questions[i]!.options);
    }
    for (const q of questions) expect(raw).not.toContain(q.explanation.slice(0, 40));
    expect(raw).not.toMatch(/correct|explanation|reveal/i);

    // The question card names the question, never the answer.
    const image = await getUrl(ctx(), attempt.questions[0]!.questionImage);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('QUESTION 1 OF 12');
    expect(image.body).not.toContain(questions[0]!.explanation.slice(0, 30));
    // The reveal card of an unanswered question does not exist yet.
    const early = await getUrl(ctx(), quizPicture.reveal(attempt._id, 0));
    expect(early.statusCode).toBe(404);

    const first = await answer(ctx(), ada, attempt._id, 0, questions[0]!.correctIndex);
    const reveal = await getUrl(ctx(), first.json().revealingCardImage);
    expect(reveal.statusCode).toBe(200);
    expect(reveal.body).toContain(questions[0]!.options[questions[0]!.correctIndex]!.replace(/'/g, '&#39;'));
    // The page holds the card's room from what the answer and the attempt say; the card is drawn at that size.
    const { width, height } = revealCardLayout({ correctOption: attempt.questions[0]!.options[first.json().correctOption]!, explanation: first.json().explanation });
    expect(reveal.body).toMatch(new RegExp(`<svg [^>]*width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`));
    expect((await getUrl(ctx(), quizPicture.reveal(attempt._id, 1))).statusCode).toBe(404);
  });

  it('answers one question at a time, saves each answer, and resumes at the next unanswered question', async () => {
    const { ada } = await tokens();
    const questions = await bank(ctx(), 'green-buildings');
    const attempt = await start(ctx(), ada);
    expect(attempt).toMatchObject({ category: 'green-buildings', sdgSet: 'set-1', status: 'in-progress', score: 0, answers: [], completedAt: null });

    const wrong = await answer(ctx(), ada, attempt._id, 0, wrongOf(questions[0]!.correctIndex));
    expect(wrong.statusCode).toBe(200);
    const correctOption = questions[0]!.options[questions[0]!.correctIndex]!;
    expect(wrong.json()).toEqual({
      success: true,
      isCorrect: false,
      correctOption: questions[0]!.correctIndex,
      explanation: questions[0]!.explanation,
      revealingCardImage: quizPicture.reveal(attempt._id, 0),
      revealText: `Correct answer: ${correctOption}. ${questions[0]!.explanation}`,
      score: 0,
    });
    const right = await answer(ctx(), ada, attempt._id, 1, questions[1]!.correctIndex);
    expect(right.json()).toMatchObject({ isCorrect: true, score: 1 });

    // A reload: starting the same set again resumes the same attempt with the score so far.
    const resumed = await start(ctx(), ada);
    expect(resumed._id).toBe(attempt._id);
    expect(resumed.score).toBe(1);
    expect(resumed.answers.map((a) => [a.questionIndex, a.selectedOption, a.isCorrect])).toEqual([
      [0, wrongOf(questions[0]!.correctIndex), false],
      [1, questions[1]!.correctIndex, true],
    ]);
    expect(nextUnansweredIndex(resumed)).toBe(2);
    expect(resumed.questions[0]!.revealingCardImage).toBe(resumed.answers[0]!.revealingCardImage);
    expect(resumed.questions[2]).not.toHaveProperty('revealingCardImage');

    // Two starts at once still make one in-progress attempt.
    const [a, b] = await Promise.all([start(ctx(), ada, 'biodiversity'), start(ctx(), ada, 'biodiversity')]);
    expect(a._id).toBe(b._id);
    const rows = await ctx().database.db.select().from(quizAttempts).where(and(eq(quizAttempts.category, 'biodiversity'), eq(quizAttempts.status, 'in-progress')));
    expect(rows).toHaveLength(1);
  });

  it('refuses answering twice, out of range, after completion, and someone else’s attempt', async () => {
    const { ada, grace } = await tokens();
    const questions = await bank(ctx(), 'sustainable-policies');
    const attempt = await start(ctx(), ada, 'sustainable-policies');
    const id = attempt._id;

    expect((await answer(ctx(), ada, id, 0, wrongOf(questions[0]!.correctIndex))).statusCode).toBe(200);
    const twice = await answer(ctx(), ada, id, 0, questions[0]!.correctIndex);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, message: 'This question has already been answered' });

    const beyond = await answer(ctx(), ada, id, questions.length, 0);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe(`questionIndex: must be between 0 and ${questions.length - 1}`);
    expect((await answer(ctx(), ada, id, -1, 0)).statusCode).toBe(400);
    expect((await answer(ctx(), ada, id, 1.5, 0)).statusCode).toBe(400);
    const badOption = await answer(ctx(), ada, id, 1, 4);
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().message).toBe('selectedOption: must be between 0 and 3');

    const foreign = await answer(ctx(), grace, id, 1, 0);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This quiz attempt belongs to another learner');
    expect((await api(ctx(), completeQuiz, grace, { params: { id } })).statusCode).toBe(403);
    expect((await answer(ctx(), ada, '00000000-0000-4000-8000-000000000000', 0, 0)).statusCode).toBe(404);
    expect((await answer(ctx(), ada, 'not-an-id', 0, 0)).json()).toEqual({ success: false, message: 'Quiz attempt not found' });
    expect((await answer(ctx(), undefined as unknown as string, id, 1, 0)).statusCode).toBe(401);

    const garbled = await api(ctx(), answerQuestion, ada, {
      params: { id },
      headers: { 'content-type': 'application/json' },
      rawBody: '{"questionIndex": 1,',
    });
    expect(garbled.json()).toEqual({ success: false, message: 'Body is not valid JSON' });
    expect(garbled.statusCode).toBe(400);

    const early = await api(ctx(), completeQuiz, ada, { params: { id } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Answer every question before finishing the quiz');

    for (let i = 1; i < questions.length; i++) expect((await answer(ctx(), ada, id, i, questions[i]!.correctIndex)).statusCode).toBe(200);
    expect((await api(ctx(), completeQuiz, ada, { params: { id } })).statusCode).toBe(200);
    const after = await answer(ctx(), ada, id, 0, questions[0]!.correctIndex);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This quiz is already completed');
    // Grace's own attempts list does not show Ada's.
    const graceList = await api(ctx(), listAttempts, grace);
    expect(graceList.json().attempts.map((a: { _id: string }) => a._id)).not.toContain(id);
  });

  it('computes the score itself: a client cannot raise it', async () => {
    const { grace } = await tokens();
    const questions = await bank(ctx(), 'sustainable-materials');
    const attempt = await start(ctx(), grace, 'sustainable-materials');
    const forged = await answer(ctx(), grace, attempt._id, 0, wrongOf(questions[0]!.correctIndex), { isCorrect: true, score: 12, correctOption: 0 });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toMatchObject({ isCorrect: false, score: 0 });
    // Completing with a score in the body changes nothing either.
    for (let i = 1; i < questions.length; i++) await answer(ctx(), grace, attempt._id, i, i < 4 ? questions[i]!.correctIndex : wrongOf(questions[i]!.correctIndex));
    const done = await api(ctx(), completeQuiz, grace, { params: { id: attempt._id }, rawBody: { score: 12 } });
    expect(done.statusCode).toBe(200);
    expect(done.json().attempt.score).toBe(3);
    const [row] = await ctx().database.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt._id));
    expect(row!.score).toBe(3);
  });

  it('counts every answer sent at once, and takes one of two answers to the same question', async () => {
    const dorothy = await learner(ctx(), 'dorothy@example.com', 'Dorothy', 'Hodgkin');
    const questions = await bank(ctx(), 'green-architects');
    const attempt = await start(ctx(), dorothy, 'green-architects');
    // Right on the even questions, wrong on the odd ones, all in flight together: each answer waits for the one before.
    const choices = questions.map((q, i) => (i % 2 === 0 ? q.correctIndex : wrongOf(q.correctIndex)));
    const [first, again, ...rest] = await Promise.all([
      // Two answers to question 0, both right: which of them is taken is up to the database, so the score is the same either way.
      answer(ctx(), dorothy, attempt._id, 0, choices[0]!),
      answer(ctx(), dorothy, attempt._id, 0, choices[0]!),
      ...choices.slice(1).map((choice, i) => answer(ctx(), dorothy, attempt._id, i + 1, choice)),
    ]);
    expect([first!.statusCode, again!.statusCode].sort()).toEqual([200, 409]);
    for (const res of rest) expect(res.statusCode).toBe(200);
    const expected = Math.ceil(questions.length / 2);
    const scores = [first!, again!, ...rest].filter((r) => r.statusCode === 200).map((r) => r.json().score as number);
    // The scores the answers report climb to the whole count, and the row holds it.
    expect(Math.max(...scores)).toBe(expected);
    const [row] = await ctx().database.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt._id));
    expect(row!.score).toBe(expected);
  });

  it('runs a whole attempt: answers, completes once, lists newest first, and gives the owner alone a real PDF', async () => {
    const ctxt = ctx();
    const owner = await learner(ctxt, 'marie@example.com', 'Marie', 'Curie');
    const { grace } = await tokens();
    const questions = await bank(ctxt, 'green-architects');
    const attempt = await start(ctxt, owner, 'green-architects');
    let expected = 0;
    for (const [i, q] of questions.entries()) {
      const chooseRight = i % 2 === 0;
      if (chooseRight) expected++;
      const res = await answer(ctxt, owner, attempt._id, i, chooseRight ? q.correctIndex : wrongOf(q.correctIndex));
      expect(res.json()).toMatchObject({ isCorrect: chooseRight, score: expected });
    }
    const inProgressPdf = await api(ctxt, attemptPdf, owner, { params: { id: attempt._id } });
    expect(inProgressPdf.statusCode).toBe(409);
    expect(inProgressPdf.json().message).toBe('Finish the quiz to download its results');

    // As the SPA sends it: a JSON content type and no body at all.
    const completed = await api(ctxt, completeQuiz, owner, { params: { id: attempt._id }, headers: { 'content-type': 'application/json' } });
    expect(completed.statusCode).toBe(200);
    const done: QuizAttempt = completed.json().attempt;
    expect(done).toMatchObject({ _id: attempt._id, status: 'completed', score: expected, totalQuestions: questions.length });
    expect(done.completedAt).toEqual(expect.any(String));
    expect(done.answers).toHaveLength(questions.length);
    expect(done.answers.every((a, i) => a.correctOption === questions[i]!.correctIndex && a.explanation === questions[i]!.explanation)).toBe(true);
    // Completing again answers the same completed attempt (a retry after a lost answer).
    const again = await api(ctxt, completeQuiz, owner, { params: { id: attempt._id } });
    expect(again.json().attempt).toEqual(done);

    // A new start after completion is a new attempt; it enters the history with its first answer (issue 41 item 8),
    // and then the list shows it first.
    const next = await start(ctxt, owner, 'green-architects');
    expect(next._id).not.toBe(attempt._id);
    const history = async () => {
      const list = await api(ctxt, listAttempts, owner);
      expect(list.statusCode).toBe(200);
      return list.json().attempts.map((a: { _id: string; status: string; score: number }) => [a._id, a.status, a.score]);
    };
    expect(await history()).toEqual([[attempt._id, 'completed', expected]]);
    expect((await answer(ctxt, owner, next._id, 0, wrongOf(questions[0]!.correctIndex))).statusCode).toBe(200);
    expect(await history()).toEqual([
      [next._id, 'in-progress', 0],
      [attempt._id, 'completed', expected],
    ]);

    const pdf = await api(ctxt, attemptPdf, owner, { params: { id: attempt._id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="quiz-results.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('SustainLearn');
    expect(text).toContain('Learner: Marie Curie');
    expect(text).toContain('Topic: Green Architects (Set 1)');
    expect(text).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(text).toContain(`Score: ${expected}/${questions.length}`);
    const flat = text.replace(/\s+/g, ' ');
    for (const [i, q] of questions.entries()) {
      expect(flat).toContain(`${i + 1}. ${q.question}`);
      expect(flat).toContain(q.explanation.replace(/\s+/g, ' '));
      expect(flat).toContain(`Correct answer: ${'ABCD'[q.correctIndex]}. ${q.options[q.correctIndex]}`);
    }
    expect(flat).toContain(`Your answer: ${'ABCD'[wrongOf(questions[1]!.correctIndex)]}. ${questions[1]!.options[wrongOf(questions[1]!.correctIndex)]} (incorrect)`);

    const stranger = await api(ctxt, attemptPdf, grace, { params: { id: attempt._id } });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.headers['content-type']).toMatch(/json/);
    expect((await api(ctxt, attemptPdf, undefined, { params: { id: attempt._id } })).statusCode).toBe(401);
    expect((await api(ctxt, attemptPdf, owner, { params: { id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
  });

  it('answers a null attempt when a set has no questions (the client shows No Quiz Available)', async () => {
    const { ada } = await tokens();
    await ctx().database.db.delete(quizQuestions).where(eq(quizQuestions.category, 'biodiversity-conservation'));
    const res = await api(ctx(), startQuiz, ada, { body: { category: 'biodiversity-conservation', sdgSet: 'set-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, attempt: null });
    // Importing the bank again restores it.
    await importContent(ctx().database.db, CONTENT_DIR);
    expect((await start(ctx(), ada, 'biodiversity-conservation')).totalQuestions).toBe(12);
  });

  it('draws a topic picture for each category and 404s unknown pictures', async () => {
    const res = await getUrl(ctx(), quizPicture.topic('biodiversity'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
    expect((await getUrl(ctx(), quizPicture.topic('nope'))).statusCode).toBe(404);
    expect((await getUrl(ctx(), quizPicture.question('nope'))).statusCode).toBe(404);
    expect((await getUrl(ctx(), quizPicture.reveal('nope', 'x'))).statusCode).toBe(404);
  });
});

describe('quiz bank import', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-quiz-'));
    made.push(dir);
    cpSync(CONTENT_DIR, dir, { recursive: true });
    return dir;
  };

  it('holds at least ten four-option questions per category, each with one answer and an explanation', async () => {
    for (const name of ['green-buildings', 'green-vocabulary', 'passive-design-strategies', 'green-architects', 'sustainable-development-goals',
      'sustainable-policies', 'sustainable-materials', 'biodiversity', 'biodiversity-conservation']) {
      const file = JSON.parse(readFileSync(join(CONTENT_DIR, 'quiz', `${name}.json`), 'utf8'));
      const set = file.sets.find((s: { id: string }) => s.id === 'set-1');
      expect(set.questions.length, name).toBeGreaterThanOrEqual(10);
    }
  });

  it('keeps question ids on a second import, and names the file and field of a bad question', async () => {
    // A copy of the run's seeded database: the content's first import is done.
    const { database } = await openTestDatabase('pglite', { seed: true });
    try {
      const before = await database.db.select().from(quizQuestions).orderBy(asc(quizQuestions.id));
      expect(before).toHaveLength(9 * 12);
      await importContent(database.db, CONTENT_DIR);
      expect(await database.db.select().from(quizQuestions).orderBy(asc(quizQuestions.id))).toEqual(before);

      const broken = copy();
      const file = join(broken, 'quiz', 'biodiversity.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"Vulnerable",', ''));
      await expect(importContent(database.db, broken)).rejects.toThrow(
        new ContentError('quiz/biodiversity.json: field "sets.0.questions.3.options": must list exactly 4 options'),
      );

      const missing = copy();
      unlinkSync(join(missing, 'quiz', 'green-vocabulary.json'));
      await expect(importContent(database.db, missing)).rejects.toThrow('quiz: missing green-vocabulary.json');

      const wrongAnswer = copy();
      const gb = join(wrongAnswer, 'quiz', 'green-buildings.json');
      writeFileSync(gb, readFileSync(gb, 'utf8').replace('"correctIndex": 1', '"correctIndex": 4'));
      await expect(importContent(database.db, wrongAnswer)).rejects.toThrow(/quiz\/green-buildings\.json: field "sets\.0\.questions\.0\.correctIndex"/);
      // Nothing changed after the refusals.
      expect(await database.db.select().from(quizQuestions).orderBy(asc(quizQuestions.id))).toEqual(before);
    } finally {
      await database.close();
    }
  });
});

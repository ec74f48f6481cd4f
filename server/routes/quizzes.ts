/** Quiz constants, attempts, answers, completion, the results PDF, and the quiz's pictures. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerQuestion, attemptPdf, completeQuiz, listAttempts, quizConstants, startQuiz } from '../../src/contract/quizzes';
import { QUIZ_CATEGORIES, QUIZ_PDF_FILENAME, QUIZ_SETS, QUIZ_TOPICS } from '../../src/domain/quiz';
import { implement } from '../http/route';
import type { QuizAttempts } from '../services/quizzes';

const PRODUCT_NAME = 'SustainLearn';

function sendSvg(reply: FastifyReply, body: string, cacheControl: string) {
  return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', cacheControl).send(body);
}

export async function quizRoutes(app: FastifyInstance, { attempts }: { attempts: QuizAttempts }) {
  implement(app, quizConstants, async () => {
    // Titles come from the imported bank; before any import the product's own list stands in.
    const rows = await attempts.topics();
    const listed = rows.length > 0 ? rows : QUIZ_CATEGORIES.map((c) => ({ ...c, isTopic: QUIZ_TOPICS.some((t) => t.id === c.id) }));
    const pictured = (r: { id: string; title: string }) => ({ id: r.id, title: r.title, imageUrl: `${app.prefix}/quizzes/topics/${r.id}/image.svg` });
    const categories = listed.map(pictured);
    const topics = listed.filter((r) => r.isTopic).map(pictured);
    return { success: true, topics, categories, sets: QUIZ_SETS.map(({ id, title }) => ({ id, title })) };
  }, { cache: 'content' });

  implement(app, startQuiz, async ({ body, user }) => ({
    success: true,
    attempt: await attempts.start(user.id, body.category, body.sdgSet),
  }));

  implement(app, answerQuestion, async ({ params, body, user }) => {
    const { answer, score } = await attempts.answer(user.id, params.id, body);
    return {
      success: true,
      isCorrect: answer.isCorrect,
      correctOption: answer.correctOption,
      explanation: answer.explanation,
      revealingCardImage: answer.revealingCardImage,
      revealText: answer.revealText,
      score,
    };
  });

  implement(app, completeQuiz, async ({ params, user }) => ({ success: true, attempt: await attempts.complete(user.id, params.id) }));

  implement(app, listAttempts, async ({ user }) => ({ success: true, attempts: await attempts.list(user.id) }));

  implement(app, attemptPdf, async ({ params, user, reply }) => {
    const pdf = await attempts.resultsPdf(user.id, params.id, PRODUCT_NAME);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${QUIZ_PDF_FILENAME}"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  });

  // Pictures are <img> sources, which cannot carry the bearer token. The question card shows nothing secret; the
  // reveal card is only drawn once that question of that attempt is answered, and the attempt id (random, 122 bits)
  // is only ever handed to its owner.
  app.get<{ Params: { id: string } }>('/quizzes/questions/:id/image.svg', async (request, reply) => {
    return sendSvg(reply, await attempts.questionCard(request.params.id), 'public, max-age=3600');
  });

  app.get<{ Params: { id: string; index: string } }>('/quizzes/attempts/:id/questions/:index/reveal.svg', async (request, reply) => {
    const index = /^\d{1,3}$/.test(request.params.index) ? Number(request.params.index) : -1;
    return sendSvg(reply, await attempts.revealCard(request.params.id, index), 'private, max-age=3600');
  });

  app.get<{ Params: { id: string } }>('/quizzes/topics/:id/image.svg', async (request, reply) => {
    return sendSvg(reply, attempts.topicCard(request.params.id), 'public, max-age=86400');
  });
}

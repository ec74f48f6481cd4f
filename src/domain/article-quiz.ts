/**
 * An article's own quiz (issue 39 items 1 and 3, ADR 176): a few multiple-choice questions on what the article says,
 * four options each with one right, an explanation each, and a pass mark (70% unless the content file asks for more).
 * Passing it writes the article's credit lines to the member's ledger. The content files hold the quiz; the server
 * marks the answers with `markArticleQuiz`; the questions it hands out, and a failed try's mark, never carry the right
 * option.
 */
import { z } from 'zod';
import { type CreditLine, creditLineSchema } from './cpd.schema';
import { meetsMark } from './learning';
import { QUESTION_OPTIONS, quizQuestionFieldsSchema } from './quiz-question.schema';

export const ARTICLE_QUIZ_MIN_QUESTIONS = 3;
export const ARTICLE_QUIZ_MAX_QUESTIONS = 10;
export const ARTICLE_QUIZ_PASS_PERCENT = 70;
const PASS_MARK_TEXT = 'The pass mark is a whole percent from 50 to 100';

/** One question as the content file writes it: a course question without the lesson it comes from. */
export const articleQuizQuestionSchema = quizQuestionFieldsSchema;
export type ArticleQuizQuestion = z.infer<typeof articleQuizQuestionSchema>;

export const articleQuizSchema = z.object({
  passPercent: z.number({ error: PASS_MARK_TEXT }).int(PASS_MARK_TEXT).min(50, PASS_MARK_TEXT).max(100, PASS_MARK_TEXT).default(ARTICLE_QUIZ_PASS_PERCENT),
  questions: z
    .array(articleQuizQuestionSchema)
    .min(ARTICLE_QUIZ_MIN_QUESTIONS, `must hold ${ARTICLE_QUIZ_MIN_QUESTIONS} to ${ARTICLE_QUIZ_MAX_QUESTIONS} questions`)
    .max(ARTICLE_QUIZ_MAX_QUESTIONS, `must hold ${ARTICLE_QUIZ_MIN_QUESTIONS} to ${ARTICLE_QUIZ_MAX_QUESTIONS} questions`),
});
export type ArticleQuiz = z.output<typeof articleQuizSchema>;

/** What the article's page is told of its quiz before it is opened: how long, its mark and the credit it carries. */
export const articleQuizSummarySchema = z.object({
  questions: z.number().int(),
  passPercent: z.number().int(),
  credits: z.array(creditLineSchema),
});
export type ArticleQuizSummary = z.infer<typeof articleQuizSummarySchema>;

/** A question as a member reads it: never the right option nor the explanation. */
export const articleQuizQuestionViewSchema = articleQuizQuestionSchema.pick({ question: true, options: true });
export type ArticleQuizQuestionView = z.infer<typeof articleQuizQuestionViewSchema>;

/** One answer per question, in the quiz's order: the option's index. */
export const articleQuizAnswersSchema = z.array(z.number().int().min(0).max(QUESTION_OPTIONS - 1)).min(1).max(ARTICLE_QUIZ_MAX_QUESTIONS);

const markSchema = z.object({ score: z.number().int(), total: z.number().int(), passPercent: z.number().int() });

/** A pass: each question's answer, the right option and why, and the credit lines now in the member's ledger. */
export const articleQuizPassSchema = markSchema.extend({
  passed: z.literal(true),
  questions: z.array(z.object({ correct: z.boolean(), selectedOption: z.number().int(), correctOption: z.number().int(), explanation: z.string() })),
  /** The credit lines now in the member's ledger for this article: empty when the article carries none. */
  credited: z.array(creditLineSchema),
});

/**
 * A fail: the score, the mark and which questions (their indexes, in order) were answered wrongly. Never the right
 * option nor the explanation, so a failed try cannot be copied into a pass (ADR 176).
 */
export const articleQuizFailSchema = markSchema.extend({ passed: z.literal(false), wrong: z.array(z.number().int()) });

export const articleQuizResultSchema = z.discriminatedUnion('passed', [articleQuizPassSchema, articleQuizFailSchema]);
export type ArticleQuizPass = z.infer<typeof articleQuizPassSchema>;
export type ArticleQuizFail = z.infer<typeof articleQuizFailSchema>;
export type ArticleQuizResult = z.infer<typeof articleQuizResultSchema>;
/** What marking alone knows: only the ledger knows what a pass credited. */
export type ArticleQuizMark = Omit<ArticleQuizPass, 'credited'> | ArticleQuizFail;

export { rightAnswersNeeded } from './learning';

export const summaryOfQuiz = (quiz: ArticleQuiz, credits: CreditLine[]): ArticleQuizSummary => ({
  questions: quiz.questions.length, passPercent: quiz.passPercent, credits,
});

export const questionsToRead = (quiz: ArticleQuiz): ArticleQuizQuestionView[] =>
  quiz.questions.map(({ question, options }) => ({ question, options }));

/**
 * Marks a full set of answers; null when it does not answer every question exactly once (the caller refuses it). A
 * pass says everything; a fail only the score and which questions were wrong.
 */
export function markArticleQuiz(quiz: ArticleQuiz, answers: readonly number[]): ArticleQuizMark | null {
  if (answers.length !== quiz.questions.length) return null;
  const questions = quiz.questions.map((q, i) => ({
    correct: answers[i] === q.correctIndex, selectedOption: answers[i]!, correctOption: q.correctIndex, explanation: q.explanation,
  }));
  const score = questions.filter((q) => q.correct).length;
  const mark = { score, total: questions.length, passPercent: quiz.passPercent };
  if (meetsMark(score, questions.length, quiz.passPercent)) return { ...mark, passed: true, questions };
  return { ...mark, passed: false, wrong: questions.flatMap((q, i) => (q.correct ? [] : [i])) };
}

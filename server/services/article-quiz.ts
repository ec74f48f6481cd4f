/**
 * An article's own quiz (issue 39, ADR 176): its questions without the answers, and marking a member's answers. A pass
 * writes the article's credit lines to the member's ledger, once however many passes arrive (cpd_entries_once); a
 * failed try writes nothing and is not kept, so a member may try again at once; its mark names the wrong questions but
 * never the right options.
 */
import { type ArticleQuizQuestionView, type ArticleQuizResult, markArticleQuiz, questionsToRead } from '../../src/domain/article-quiz';
import type { CreditLine } from '../../src/domain/cpd.schema';
import { articleQuizRow } from '../data/articles';
import type { Db } from '../data/client';
import type { CpdCredit } from './cpd-credit';
import { invalid, notFound } from './errors';

export const ARTICLE_QUIZ_TEXT = {
  noQuiz: 'This article has no quiz',
  answerEach: 'Answer every question once',
} as const;

export class ArticleQuizService {
  constructor(
    private readonly db: Db,
    private readonly credit: CpdCredit,
    private readonly now: () => number,
  ) {}

  private async withQuiz(idOrSlug: string) {
    const row = await articleQuizRow(this.db, idOrSlug);
    if (!row?.quiz) throw notFound(row ? ARTICLE_QUIZ_TEXT.noQuiz : 'Article not found');
    return { ...row, quiz: row.quiz };
  }

  async questions(idOrSlug: string): Promise<{ questions: ArticleQuizQuestionView[]; passPercent: number; credits: CreditLine[] }> {
    const { quiz, credits } = await this.withQuiz(idOrSlug);
    return { questions: questionsToRead(quiz), passPercent: quiz.passPercent, credits };
  }

  async answer(userId: string, idOrSlug: string, answers: readonly number[]): Promise<ArticleQuizResult> {
    const article = await this.withQuiz(idOrSlug);
    const marked = markArticleQuiz(article.quiz, answers);
    if (!marked) throw invalid(ARTICLE_QUIZ_TEXT.answerEach);
    if (!marked.passed) return marked;
    if (!article.credits.length) return { ...marked, credited: [] };
    await this.credit.articlePassed(this.db, userId, article, new Date(this.now()).toISOString().slice(0, 10));
    return { ...marked, credited: article.credits };
  }
}

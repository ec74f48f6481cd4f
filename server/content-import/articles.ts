/**
 * Articles from content/articles/*.html: a JSON header inside the file's leading HTML comment, then the HTML body.
 * The file name (without .html) is the article's slug, so importing the same folder twice changes nothing, and the
 * folder is the whole list: an article whose file was removed is removed too.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { creditLinesSchema } from '../../src/domain/credit-lines.schema';
import { articleQuizSchema } from '../../src/domain/article-quiz';
import { ARTICLE_CREDITS_NEED_QUIZ, articleOwnFieldsSchema, creditsNeedQuiz } from '../../src/domain/authoring';
import { countWords, readTimeMinutes } from '../../src/domain/text';
import { heldByBrowser, importHash, itemsOfKind, removeItemsNotIn, upsertImported } from '../data/authoring';
import { articles } from '../data/schema';
import { changedFieldNames } from '../data/fields-diff';
import { ContentError, type ContentModule, type Reporter } from './module';

/** The header agrees with the browser's article fields (src/domain/authoring.ts), plus the byline and the date. */
export const articleHeaderSchema = articleOwnFieldsSchema.pick({ title: true, description: true, category: true, featured: true }).extend({
  author: z.string().trim().min(1).max(120),
  imageUrl: z.string().regex(/^(\/|https:\/\/)\S+$/, 'must be a site path like /media/articles/carbon.svg or an https URL'),
  readTime: articleOwnFieldsSchema.shape.readTime.optional(),
  publishedAt: z.iso.date('must be a date like 2026-09-14'),
  /** Credit lines, earned by passing the article's quiz (issue 39, ADR 176). */
  credits: creditLinesSchema.default([]),
  /** The article's own quiz (ADR 176): its questions, each with its right option and explanation, and its pass mark. */
  quiz: articleQuizSchema.optional(),
}).refine(creditsNeedQuiz, { path: ['credits'], message: ARTICLE_CREDITS_NEED_QUIZ });

const SLUG = /^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*$/;
const HEADER = /^\s*<!--([\s\S]*?)-->([\s\S]*)$/;

export interface ArticleFile extends z.output<typeof articleHeaderSchema> {
  slug: string;
  body: string;
}

/** Splits one article file into its validated header and its HTML body; a problem names the file and the field. */
export function parseArticleFile(
  file: string,
  displayName: string,
  text: string,
  report: Reporter,
): Omit<ArticleFile, 'slug'> {
  const match = HEADER.exec(text);
  if (!match) throw new ContentError(`${displayName}: must start with a <!-- {...} --> comment holding the JSON header`);
  let header: unknown;
  try {
    header = JSON.parse(match[1]!);
  } catch (error) {
    throw new ContentError(`${displayName}: the header comment is not valid JSON (${(error as Error).message})`);
  }
  const parsed = report.check(file, articleHeaderSchema, header);
  const body = match[2]!.trim();
  if (countWords(body) === 0) throw new ContentError(`${displayName}: field "body": the HTML body after the header is empty`);
  return { ...parsed, body };
}

export const articleContent: ContentModule<ArticleFile[] | null> = {
  name: 'articles',
  async read(folder, report) {
    const dir = join(folder, 'articles');
    const names = await readdir(dir).catch(() => null);
    if (names === null) return null;
    const result: ArticleFile[] = [];
    for (const name of names.filter((n) => n.endsWith('.html')).sort()) {
      const file = join(dir, name);
      const slug = name.slice(0, -'.html'.length);
      if (!SLUG.test(slug)) {
        throw new ContentError(`articles/${name}: the file name must be a lowercase slug like carbon--my-article.html`);
      }
      const text = await readFile(file, 'utf8');
      result.push({ slug, ...parseArticleFile(file, `articles/${name}`, text, report) });
    }
    return result;
  },
  async write(tx, data, { sanitize, now, force, warn }) {
    if (!data) return;
    // Items written or edited in the browser since the last import are kept (issue 38 item 8), unless forced.
    const items = new Map((await itemsOfKind(tx, 'articles')).map((item) => [item.key, item]));
    const browserOnly = [...items.values()].filter((item) => !item.importedAt).map((item) => item.key);
    const kept: string[] = [];
    for (const article of data) {
      const fields = {
        slug: article.slug, title: article.title, category: article.category, description: article.description, authorId: null,
        readTime: article.readTime ?? null, imageUrl: article.imageUrl, featured: article.featured, body: article.body,
        // The quiz and its lines go to the console with the article (ADR 176), as the console's own save keeps them.
        quiz: article.quiz ?? null, credits: article.credits,
      };
      const item = items.get(article.slug);
      if (heldByBrowser(item) && !force) {
        const names = changedFieldNames(item.fields, fields);
        warn?.(`articles/${article.slug}.html: ${names ? `field ${names}` : 'the item'} was changed in the browser since the last import; kept (--force overwrites)`);
        kept.push(article.slug);
        continue;
      }
      const content = sanitize(article.body);
      const values = {
        slug: article.slug,
        title: article.title,
        description: article.description,
        content,
        imageUrl: article.imageUrl,
        category: article.category,
        author: article.author,
        readTime: article.readTime ?? readTimeMinutes(content),
        featured: article.featured,
        authorId: null,
        publishedAt: new Date(`${article.publishedAt}T09:00:00Z`),
        credits: article.credits,
        quiz: article.quiz ?? null,
      };
      // An article without a quiz is fingerprinted as before quizzes came to the console, so its version stays.
      const { quiz: _quiz, credits: _credits, ...plain } = fields;
      const hash = importHash({ ...(article.quiz ? fields : plain), author: article.author, publishedAt: article.publishedAt });
      // dateModified (ADR 162): a new article was last changed when published; one whose file changed, now.
      const changed = item !== undefined && item.importedHash !== hash;
      const [row] = await tx
        .insert(articles)
        .values({ ...values, updatedAt: values.publishedAt })
        .onConflictDoUpdate({ target: articles.slug, set: changed ? { ...values, updatedAt: now > values.publishedAt ? now : values.publishedAt } : values })
        .returning({ id: articles.id });
      await upsertImported(tx, { kind: 'articles', key: article.slug, fields, liveId: row!.id, at: now, hash, publishedAt: values.publishedAt });
    }
    // The folder is the whole list of imported articles; what the browser made or kept stays.
    const slugs = [...data.map((a) => a.slug), ...browserOnly, ...kept];
    await tx.delete(articles).where(notInArray(articles.slug, slugs));
    await removeItemsNotIn(tx, 'articles', slugs);
  },
};

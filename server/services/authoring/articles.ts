/**
 * The articles' kind handler (issue 38, ADR 157): the body is Markdown rendered and cleaned as the public page's HTML,
 * the read time computed from it when left empty, the byline a member with the editor or admin role or the editorial
 * team, its own quiz and the credit lines passing it earns (checked with the content files' schema: lines need a quiz,
 * ADR 176). Publishing writes the `articles` row, quiz and lines with it, and its search entry in the publishing
 * transaction.
 */
import { eq } from 'drizzle-orm';
import { type ArticleFields, articleFieldsSchema, EDITORIAL_TEAM } from '../../../src/domain/authoring';
import { readTimeMinutes, stripHtml } from '../../../src/domain/text';
import { displayName } from '../../../src/domain/user';
import { authorsWhoMaySign } from '../../data/authoring';
import type { Db, Tx } from '../../data/client';
import { articles } from '../../data/schema';
import { rebuildWords, removeDocuments, upsertDocument } from '../../data/search';
import { renderArticleMarkdown } from '../../render/article-markdown';
import type { KindHandler } from './kind';

export const articleUrl = (id: string) => `/articles/${id}`;

async function bylineOf(db: Db | Tx, authorId: string | null): Promise<string> {
  if (!authorId) return EDITORIAL_TEAM;
  const signer = (await authorsWhoMaySign(db)).find((a) => a.id === authorId);
  return signer ? displayName(signer.firstName, signer.lastName) : EDITORIAL_TEAM;
}

/** The live row's values from an article's fields. */
async function rowOf(db: Db | Tx, fields: ArticleFields) {
  const content = renderArticleMarkdown(fields.body);
  return {
    slug: fields.slug,
    title: fields.title,
    description: fields.description,
    content,
    imageUrl: fields.imageUrl,
    category: fields.category,
    author: await bylineOf(db, fields.authorId),
    authorId: fields.authorId,
    readTime: fields.readTime ?? readTimeMinutes(content),
    featured: fields.featured,
    // The article's own quiz and the credit lines passing it earns (ADR 176): the console's, as the import's.
    quiz: fields.quiz,
    credits: fields.credits,
  };
}

export const articleHandler: KindHandler<ArticleFields> = {
  kind: 'articles',
  schema: articleFieldsSchema as never,
  keyOf: (fields) => fields.slug,
  titleOf: (fields) => fields.title,
  blank: () => ({ authorId: null, readTime: null, featured: false, quiz: null, credits: [] }),
  async check(db, fields): Promise<Record<string, string>> {
    if (!fields.authorId) return {};
    const may = (await authorsWhoMaySign(db)).some((a) => a.id === fields.authorId);
    return may ? {} : { authorId: 'The author must be an editor, or the editorial team' };
  },
  async publish(tx, fields, { liveId, now, firstPublishedAt }) {
    const values = { ...(await rowOf(tx, fields)), publishedAt: firstPublishedAt ?? now, updatedAt: now };
    await tx.insert(articles).values({ id: liveId, ...values }).onConflictDoUpdate({ target: articles.id, set: values });
    await upsertDocument(tx, {
      kind: 'article', refId: liveId, title: values.title, summary: values.description, body: stripHtml(values.content),
      url: articleUrl(liveId), visibility: 'public',
    });
    await rebuildWords(tx);
    return liveId;
  },
  async unpublish(tx, liveId) {
    await tx.delete(articles).where(eq(articles.id, liveId));
    await removeDocuments(tx, 'article', [liveId]);
    await rebuildWords(tx);
  },
  publicUrl: articleUrl,
  async preview(db, fields, id, now) {
    const row = await rowOf(db, fields);
    return {
      _id: id, title: row.title, description: row.description, content: row.content, imageUrl: row.imageUrl, category: row.category,
      author: row.author, readTime: row.readTime, featured: row.featured, createdAt: now.toISOString(),
    };
  },
};

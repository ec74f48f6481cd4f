/** Loads a folder of content files into the database: everything is validated before anything is written, in one transaction. */
import { relative } from 'node:path';
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import { sanitizeRichHtml } from '../render/sanitize';
import type { Db } from '../data/client';
import { salesBanners, searchDocuments, workshopSeries } from '../data/schema';
import { articleContent } from './articles';
import { courseContent } from './courses';
import { homeContent } from './home';
import { legalContent } from './legal';
import { quizContent } from './quiz';
import { reindexCommunity, reindexContent, searchIndexContent } from './search-index';
import { workshopContent } from './workshops';
import { ContentError, type ContentModule, type Reporter } from './module';

// Each content kind registers here, in write order.
// The search index is built last, from what the others wrote.
export const CONTENT_MODULES = [homeContent, articleContent, legalContent, courseContent, workshopContent, quizContent, searchIndexContent] as ContentModule<unknown>[];

function reporter(root: string): Reporter {
  const check = <S extends z.ZodType>(file: string, schema: S, value: unknown): z.output<S> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    const field = issue.path.join('.') || '(root)';
    throw new ContentError(`${relative(root, file) || file}: field "${field}": ${issue.message}`);
  };
  return {
    check,
    parse(file, schema, text) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new ContentError(`${relative(root, file) || file}: not valid JSON (${(error as Error).message})`);
      }
      return check(file, schema, value);
    },
  };
}

/**
 * `force` overwrites items edited in the browser since the last import; without it they are kept and each is named in
 * `kept` by file and field (issue 38 item 8, ADR 157).
 */
export async function importContent(
  db: Db, folder: string, now = new Date(), modules = CONTENT_MODULES, options: { force?: boolean } = {},
): Promise<{ modules: string[]; kept: string[] }> {
  const report = reporter(folder);
  const loaded: { module: ContentModule<unknown>; data: unknown }[] = [];
  for (const module of modules) loaded.push({ module, data: await module.read(folder, report) });
  const kept: string[] = [];
  await db.transaction(async (tx) => {
    for (const { module, data } of loaded) {
      await module.write(tx, data, { sanitize: sanitizeRichHtml, now, force: options.force ?? false, warn: (line) => kept.push(line) });
    }
  });
  return { modules: loaded.map((l) => l.module.name), kept };
}

/** Seeds an empty database (no sales banner yet) from the product's own content folder. */
export async function seedIfEmpty(db: Db, folder: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(salesBanners);
  if ((row?.n ?? 0) > 0) return false;
  await importContent(db, folder);
  return true;
}

/**
 * A database seeded before workshops had series (an older install) gets them from the product's content on its next
 * start; its fixed workshops give way to the series' sessions.
 */
export async function seedWorkshopsIfMissing(db: Db, folder: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(workshopSeries);
  if ((row?.n ?? 0) > 0) return false;
  await importContent(db, folder, new Date(), [workshopContent as ContentModule<unknown>]);
  return true;
}

/** A database from before the search index (an older install) gets its index built on its next start. */
export async function seedSearchIfMissing(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(searchDocuments);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await reindexContent(tx);
    await reindexCommunity(tx);
  });
  return true;
}

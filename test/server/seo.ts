/**
 * What the seo tests share (ADR 101): the site they run on, built as server/app.ts builds it (the app, and the services
 * page-head.ts reads, on the same seeded database: PGlite, and PostgreSQL too when DATABASE_URL is set), and a
 * rendered head read as a browser reads it, with a real HTML parser and its JSON-LD with JSON.parse.
 */
import type { FastifyInstance } from 'fastify';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/data/client';
import type { HeadDeps } from '../../server/render/page-head';
import { CertificateService } from '../../server/services/certificates';
import { ContentService } from '../../server/services/content';
import { TranscriptVerification } from '../../server/services/cpd-verification';
import { DiscussionService } from '../../server/services/discussions';
import { LearningService } from '../../server/services/learning';
import { WorkshopService } from '../../server/services/workshops';
import { listArticles } from '../../src/contract/content';
import type { Article } from '../../src/domain/content';
import { urlOf } from './api';
import { databaseKinds, MemoryMailer, openTestDatabase, TEST_JWT_SECRET, type TestContext } from './fixture';

export const SITE = 'https://learn.example.org';
export const CACHE_SECONDS = 60;
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Json = Record<string, unknown> & { '@type'?: string };

/** The head's tags read as a browser reads them: title, metas by name or property, links, and the JSON-LD graphs. */
export function readHead(tags: string) {
  const doc = parseDocument(tags);
  const elements = (name: string) => DomUtils.getElementsByTagName(name, doc, true);
  const meta = new Map<string, string>();
  for (const m of elements('meta')) meta.set(m.attribs.name ?? m.attribs.property ?? '', m.attribs.content ?? '');
  const scripts = elements('script');
  return {
    titles: elements('title').map((t) => DomUtils.textContent(t)),
    meta,
    canonical: elements('link').filter((l) => l.attribs.rel === 'canonical').map((l) => l.attribs.href ?? ''),
    scripts,
    graphs: scripts.filter((s) => s.attribs.type === 'application/ld+json').map((s) => JSON.parse(DomUtils.textContent(s)) as Json),
    elementNames: DomUtils.findAll(() => true, doc.children).map((element) => element.name),
  };
}
export const graphOf = (head: ReturnType<typeof readHead>, type: string) => head.graphs.filter((g) => g['@type'] === type);
export const crumbsOf = (head: ReturnType<typeof readHead>) =>
  (graphOf(head, 'BreadcrumbList')[0]?.itemListElement as { position: number; name: string; item: string }[] | undefined) ?? null;

export interface SeoSite extends TestContext {
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL database's address, for another connection to it; undefined on PGlite. */
  databaseUrl: string | undefined;
  deps: HeadDeps & { content: ContentService; learning: LearningService; workshops: WorkshopService; certificates: CertificateService };
}

/** Every article, as the API lists them. */
export const allArticles = async (app: FastifyInstance): Promise<Article[]> =>
  (await app.inject({ method: 'GET', url: urlOf(listArticles) })).json().articles;

/**
 * Runs `body` once per database kind on a fresh seeded site at SITE, its content kept CACHE_SECONDS; `site()` gives
 * the live site inside tests. The seo routes are registered on the app as server/app.ts registers them.
 */
export function describeWithSite(name: string, body: (site: () => SeoSite) => void) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let site: SeoSite | undefined;
      let database: Database | undefined;
      let drop: (() => Promise<void>) | undefined;

      beforeAll(async () => {
        let databaseUrl: string | undefined;
        ({ database, drop, url: databaseUrl } = await openTestDatabase(kind, { seed: true }));
        const config = loadConfig({
          JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent',
          RATE_LIMIT: 'off', CONTENT_CACHE_SECONDS: String(CACHE_SECONDS), PUBLIC_URL: SITE,
        });
        const clock = { now: Date.now(), advance(ms: number) { this.now += ms; } };
        const mailer = new MemoryMailer();
        const now = () => clock.now;
        const app: FastifyInstance = await buildApp({ config, database, mailer, logger: false, now });
        // The instances server/app.ts makes, made here the same way on the same database.
        const certificateService = new CertificateService(database.db, config.publicUrl, now);
        const deps = {
          content: new ContentService(database.db),
          learning: new LearningService(database.db, certificateService),
          certificates: certificateService,
          workshops: new WorkshopService(database.db, mailer, config.publicUrl, now, () => undefined),
          discussions: new DiscussionService(database.db),
          transcripts: new TranscriptVerification(database.db),
          publicUrl: config.publicUrl,
        };
        site = { app, database, mailer, clock, kind, databaseUrl, deps };
        await app.ready();
      });

      afterAll(async () => {
        try {
          await site?.app.close();
        } finally {
          try {
            await database?.close();
          } finally {
            await drop?.();
          }
        }
      });

      body(() => {
        if (!site) throw new Error('seo site not ready');
        return site;
      });
    });
  }
}

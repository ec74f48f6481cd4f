/** The bench's sections that start processes of their own (footprint.ts, bystander.ts), after the others. */
import { benchBystander, bystanderReport } from './bystander';
import { benchFootprint, type FootprintTarget, footprintReport } from './footprint';
import { createPgDatabase, type Seeded, seedBenchDatabase } from './seed';
import type { Budget } from './stats';

/**
 * The sections that start processes of their own: on the bench's PGlite folder (free once the main server stopped),
 * and on a seeded PostgreSQL database when DATABASE_URL is set.
 */
export async function processSections(
  staticDir: string,
  pglite: { dataDir: string; seeded: Seeded },
  { quick, wants }: { quick: boolean; wants: (section: string) => boolean },
  { md, budgets, results }: { md: string[]; budgets: Budget[]; results: Record<string, unknown> },
): Promise<void> {
  const targets: FootprintTarget[] = [{ database: 'PGlite', env: {}, ...pglite }];
  const pgDb = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : undefined;
  try {
    if (pgDb) {
      console.log('Seeding PostgreSQL for the footprint and bystander sections...');
      targets.push({ database: 'PostgreSQL', env: { DATABASE_URL: pgDb.url }, seeded: await seedBenchDatabase({ databaseUrl: pgDb.url, dataDir: null }) });
    }
    if (wants('footprint')) {
      const seconds = quick ? 20 : 60;
      const footprints = [];
      for (const target of targets) {
        console.log(`A process's footprint on ${target.database}...`);
        footprints.push(await benchFootprint(staticDir, target, seconds, quick ? 1 : 2));
      }
      results.footprint = footprints;
      const report = footprintReport(footprints, seconds);
      md.push(...report.md);
      budgets.push(...report.budgets);
    }
    if (wants('bystander')) {
      const seconds = quick ? 5 : 10;
      const bystanders = [];
      for (const target of targets) {
        console.log(`Bystander on ${target.database}...`);
        bystanders.push(await benchBystander(staticDir, target, seconds, quick ? 1 : 3));
      }
      results.bystander = bystanders;
      const report = bystanderReport(bystanders, seconds);
      md.push(...report.md);
      budgets.push(...report.budgets);
    }
  } finally {
    await pgDb?.drop();
  }
}

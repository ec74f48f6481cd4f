/** The staff console's reports to the bodies (issue 39 item 6): 'Export for AIA CES' saves the provider upload CSV. */
import { lazyCalls } from './lazy-calls';
import type { ApiClient, FileSaver } from './ports';

/** The console's calls load with the first action, not with the page that offers them. */
const calls = lazyCalls(() => import(/* webpackChunkName: "contract-cpd" */ '../contract/cpd'));

/** The file's name: the day of the export, as the server names it. */
export const aiaExportFilename = (now: number) => `aia-ces-completions-${new Date(now).toISOString().slice(0, 10)}.csv`;

/** Exports every ready AIA completion (the server marks them reported and audits it) and saves the file. */
export async function exportAiaCompletions(api: ApiClient, files: FileSaver, now = Date.now()): Promise<void> {
  const bytes = await calls((c) => api.call(c.exportCompletions, { body: { body: 'aia' } }));
  files.save(bytes, aiaExportFilename(now), 'text/csv');
}

/** Saving a member's data as a ZIP (issue 35, ADR 134), the way certificate files are saved. */
import { lazyCalls } from './lazy-calls';
import type { ApiClient, FileSaver } from './ports';

/** The account calls load with the first save, not with the page that offers it. */
const accountCalls = lazyCalls(() => import('../contract/account-data'));

/** The file's name: the day it was taken, as the server names it. */
export const exportFilename = (now: number) => `sustainlearn-data-${new Date(now).toISOString().slice(0, 10)}.zip`;

export async function saveAccountExport(api: ApiClient, files: FileSaver, now: number): Promise<void> {
  const bytes = await accountCalls((calls) => api.call(calls.exportAccountData));
  files.save(bytes, exportFilename(now), 'application/zip');
}

/** Saving a member's CPD transcript as a file, PDF or CSV (issue 39): the server issues it and keeps its code. */
import { lazyCalls } from './lazy-calls';
import type { ApiClient, FileSaver } from './ports';
import type { CpdBody } from '../domain/cpd.schema';

const cpdCalls = lazyCalls(() => import(/* webpackChunkName: "contract-cpd" */ '../contract/cpd'));

export async function saveTranscript(api: ApiClient, files: FileSaver, body: CpdBody, period: string, kind: 'pdf' | 'csv'): Promise<void> {
  const query = { body, period };
  const bytes = await cpdCalls((calls) => api.call(kind === 'pdf' ? calls.transcriptPdf : calls.transcriptCsv, { query }));
  files.save(bytes, `sustainlearn-${body}-transcript-${period}.${kind}`, kind === 'pdf' ? 'application/pdf' : 'text/csv');
}

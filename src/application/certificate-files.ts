/** Saving a member's certificate as files: the PDF and the Open Badges 3.0 credential (a signed JWT). */
import { lazyCalls } from './lazy-calls';
import type { ApiClient, FileSaver } from './ports';

/** The learning calls load with the first save, not with the page that offers it. */
const learningCalls = lazyCalls(() => import('../contract/learning'));

export async function saveCertificatePdf(api: ApiClient, files: FileSaver, id: string): Promise<void> {
  const bytes = await learningCalls((calls) => api.call(calls.certificatePdf, { params: { id } }));
  files.save(bytes, `sustainlearn-certificate-${id}.pdf`, 'application/pdf');
}

export async function saveCredential(api: ApiClient, files: FileSaver, id: string): Promise<void> {
  const answer = await learningCalls((calls) => api.call(calls.certificateCredential, { params: { id } }));
  files.save(new TextEncoder().encode(answer.credential), answer.filename, 'application/jwt');
}

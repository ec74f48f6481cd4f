/** Saving a member's certificate as files: the PDF and the Open Badges 3.0 credential (a signed JWT). */
import { certificateCredential, certificatePdf } from '../contract/learning';
import type { ApiClient, FileSaver } from './ports';

export async function saveCertificatePdf(api: ApiClient, files: FileSaver, id: string): Promise<void> {
  const bytes = await api.call(certificatePdf, { params: { id } });
  files.save(bytes, `sustainlearn-certificate-${id}.pdf`, 'application/pdf');
}

export async function saveCredential(api: ApiClient, files: FileSaver, id: string): Promise<void> {
  const answer = await api.call(certificateCredential, { params: { id } });
  files.save(new TextEncoder().encode(answer.credential), answer.filename, 'application/jwt');
}

import { injectable } from 'inversify';
import type { FileSaver } from '../application/ports';

/** Saves bytes as a download through an object URL and a temporary link. */
@injectable()
export class BlobFileSaver implements FileSaver {
  save(bytes: Uint8Array, filename: string, mimeType: string): void {
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

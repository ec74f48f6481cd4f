/** What posts and comments share: plain-text titles and rich content through the server's allowlist. */
import { isBlank } from '../../src/domain/discussion';
import { sanitizeRichHtml } from '../render/sanitize';
import { DomainError } from './errors';

/** A field refused as the contract's checks would: `field: message`, and the message beside the field (ADR 164). */
function refused(field: 'title' | 'content', message: string): DomainError {
  return new DomainError('invalid', `${field}: ${message}`, undefined, { fieldErrors: { [field]: message } });
}

/** Titles are plain text: anything shaped like a tag is dropped, so no client can ever be tricked into markup. */
export function cleanTitle(title: string): string {
  let text = title;
  // Repeat until stable: removing one tag can join the pieces of another (`<<script>script>`).
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(/<\/?[a-z!?][^>]*>?/gi, '').replace(/<(?=[a-z!?/])/gi, '');
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (!text) throw refused('title', 'Title is required');
  return text;
}

/** Rich content through the server's allowlist; what is left must still say something. */
export function cleanRichContent(html: string, emptyMessage: string): string {
  const clean = sanitizeRichHtml(html).trim();
  if (isBlank(clean)) throw refused('content', emptyMessage);
  return clean;
}

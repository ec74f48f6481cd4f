/**
 * An editor's upload (issue 38 item 3, ADR 158), for any form of the staff console: a react-aria FileTrigger button
 * that sends the file to POST /api/staff/uploads through the FileUploader port, says what it is doing in a status line,
 * and hands the stored file's URL (and a picture's srcset and size, a PDF's pages) to `onUploaded`. The server decides
 * what a file is from its bytes; the size and type are checked here first only to say so at once.
 */
import { useId, useState } from 'react';
import { Button, FileTrigger, Text } from 'react-aria-components';
import { messageOf } from '../../../application/api-error';
import type { ResponseOf } from '../../../contract/define';
import type { uploadFile as uploadCall } from '../../../contract/authoring';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../../../domain/uploads';
import { uploadFile } from '../../calls';
import { InlineError } from '../../components/fields';
import { useServices } from '../../services-context';

export type Uploaded = ResponseOf<typeof uploadCall>;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'];
const PDF_TYPES = ['application/pdf'];
const TYPES = { image: IMAGE_TYPES, pdf: PDF_TYPES, any: [...IMAGE_TYPES, ...PDF_TYPES] } as const;
const HELP = {
  image: 'JPEG, PNG, WebP or SVG. Location and camera details are removed; the picture is kept in the sizes pages use.',
  pdf: 'A PDF of up to 30 MB, not protected by a password. Its text is kept for search.',
  any: 'A JPEG, PNG, WebP or SVG picture, or a PDF of up to 30 MB.',
} as const;

export function UploadField({ label, accept = 'image', onUploaded, current }: {
  /** The button's words, e.g. 'Upload a cover image'. */
  label: string;
  accept?: keyof typeof TYPES;
  onUploaded: (uploaded: Uploaded) => void;
  /** The URL the field holds now, said in the status line. */
  current?: string | undefined;
}) {
  const { uploads } = useServices();
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();
  const errorId = useId();
  const accepted: readonly string[] = TYPES[accept];

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setDone(null);
    if (file.size > UPLOAD_MAX_BYTES) return setError(UPLOAD_TEXT.tooBig);
    if (file.type && !accepted.includes(file.type)) return setError(UPLOAD_TEXT.unsupported);
    setError(null);
    setBusy(file.name);
    try {
      const answer = await uploadFile.use((call) => uploads.upload(call, file, file.name));
      setDone(`${UPLOAD_TEXT.uploaded} ${file.name}: ${answer.url}`);
      onUploaded(answer);
    } catch (failure) {
      setError(messageOf(failure, `Could not upload ${file.name}. Please try again.`));
    } finally {
      setBusy(null);
    }
  };

  const status = busy ? `Uploading ${busy}...` : (done ?? (current ? `Now: ${current}` : ''));
  return (
    <div className="field upload-field">
      <FileTrigger acceptedFileTypes={[...accepted]} onSelect={(files) => void upload(files?.[0])}>
        <Button className="button" isDisabled={busy !== null} aria-describedby={`${helpId}${error ? ` ${errorId}` : ''}`}>
          {busy ? 'Uploading...' : label}
        </Button>
      </FileTrigger>
      <Text id={helpId} className="field__help">
        {HELP[accept]}
      </Text>
      <p className="field__help" role="status">
        {status}
      </p>
      <InlineError id={errorId} error={error} />
    </div>
  );
}

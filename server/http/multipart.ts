/** One file of a multipart/form-data request (the avatar, an editor's upload), its bytes read whole. */
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * The bytes of the request's one file, read whole; a request without one answers 400 with `missing`, and one past the
 * plugin's `fileSize` limit answers 413 with `tooBig`.
 */
export async function singleFile(request: FastifyRequest, text: { missing: string; tooBig: string }): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new HttpError(400, text.missing);
  try {
    const file = await request.file();
    if (!file) throw new HttpError(400, text.missing);
    return { bytes: await file.toBuffer(), filename: file.filename };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, text.tooBig);
    throw new HttpError(400, text.missing);
  }
}

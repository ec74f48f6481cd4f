/** Editors' uploads (issue 38 item 3): one file per request, at most UPLOAD_MAX_BYTES; roles checked by `implement`. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadFile } from '../../src/contract/authoring';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../../src/domain/uploads';
import { singleFile } from '../http/multipart';
import { implement } from '../http/route';
import type { UploadService } from '../services/uploads';

export async function uploadRoutes(app: FastifyInstance, { service }: { service: UploadService }) {
  // This plugin's own multipart limits (the avatar's are smaller): one file, nothing else.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 } });

  implement(app, uploadFile, async ({ request, user }) => {
    const { bytes, filename } = await singleFile(request, UPLOAD_TEXT);
    return { success: true, ...(await service.upload(user.id, bytes, filename)) } as const;
  });
}

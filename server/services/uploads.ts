/**
 * Editors' uploads (issue 38 item 3, ADR 158). What a file is comes from its bytes, never its name or declared type:
 * - a JPEG, PNG or WebP picture is decoded by sharp, turned upright and encoded again as WebP in the widths pages show
 *   (UPLOAD_IMAGE_WIDTHS, never enlarged), without EXIF, XMP, IPTC or ICC (sharp writes none unless asked);
 * - an SVG goes through the SVG allowlist (scripts, handlers and outside references go) and must then draw in sharp;
 * - a PDF must open in pdf.js and not be encrypted; the text of each page is kept for search.
 * Every file is kept in the database (each instance serves it) under a path made of a hash of its bytes.
 */
import { createHash } from 'node:crypto';
import { srcsetOf, UPLOAD_IMAGE_PREFIX, UPLOAD_IMAGE_WIDTHS, UPLOAD_PDF_PREFIX, UPLOAD_TEXT } from '../../src/domain/uploads';
import type { Db } from '../data/client';
import { appendAudit } from '../data/staff';
import { keepUpload, type StoredFile } from '../data/uploads';
import { openImage, rasterFormat } from '../render/images';
import { checkedPdf } from '../render/pdf-text';
import { looksLikeSvg, sanitizeSvg } from '../render/sanitize-svg';
import { invalid } from './errors';

export type UploadAnswer =
  | { type: 'image'; url: string; srcset?: string; width: number; height: number }
  | { type: 'pdf'; url: string; pages: number };

const hashOf = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 24);
const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/** The widths a picture `width` px wide is kept at: each listed width below it, then its own when it is narrower. */
export function widthsFor(width: number): number[] {
  const below = UPLOAD_IMAGE_WIDTHS.filter((w) => w < width);
  return width < UPLOAD_IMAGE_WIDTHS[UPLOAD_IMAGE_WIDTHS.length - 1]! ? [...below, width] : [...UPLOAD_IMAGE_WIDTHS];
}

/** A raster picture: upright, each width as WebP, no metadata. */
async function rasterUpload(bytes: Buffer): Promise<{ files: StoredFile[]; answer: UploadAnswer }> {
  let upright: { width: number; height: number };
  try {
    const { info } = await openImage(bytes).autoOrient().toBuffer({ resolveWithObject: true });
    upright = { width: info.width, height: info.height };
  } catch {
    // A header that reads as a picture over a body that does not decode.
    throw invalid(UPLOAD_TEXT.notAnImage);
  }
  const widths = widthsFor(upright.width);
  const encoded = await Promise.all(widths.map((width) =>
    openImage(bytes).autoOrient().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer()));
  const hash = hashOf(encoded[encoded.length - 1]!);
  const files = encoded.map((body, i) => ({ path: `${UPLOAD_IMAGE_PREFIX}${hash}-${widths[i]}.webp`, contentType: 'image/webp', body }));
  const largest = files[files.length - 1]!;
  return {
    files,
    answer: {
      type: 'image', url: largest.path, srcset: srcsetOf(files.map((f, i) => ({ url: f.path, width: widths[i]! }))),
      width: upright.width, height: upright.height,
    },
  };
}

/** An SVG through the allowlist; what is left must draw. */
async function svgUpload(bytes: Buffer): Promise<{ files: StoredFile[]; answer: UploadAnswer }> {
  const clean = sanitizeSvg(bytes.toString('utf8'));
  if (!clean) throw invalid(UPLOAD_TEXT.unsafeSvg);
  let size: { width: number; height: number };
  try {
    const { info } = await openImage(Buffer.from(clean)).png().toBuffer({ resolveWithObject: true });
    size = { width: info.width, height: info.height };
  } catch {
    throw invalid(UPLOAD_TEXT.notAnImage);
  }
  const path = `${UPLOAD_IMAGE_PREFIX}${hashOf(clean)}.svg`;
  return { files: [{ path, contentType: 'image/svg+xml', body: Buffer.from(clean) }], answer: { type: 'image', url: path, ...size } };
}

export class UploadService {
  constructor(private readonly db: Db) {}

  async upload(actorId: string, bytes: Buffer, filename: string): Promise<UploadAnswer> {
    if (bytes.byteLength === 0) throw invalid(UPLOAD_TEXT.missing);
    if (isPdf(bytes)) return this.pdf(actorId, bytes);
    let made: { files: StoredFile[]; answer: UploadAnswer };
    if (looksLikeSvg(bytes)) made = await svgUpload(bytes);
    else if (await rasterFormat(bytes)) made = await rasterUpload(bytes);
    // A file named .pdf whose bytes are not one is told so; anything else is not something pages can show.
    else throw invalid(/\.pdf$/i.test(filename) ? UPLOAD_TEXT.notAPdf : UPLOAD_TEXT.unsupported);
    await keepUpload(this.db, made.files);
    await this.log(actorId, made.answer, bytes.byteLength);
    return made.answer;
  }

  private async pdf(actorId: string, bytes: Buffer): Promise<UploadAnswer> {
    const checked = await checkedPdf(bytes);
    if (checked.outcome !== 'ok') throw invalid(checked.outcome === 'encrypted' ? UPLOAD_TEXT.encryptedPdf : UPLOAD_TEXT.notAPdf);
    const path = `${UPLOAD_PDF_PREFIX}${hashOf(bytes)}.pdf`;
    await keepUpload(this.db, [{ path, contentType: 'application/pdf', body: bytes }], { path, pages: checked.pages, uploadedBy: actorId });
    const answer: UploadAnswer = { type: 'pdf', url: path, pages: checked.pages.length };
    await this.log(actorId, answer, bytes.byteLength);
    return answer;
  }

  private log(actorId: string, answer: UploadAnswer, bytes: number) {
    return appendAudit(this.db, { actorId, action: 'file.uploaded', target: `file:${answer.url}`, detail: { type: answer.type, bytes } });
  }
}

/**
 * Editors' uploads (issue 38 item 3, ADR 158): pictures are re-encoded without metadata in the widths pages show
 * them at; PDFs are checked and their text kept page by page for search. Both are stored in the database and served
 * under /files/: pictures publicly (their URL is a hash of their bytes, so it never serves other bytes), PDFs to
 * members, as every library document is.
 */

/** The largest file an editor may upload (a PDF of a report; pictures are far smaller). */
export const UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
/**
 * The widths kept of a picture, as WebP: a card (about 380 px) at 1x and 2x, and the article page and the home
 * slides (780 px wide at most) at 2x. A picture narrower than a width is not enlarged: its own width is the last.
 */
export const UPLOAD_IMAGE_WIDTHS = [480, 960, 1600] as const;
/** Where pictures are served (public), and where PDFs are (members, as the library's documents). */
export const UPLOAD_IMAGE_PREFIX = '/files/uploads/';
export const UPLOAD_PDF_PREFIX = '/files/documents/';

export const UPLOAD_TEXT = {
  missing: 'Please choose a file to upload',
  tooBig: 'Files must be at most 30 MB',
  unsupported: 'Please choose a JPEG, PNG, WebP or SVG picture, or a PDF',
  notAnImage: 'This file is not a picture we can read',
  unsafeSvg: 'This SVG cannot be used: it holds scripts or content from elsewhere',
  notAPdf: 'This file is not a PDF we can read',
  encryptedPdf: 'This PDF is protected by a password or encrypted; please upload it without protection',
  uploaded: 'Uploaded',
} as const;

/** The `srcset` of a picture's widths: '/files/uploads/ab12-480.webp 480w, …'. */
export function srcsetOf(urls: readonly { url: string; width: number }[]): string {
  return urls.map((u) => `${u.url} ${u.width}w`).join(', ');
}

/**
 * The `srcset` of a picture an editor uploaded, from its URL alone (issue 38 item 3): the upload keeps each listed
 * width below the picture's own and names the largest file by its width, so `/files/uploads/ab12-1200.webp` was kept
 * at 480, 960 and 1200. Undefined for anything else (an SVG scales by itself; an imported picture has one file).
 */
export function uploadedSrcset(url: string): string | undefined {
  const width = /^\/files\/uploads\/[0-9a-f]{16,64}-(\d{2,4})\.webp$/.exec(url)?.[1];
  if (!width) return undefined;
  const largest = Number(width);
  const base = url.slice(0, url.lastIndexOf('-'));
  const widths = [...UPLOAD_IMAGE_WIDTHS.filter((w) => w < largest), largest];
  return srcsetOf(widths.map((w) => ({ url: `${base}-${w}.webp`, width: w })));
}

/** A picture an editor uploaded, as an article's body may show it (issue 38): only our own re-encoded files. */
export const UPLOADED_PICTURE = /^\/files\/uploads\/[0-9a-f]{16,64}(?:-\d{2,4})?\.(?:webp|svg)$/;

/** A figure of the content folder, one of the product's own SVGs under /media/lessons/<course>/. */
export const LESSON_SVG = /^\/media\/lessons\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/;
/** What a lesson may show (ADR 173): a figure of the content folder, or a picture an editor uploaded. */
export const LESSON_PICTURE = new RegExp(`${LESSON_SVG.source}|${UPLOADED_PICTURE.source}`);

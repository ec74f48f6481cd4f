/**
 * Keeping content on this device for offline reading (issue 42 items 2 and 3, ADR 174): what a kept item is, where it
 * is kept (one Cache Storage cache per item, named here), the words the views say, and the pure reading of pages for
 * what they need offline (their scripts, styles and pictures). Shared by the pages, the service worker and the
 * offline page's script: no I/O here.
 */

export type KeptKind = 'course' | 'article' | 'document';

export interface KeptItem {
  kind: KeptKind;
  /** The course's or article's id, or the document's path. */
  id: string;
  title: string;
  /** Where it opens: the course's page, the article's, the document itself. */
  href: string;
  /** What the kept copies weigh, in bytes. */
  bytes: number;
  /** When it was kept (ISO 8601). */
  keptAt: string;
  /** For a course: a fingerprint of its outline and lessons when kept, to keep it again when they change. */
  version?: string;
}

/** What a member asks to keep; the shelf works out the addresses. */
export interface KeepRequest {
  kind: KeptKind;
  id: string;
  title: string;
  href: string;
}

export interface StorageEstimate {
  usage: number;
  quota: number;
}

/**
 * Written by the build: `{ common: string[]; pages: Record<page, string[]> }`, the scripts and styles the app and each
 * page (with every chunk it may load later) need, so a kept page works without a connection.
 */
export const OFFLINE_ASSETS_FILE = 'offline-assets.json';
export interface OfflineAssets {
  common: string[];
  pages: Record<string, string[]>;
}
/** The route-table pages each kind opens on (src/ui/route-table.ts). */
export const KEPT_PAGES: Record<KeptKind, readonly string[]> = { course: ['course-view', 'course-lesson', 'course-assessment'], article: ['article'], document: [] };

/** Every kept item's cache starts so; nothing else does. */
export const KEPT_CACHE_PREFIX = 'kept:';
/**
 * The app's scripts and styles that kept pages need, kept once for all of them (not per item); removed with the last
 * kept item.
 */
export const KEPT_CODE_CACHE = 'kept-code';
/** Whether a cache is one of what the member kept (an item's, or the code they share). */
export const isKeptCache = (name: string) => name.startsWith(KEPT_CACHE_PREFIX) || name === KEPT_CODE_CACHE;

/** The entry in an item's cache that describes it (a KeptItem as JSON). */
export const KEPT_META_URL = '/__kept__/item.json';

export function keptKey(item: Pick<KeptItem, 'kind' | 'id'>): string {
  return `${item.kind}:${item.id}`;
}

export function keptCacheName(item: Pick<KeptItem, 'kind' | 'id'>): string {
  return `${KEPT_CACHE_PREFIX}${keptKey(item)}`;
}

export const OFFLINE_TEXT = {
  keep: 'Keep offline',
  keeping: 'Keeping...',
  kept: 'Kept offline',
  remove: 'Remove',
  removing: 'Removing...',
  failed: 'This could not be kept on this device. Check your connection and the space left, then try again.',
  removeFailed: 'This could not be removed from this device. Please try again.',
  unsupported: 'This browser cannot keep pages for offline reading.',
  heading: 'Kept for offline reading',
  empty: 'Nothing is kept on this device yet. Choose Keep offline on a course, an article or a library document.',
  queued: 'Saved on this device: it will be sent when you are back online.',
  questionsHeading: 'Its questions, to read meanwhile',
  questionsLead: 'The assessment is marked by the server, so it waits until you are back online. These are its questions, kept on this device; the answers are not.',
} as const;

export const keptAnnouncement = (title: string) => `${title} is kept on this device.`;
export const removedAnnouncement = (title: string) => `${title} was removed from this device.`;
/** A kept course whose lessons changed, kept again once the member is online (issue 42 item 5). */
export const updatedAnnouncement = (title: string) => `${title} was updated on this device: its lessons changed.`;

const KIND_LABEL: Record<KeptKind, string> = { course: 'Course', article: 'Article', document: 'Document' };
export const keptKindLabel = (kind: KeptKind) => KIND_LABEL[kind];

/** "820 KB", "3.4 MB", "1.2 GB": sizes as a file manager says them (1 KB = 1000 bytes), never "1000 KB". */
export function bytesLabel(bytes: number): string {
  const whole = Math.max(0, Math.round(bytes));
  if (whole < 1000) return `${whole} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = whole / 1000;
  let unit = 0;
  const shown = (v: number) => (v >= 100 ? Math.round(v) : Number(v.toFixed(1)));
  // The unit moves up when the number as shown would reach 1000.
  while (shown(value) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${shown(value)} ${units[unit]}`;
}

/** "Using 3.4 MB of about 1.2 GB this browser allows this site." */
export function estimateText(estimate: StorageEstimate): string {
  return `Using ${bytesLabel(estimate.usage)} of about ${bytesLabel(estimate.quota)} this browser allows this site.`;
}

const ATTRIBUTE = /\s(src|href|srcset|data-src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/**
 * The same-site addresses a page or a lesson needs to be read offline: its scripts and styles (under /static/) and
 * its pictures and figures (uploads and content files). Links to other pages are not followed; `srcset` candidates
 * are all kept, since the browser picks one by the screen's width.
 */
export function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? '';
    const candidates = match[1]?.toLowerCase() === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
    for (const candidate of candidates) {
      const address = candidate.replace(/&amp;/g, '&');
      if (/^\/(static|files|media|icons)\//.test(address)) found.add(address);
    }
  }
  return [...found];
}

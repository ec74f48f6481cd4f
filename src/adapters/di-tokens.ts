/** Symbol tokens for every port the composition root binds. */
export const TOKENS = {
  ApiConfig: Symbol.for('ApiConfig'),
  ApiClient: Symbol.for('ApiClient'),
  FileUploader: Symbol.for('FileUploader'),
  TokenStore: Symbol.for('TokenStore'),
  Navigator: Symbol.for('Navigator'),
  Analytics: Symbol.for('Analytics'),
  Clock: Symbol.for('Clock'),
  FileSaver: Symbol.for('FileSaver'),
  DraftStore: Symbol.for('DraftStore'),
  Notifier: Symbol.for('Notifier'),
  NotificationStream: Symbol.for('NotificationStream'),
  ThemeSetting: Symbol.for('ThemeSetting'),
  OfflineShelf: Symbol.for('OfflineShelf'),
} as const;

export interface ApiConfig {
  /** e.g. `/api` or `http://127.0.0.1:3000/api`. */
  baseUrl: string;
  /** First retry delay; doubles each time, capped at 30 s. */
  retryBaseMs: number;
  /** Unused cache entries are dropped after this long. */
  cacheTtlMs: number;
  /** How long a read ahead waits for its call (READ_AHEAD_TTL_MS when absent). */
  readAheadTtlMs?: number;
  /** The fetch to send requests with: the browser's, or the server's own in-process one while it renders a page. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** The ports the core needs from the outside world. Adapters implement them; the composition root binds them. */
import type { BodyOf, Call, ParamsOf, QueryOf, ResponseOf } from '../contract/define';
import type { NotificationEvent } from '../contract/notifications';
import type { ThemeChoice } from '../domain/theme';
import type { KeepRequest, KeptItem, StorageEstimate } from '../domain/offline';

export interface CallInput<C extends Call> {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyOf<C>;
}

export interface CallOptions {
  /** Skip the read cache for this GET (the answer still refreshes the cache). */
  fresh?: boolean;
  /**
   * For a mutation sent after the stored token is gone (telling the server about a logout): send this token instead,
   * and leave the 401 rule out, since the session on this device has already ended.
   */
  token?: string;
}

/** Every backend call, typed by the wire contract. Rejects with ApiError. */
export interface ApiClient {
  call<C extends Call>(call: C, input?: CallInput<C>, options?: CallOptions): Promise<ResponseOf<C>>;
  /** Drops every cached answer (the signed-in user changed). */
  clearCache(): void;
  /**
   * Starts loading what a first call needs (the HTTP adapter's code), without calling: for a call the reader is
   * about to make (an answer chosen, Submit next), so it does not wait for the code.
   */
  prepare(): void;
  /**
   * Reads a GET's answer ahead of its call, for a reader about to ask (a pointer on the button, the focus on it): the
   * next `call` for it, made soon after, takes the answer decoded, without asking again. Nothing is returned and
   * nothing fails: a read that failed is made again by the call. A `fresh` call drops what was read ahead.
   */
  prefetch<C extends Call>(call: C, input?: CallInput<C>): void;
  /** Called after any 401 answer, once the token is gone and the redirect to /login has started. */
  onUnauthorized(listener: () => void): () => void;
}

/**
 * Sends one file as multipart/form-data (field `file`) to a call of the contract, with the same token, 401 rule and
 * cache invalidation as every other call (the avatar, issue 35). Rejects with ApiError.
 */
export interface FileUploader {
  upload<C extends Call>(call: C, file: Blob, filename: string): Promise<ResponseOf<C>>;
  /** Text fields with an optional file (field `file.field`) as multipart/form-data (a CPD activity, issue 39). */
  submitForm<C extends Call>(call: C, fields: Record<string, string>, file?: { field: string; blob: Blob; filename: string }): Promise<ResponseOf<C>>;
}

/** Where the session token lives between visits (a cookie named `token`). */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/**
 * The session-storage key a full page load reads once: set, the new page moves the focus to its heading and says its
 * title, as a move inside the app does (finishing signup, ADR 164).
 */
export const FOCUS_HEADING_AFTER_LOAD = 'sustainlearn.focus-heading';

export interface Navigator {
  /**
   * A full page load of a path (the 401 rule, signup's reload to /). `focusHeading`: the loaded page moves the focus to
   * its heading, instead of leaving it on <body> (FOCUS_HEADING_AFTER_LOAD).
   */
  hardRedirect(path: string, options?: { focusHeading?: boolean }): void;
  /** A move inside the app, without a page load (the router hears it). */
  go(path: string, options?: { replace?: boolean }): void;
}

/** Short messages for the member (toasts). */
export interface NotifyOptions {
  position?: 'top-right';
  durationMs?: number;
}

export interface Notifier {
  success(message: string, options?: NotifyOptions): void;
  error(message: string): void;
}

export interface Analytics {
  pageView(path: string): void;
}

export interface Clock {
  now(): number;
  /** Calls `tick` every `ms`; returns a function that stops it. */
  every(ms: number, tick: () => void): () => void;
}

export interface FileSaver {
  save(bytes: Uint8Array, filename: string, mimeType: string): void;
}

export interface DraftStore {
  load(key: string): string | null;
  save(key: string, value: string): void;
  remove(key: string): void;
}

/** What the live notification stream says to its listener (issue 37, ADR 147). */
export interface NotificationStreamListener {
  opened(): void;
  /** A pushed notification, already checked against the contract's schema. */
  received(event: NotificationEvent): void;
  /** The stream broke or could not open; it is closed, and the listener hears nothing more from it. */
  failed(): void;
}

/** The signed-in member's live notifications (Server-Sent Events): opened after a `seq`, closed by the returned function. */
export interface NotificationStream {
  open(lastSeq: number | null, listener: NotificationStreamListener): () => void;
}

/** A push subscription as the browser gives it (PushSubscription.toJSON()): where to send, and the keys. */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** This device's push (issue 42 item 4, ADR 169): whether it can, whether the member allowed it, its subscription. */
export interface PushDevice {
  status(): Promise<{ state: 'unsupported' | 'denied' | 'off' } | { state: 'on'; subscription: PushSubscriptionKeys }>;
  /** Asks the member's permission when needed, then subscribes with the server's key; 'denied' when refused. */
  subscribe(publicKey: string): Promise<PushSubscriptionKeys | 'denied'>;
  /** Ends the device's subscription; answers its endpoint, or null when there was none. */
  unsubscribe(): Promise<string | null>;
}

/** The reader's colour theme (ADR 165): read once at start, written (kept between visits and shown) on each change. */
export interface ThemeSetting {
  read(): ThemeChoice;
  write(choice: ThemeChoice): void;
}

/**
 * What this device keeps for offline reading (issue 42, ADR 174): each kept item in a cache of its own, read back
 * for the /offline list. `keep` works out and stores every address the item needs (pages, answers, pictures, scripts)
 * and answers the item as kept, with its size; it rejects when any of them could not be stored (nothing is left half
 * kept). `supported` is false where the browser has no Cache Storage.
 */
export interface OfflineShelf {
  supported(): boolean;
  list(): Promise<KeptItem[]>;
  keep(request: KeepRequest): Promise<KeptItem>;
  remove(item: Pick<KeptItem, 'kind' | 'id'>): Promise<void>;
  /**
   * A kept course kept again when its outline or lessons changed since: the new item, or null when nothing changed,
   * when offline, or when it could not be checked (it stays as kept).
   */
  refresh(item: KeptItem): Promise<KeptItem | null>;
  /** Removes everything kept, the shared code too (the member's session ended). */
  clear(): Promise<void>;
  /** The browser's storage estimate for this site, or null where it gives none. */
  estimate(): Promise<StorageEstimate | null>;
  /** Asks the browser to keep this site's storage under pressure; answers whether it is persisted. */
  persist(): Promise<boolean>;
}

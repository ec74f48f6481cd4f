/** The composition root: binds every port to its adapter, starts the session actor and binds every machine's effects. */
import 'reflect-metadata';
import { Container } from 'inversify';
import { createActor } from 'xstate';
import { provideNotificationCentre } from '../application/notification-centre.effects';
import { provideOfflineShelf } from '../application/offline-shelf.effects';
import type {
  Analytics, ApiClient, Clock, DraftStore, FileSaver, FileUploader, Navigator, NotificationStream, Notifier, OfflineShelf, ThemeSetting, TokenStore,
} from '../application/ports';
import type { AppServices } from '../application/services';
import { provideSession } from '../application/session.effects';
import { renderedSession } from '../application/session.machine';
import { provideTheme } from '../application/theme.effects';
import { THEME_COOKIE, type ThemeChoice } from '../domain/theme';
import type { User } from '../domain/user';
import { BeaconAnalytics } from './beacon-analytics';
import { BlobFileSaver } from './blob-file-saver';
import { BrowserNavigator } from './browser-navigator';
import { CookieThemeSetting, THEMED_PAGE, type ThemedPage } from './cookie-theme-setting';
import { COOKIE_JAR, CookieTokenStore, type CookieJar, TOKEN_COOKIE } from './cookie-token-store';
import { type ApiConfig, TOKENS } from './di-tokens';
import { LazyApiClient } from './http/lazy-api-client';
import { LocalDraftStore } from './local-draft-store';
import { BrowserPushDevice } from './browser-push-device';
import { provideMachines } from './machines';
import { RenderNavigator } from './render-navigator';
import { SonnerNotifier } from './sonner-notifier';
import { SseNotificationStream } from './sse-notification-stream';
import { SystemClock } from './system-clock';
import { CacheStorageShelf } from './offline/cache-storage-shelf';
import { whenIdle } from './when-idle';

export const DEFAULT_API_CONFIG: ApiConfig = { baseUrl: '/api', retryBaseMs: 1000, cacheTtlMs: 5 * 60 * 1000 };

export function createContainer(config: Partial<ApiConfig> = {}, jar: CookieJar = document, page: ThemedPage | null = document): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<ApiConfig>(TOKENS.ApiConfig).toConstantValue({ ...DEFAULT_API_CONFIG, ...config });
  container.bind<CookieJar>(COOKIE_JAR).toConstantValue(jar);
  container.bind<ThemedPage | null>(THEMED_PAGE).toConstantValue(page);
  container.bind<TokenStore>(TOKENS.TokenStore).to(CookieTokenStore);
  container.bind<ThemeSetting>(TOKENS.ThemeSetting).to(CookieThemeSetting);
  container.bind<Navigator>(TOKENS.Navigator).to(BrowserNavigator);
  container.bind<ApiClient>(TOKENS.ApiClient).to(LazyApiClient);
  // The same client sends files: one token, one 401 rule, one cache to invalidate.
  container.bind<FileUploader>(TOKENS.FileUploader).toService(TOKENS.ApiClient);
  container.bind<Analytics>(TOKENS.Analytics).to(BeaconAnalytics);
  container.bind<Clock>(TOKENS.Clock).to(SystemClock);
  container.bind<FileSaver>(TOKENS.FileSaver).to(BlobFileSaver);
  container.bind<DraftStore>(TOKENS.DraftStore).to(LocalDraftStore);
  container.bind<Notifier>(TOKENS.Notifier).to(SonnerNotifier);
  container.bind<NotificationStream>(TOKENS.NotificationStream).to(SseNotificationStream);
  container.bind<OfflineShelf>(TOKENS.OfflineShelf).to(CacheStorageShelf);
  return container;
}

/**
 * Builds every port's adapter now. Planning each binding is about half of the composition root's time, so the
 * browser's start does this in a task of its own (src/ui/boot.tsx); createServices then finds them built (singletons).
 */
export function buildPorts(container: Container): void {
  for (const token of Object.values(TOKENS)) container.get(token);
}

/**
 * Every port bound and the session started. `rendered` is the session a server-rendered page was drawn for (its
 * member, or null for nobody): the session starts there instead of asking for the profile again.
 */
export function createServices(
  container: Container = createContainer(),
  rendered?: { user: User | null },
  log: (message: string, error: unknown) => void = (message, error) => console.warn(message, error),
  live = true,
): AppServices {
  const api = container.get<ApiClient>(TOKENS.ApiClient);
  const tokens = container.get<TokenStore>(TOKENS.TokenStore);
  const machine = provideSession({ api, tokens, log });
  const session = createActor(machine, rendered ? { snapshot: renderedSession(machine, rendered.user) } : {}).start();
  api.onUnauthorized(() => session.send({ type: 'session.unauthorized' }));
  const themeSetting = container.get<ThemeSetting>(TOKENS.ThemeSetting);
  const theme = createActor(provideTheme({ theme: themeSetting }), { input: { choice: themeSetting.read() } }).start();
  const ports = {
    api,
    uploads: container.get<FileUploader>(TOKENS.FileUploader),
    tokens,
    navigator: container.get<Navigator>(TOKENS.Navigator),
    clock: container.get<Clock>(TOKENS.Clock),
    files: container.get<FileSaver>(TOKENS.FileSaver),
    drafts: container.get<DraftStore>(TOKENS.DraftStore),
    notifier: container.get<Notifier>(TOKENS.Notifier),
    log,
  };
  const endSession = () => session.send({ type: 'session.unauthorized' });
  const notifications = createActor(
    provideNotificationCentre({ ...ports, stream: container.get<NotificationStream>(TOKENS.NotificationStream) }),
  ).start();
  // The centre listens while a member is signed in, in the browser only: a page drawn on the server opens no stream.
  // It starts when the page is alive (goLive, from the view once hydrated): an event arriving while React still matches
  // the server's HTML would change the bell under it (a hydration mismatch, React #418).
  // What this device keeps for offline reading (ADR 174): read once the page is alive, in the browser only.
  const offline = live ? createActor(provideOfflineShelf({ shelf: container.get<OfflineShelf>(TOKENS.OfflineShelf), notifier: ports.notifier, log })).start() : undefined;
  let wentLive = false;
  const goLive = () => {
    if (!live || wentLive) return;
    wentLive = true;
    // Opening the shelf asks the cache storage for its list: when the browser is idle, not in hydration's effects.
    whenIdle(() => offline?.send({ type: 'shelf.open' }));
    let member: string | null = null;
    const follow = (user: User | null) => {
      const id = user?._id ?? null;
      if (id === member) return;
      if (member) notifications.send({ type: 'stop' });
      member = id;
      if (id) notifications.send({ type: 'start' });
    };
    const signedIn = () => (session.getSnapshot().matches('signedIn') ? session.getSnapshot().context.user : null);
    // What a member kept on this device goes when their session here ends, or another member signs in (ADR 174).
    let owner = signedIn()?._id ?? null;
    session.subscribe((snapshot) => {
      const member = signedIn();
      if (!snapshot.matches('loadingProfile')) {
        if (owner !== null && member?._id !== owner) offline?.send({ type: 'session.ended' });
        owner = member?._id ?? null;
      }
      follow(navigator.onLine ? member : null);
    });
    follow(navigator.onLine ? signedIn() : null);
    // Without a connection (a kept lesson read offline, ADR 174) the centre rests instead of asking again and again.
    window.addEventListener('offline', () => follow(null));
    window.addEventListener('online', () => {
      follow(signedIn());
      offline?.send({ type: 'connection.back' });
    });
  };
  return {
    ...ports, analytics: container.get<Analytics>(TOKENS.Analytics), session, notifications, theme, goLive, offline, machines: provideMachines({ ...ports, endSession, push: new BrowserPushDevice() }),
  };
}

/**
 * The ports while the server renders one page (ADR 100): the request's token in a cookie jar of its own, calls sent
 * through the server's in-process `fetch` (no network hop), and a navigator that never moves.
 */
export function createRenderServices(request: {
  token: string | null; theme: ThemeChoice; fetch: NonNullable<ApiConfig['fetch']>; user: User | null;
}): AppServices {
  const cookies = [request.token ? `${TOKEN_COOKIE}=${encodeURIComponent(request.token)}` : '', `${THEME_COOKIE}=${request.theme}`];
  const jar: CookieJar = { cookie: cookies.filter(Boolean).join('; ') };
  // The page is drawn as a string: the theme is written into it by the server (ADR 165), never by this adapter.
  const container = createContainer({ fetch: request.fetch, retryBaseMs: 50 }, jar, null);
  container.rebind<Navigator>(TOKENS.Navigator).to(RenderNavigator);
  // What a screen logs while drawn (a course that does not exist) is logged again by the browser, where it matters.
  return createServices(container, { user: request.user }, () => {}, false);
}

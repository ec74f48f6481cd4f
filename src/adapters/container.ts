/** The composition root: binds every port to its adapter, starts the session actor and binds every machine's effects. */
import 'reflect-metadata';
import { Container } from 'inversify';
import { createActor } from 'xstate';
import type { Analytics, ApiClient, Clock, DraftStore, FileSaver, Navigator, Notifier, TokenStore } from '../application/ports';
import type { AppServices } from '../application/services';
import { provideSession } from '../application/session.effects';
import { BeaconAnalytics } from './beacon-analytics';
import { BlobFileSaver } from './blob-file-saver';
import { BrowserNavigator } from './browser-navigator';
import { COOKIE_JAR, CookieTokenStore, type CookieJar } from './cookie-token-store';
import { type ApiConfig, TOKENS } from './di-tokens';
import { LazyApiClient } from './http/lazy-api-client';
import { LocalDraftStore } from './local-draft-store';
import { provideMachines } from './machines';
import { SonnerNotifier } from './sonner-notifier';
import { SystemClock } from './system-clock';

export const DEFAULT_API_CONFIG: ApiConfig = { baseUrl: '/api', retryBaseMs: 1000, cacheTtlMs: 5 * 60 * 1000 };

export function createContainer(config: Partial<ApiConfig> = {}, jar: CookieJar = document): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<ApiConfig>(TOKENS.ApiConfig).toConstantValue({ ...DEFAULT_API_CONFIG, ...config });
  container.bind<CookieJar>(COOKIE_JAR).toConstantValue(jar);
  container.bind<TokenStore>(TOKENS.TokenStore).to(CookieTokenStore);
  container.bind<Navigator>(TOKENS.Navigator).to(BrowserNavigator);
  container.bind<ApiClient>(TOKENS.ApiClient).to(LazyApiClient);
  container.bind<Analytics>(TOKENS.Analytics).to(BeaconAnalytics);
  container.bind<Clock>(TOKENS.Clock).to(SystemClock);
  container.bind<FileSaver>(TOKENS.FileSaver).to(BlobFileSaver);
  container.bind<DraftStore>(TOKENS.DraftStore).to(LocalDraftStore);
  container.bind<Notifier>(TOKENS.Notifier).to(SonnerNotifier);
  return container;
}

export function createServices(container: Container = createContainer()): AppServices {
  const api = container.get<ApiClient>(TOKENS.ApiClient);
  const tokens = container.get<TokenStore>(TOKENS.TokenStore);
  const log = (message: string, error: unknown) => console.warn(message, error);
  const session = createActor(provideSession({ api, tokens, log })).start();
  api.onUnauthorized(() => session.send({ type: 'session.unauthorized' }));
  const ports = {
    api,
    tokens,
    navigator: container.get<Navigator>(TOKENS.Navigator),
    clock: container.get<Clock>(TOKENS.Clock),
    files: container.get<FileSaver>(TOKENS.FileSaver),
    drafts: container.get<DraftStore>(TOKENS.DraftStore),
    notifier: container.get<Notifier>(TOKENS.Notifier),
    log,
  };
  return { ...ports, analytics: container.get<Analytics>(TOKENS.Analytics), session, machines: provideMachines(ports) };
}

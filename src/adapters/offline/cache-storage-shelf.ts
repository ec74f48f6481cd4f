/**
 * The offline shelf in Cache Storage (issue 42 item 2, ADR 174): one cache per kept item (`kept:course:<id>`), holding
 * every page and API answer the item opens with, the pictures and the scripts and styles those pages load, and a
 * description of the item (KEPT_META_URL). The service worker answers from these caches when the network fails
 * (src/adapters/service-worker/kept.ts). What an item needs is gathered by keep-gather.ts, loaded with the first
 * keep (it brings effect and the contract); an item is kept whole or not at all.
 */
import { inject, injectable } from 'inversify';
import type { OfflineShelf, TokenStore } from '../../application/ports';
import { type ApiConfig, TOKENS } from '../di-tokens';
import type { Gathered } from './keep-gather';
import { isKeptCache, KEPT_CACHE_PREFIX, KEPT_CODE_CACHE, KEPT_META_URL, type KeepRequest, type KeptItem, keptCacheName, type StorageEstimate } from '../../domain/offline';

@injectable()
export class CacheStorageShelf implements OfflineShelf {
  private readonly apiBase: string;

  constructor(
    @inject(TOKENS.TokenStore) private readonly tokens: TokenStore,
    @inject(TOKENS.ApiConfig) config: ApiConfig,
  ) {
    this.apiBase = config.baseUrl;
  }

  supported(): boolean {
    return typeof caches !== 'undefined' && typeof fetch !== 'undefined';
  }

  async list(): Promise<KeptItem[]> {
    const names = (await caches.keys()).filter((name) => name.startsWith(KEPT_CACHE_PREFIX));
    const items = await Promise.all(names.map(async (name) => {
      const meta = await (await caches.open(name)).match(KEPT_META_URL);
      return meta ? ((await meta.json()) as KeptItem) : null;
    }));
    return items.filter((item): item is KeptItem => item !== null).sort((a, b) => b.keptAt.localeCompare(a.keptAt));
  }

  async keep(request: KeepRequest): Promise<KeptItem> {
    return this.store(request, (await this.gather(request))!);
  }

  async refresh(item: KeptItem): Promise<KeptItem | null> {
    if (item.kind !== 'course' || !navigator.onLine) return null;
    const request: KeepRequest = { kind: item.kind, id: item.id, title: item.title, href: item.href };
    const gathered = await this.gather(request, item.version);
    return gathered ? this.store(request, gathered) : null;
  }

  /** What the item needs, fetched by keep-gather.ts (loaded with the first keep); null when `unless` is its version still. */
  private async gather(request: KeepRequest, unless?: string) {
    const { gather } = await import(/* webpackChunkName: "offline-keep" */ './keep-gather');
    return gather(request, { apiBase: this.apiBase, token: this.tokens.get(), ...(unless ? { unless } : {}) });
  }

  /** The item's copies in its own cache (whole or not at all), the code in the shared one, and its description. */
  private async store(request: KeepRequest, { fetched, version }: Gathered): Promise<KeptItem> {
    const name = keptCacheName(request);
    await caches.delete(name);
    const cache = await caches.open(name);
    // The app's code is shared by every kept page: kept once, and counted in the estimate, not in the item's size.
    const isCode = (url: string) => url.startsWith('/static/');
    try {
      const code = await caches.open(KEPT_CODE_CACHE);
      for (const { url, response } of fetched) await (isCode(url) ? code : cache).put(url, response);
      const bytes = fetched.filter((f) => !isCode(f.url)).reduce((sum, f) => sum + f.bytes, 0);
      const item: KeptItem = { ...request, bytes, keptAt: new Date().toISOString(), ...(version ? { version } : {}) };
      await cache.put(KEPT_META_URL, new Response(JSON.stringify(item), { headers: { 'content-type': 'application/json' } }));
      return item;
    } catch (error) {
      // Out of space half-way: nothing is left half kept.
      await caches.delete(name);
      throw error;
    }
  }

  async remove(item: Pick<KeptItem, 'kind' | 'id'>): Promise<void> {
    await caches.delete(keptCacheName(item));
    // The last item takes the code kept for it along.
    if (!(await caches.keys()).some((name) => name.startsWith(KEPT_CACHE_PREFIX))) await caches.delete(KEPT_CODE_CACHE);
  }

  async clear(): Promise<void> {
    await Promise.all((await caches.keys()).filter(isKeptCache).map((name) => caches.delete(name)));
  }

  async estimate(): Promise<StorageEstimate | null> {
    if (!navigator.storage?.estimate) return null;
    const { usage, quota } = await navigator.storage.estimate();
    return usage === undefined || quota === undefined ? null : { usage, quota };
  }

  async persist(): Promise<boolean> {
    if (!navigator.storage?.persist) return false;
    return (await navigator.storage.persisted?.()) || navigator.storage.persist();
  }
}

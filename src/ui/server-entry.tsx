/**
 * The page bundle's entry (ADR 100): rspack builds it for Node as a second target, and the server loads the built file
 * through the renderer port. One render: the member named by the token (if any), every screen's data awaited
 * (react-dom/static waits for each suspended query and machine), the markup and the data the browser hydrates from.
 */
import './zod-jitless';
import { prerender } from 'react-dom/static';
import { createRenderServices } from '../adapters/container';
import { profile } from '../contract/auth';
import type { RenderFetch, RenderRequest, RenderResult } from '../contract/page-render';
import type { User } from '../domain/user';
import { App, type RenderLocation } from './app';
import { serverPreload } from './preload';
import { patternSource, ROUTE_TABLE } from './route-table';

/** A render that takes longer than this gives up on what is still loading; the browser loads it instead. */
const RENDER_TIMEOUT_MS = 5000;

async function memberOf(token: string | null, fetch: RenderFetch): Promise<User | null> {
  if (!token) return null;
  const response = await fetch('/api/auth/profile', { method: 'GET', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  if (!response.ok) return null;
  const parsed = profile.response.safeParse(await response.json());
  return parsed.success ? parsed.data.user : null;
}

function pageOf(path: string): string | null {
  return ROUTE_TABLE.find((route) => new RegExp(patternSource(route.path)).test(path))?.page ?? null;
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const [path = '/', search = ''] = request.url.split(/\?(.*)/s);
  const user = await memberOf(request.token, request.fetch);
  const services = createRenderServices({ token: user ? request.token : null, theme: request.theme, fetch: request.fetch, user });
  const preload = serverPreload(user, request.screen);
  const at: RenderLocation = { path, search, context: {}, status: 200 };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('render timed out')), RENDER_TIMEOUT_MS);
  try {
    const { prelude } = await prerender(<App services={services} preload={preload} at={at} />, {
      signal: controller.signal,
      // Every boundary inline, in place: the page reads complete without scripts (React would otherwise move large
      // boundaries to the end of the document and swap them in with inline scripts, which the CSP refuses).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        if (!controller.signal.aborted) console.error('render failed', error);
      },
    });
    const html = await new Response(prelude).text();
    return {
      status: at.status,
      redirect: at.context.redirectTo ?? null,
      html,
      data: JSON.stringify(preload.data()),
      signedIn: user !== null,
      page: pageOf(path),
    };
  } finally {
    clearTimeout(timer);
    services.session.stop();
    services.theme.stop();
  }
}

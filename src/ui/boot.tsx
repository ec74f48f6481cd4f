/**
 * The composition root in the browser: builds the services, and React hydrates the page the server rendered
 * (ADR 100), or renders the shell when the page came without markup (the development server). Loaded by main.tsx.
 *
 * Starting the app means evaluating a few hundred modules; on a slow phone that is one long task that keeps input
 * waiting. The start is cut in stages, each in its own task: React, then the libraries and adapters, then the ports and
 * machines, then the views, then hydration (which React itself slices, as a transition). The modules are in this chunk
 * already (`eager`): the stages cost no request.
 */
import { StrictMode, startTransition } from 'react';
import { noteTypingUntilLive } from './components/typed-before-live';
import { clientPreload, readPageData } from './preload';
import { whenIdle } from './when-idle';

/**
 * Yields to the browser: the rest runs in a task of its own, after any input waiting. A message, not `setTimeout(0)`,
 * which browsers hold back 4 ms once timers nest five deep: the start has more stages than that (ADR 183).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * What the composition root stands on, each evaluated in a task of its own: with the adapters they were one task of
 * about 100 ms at 4x CPU, which kept a tap waiting.
 */
const LIBRARY_STAGES: (() => Promise<unknown>)[] = [
  () => import(/* webpackMode: "eager" */ 'xstate'),
  () => Promise.all([import(/* webpackMode: "eager" */ 'reflect-metadata'), import(/* webpackMode: "eager" */ 'inversify')]),
  () => import(/* webpackMode: "eager" */ 'sonner'),
];

/**
 * What the views stand on, each in a task of its own before the views themselves (ADR 183). The component libraries
 * come in through the layout's own modules: a whole library's namespace would defeat tree shaking.
 */
const VIEW_STAGES: (() => Promise<unknown>)[] = [
  () => Promise.all([import(/* webpackMode: "eager" */ 'wouter'), import(/* webpackMode: "eager" */ '@xstate/react')]),
  () => import(/* webpackMode: "eager" */ './layout/theme-choice'),
  () => import(/* webpackMode: "eager" */ './layout/nav-bar'),
  () => import(/* webpackMode: "eager" */ './layout/footer'),
];

async function start() {
  // What a person types into the server's fields from now until the page is live reaches the app then (ADR 184).
  noteTypingUntilLive(document.getElementById('root') ?? document);
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { MACHINE_GROUPS } = await import(/* webpackMode: "eager" */ '../adapters/machine-groups/stages');
  for (const stage of [...LIBRARY_STAGES, ...MACHINE_GROUPS]) {
    await stage();
    await nextTask();
  }
  const { buildPorts, createContainer, createServices } = await import(/* webpackMode: "eager" */ '../adapters/container');
  await nextTask();
  const data = readPageData(document);
  const container = createContainer();
  await nextTask();
  buildPorts(container);
  await nextTask();
  const services = createServices(container, data ? { user: data.user } : undefined);
  await nextTask();
  for (const stage of VIEW_STAGES) {
    await stage();
    await nextTask();
  }
  const { App } = await import(/* webpackMode: "eager" */ './app');
  await nextTask();
  const element = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App services={services} preload={clientPreload(data)} />
    </StrictMode>
  );
  startTransition(() => {
    if (data && element.firstElementChild) hydrateRoot(element, app);
    else createRoot(element).render(app);
  });
  // The installable app's worker (ADR 170), after the load event and when idle: its own small chunk.
  void import(/* webpackChunkName: "service-worker" */ '../adapters/service-worker/register').then(({ registerServiceWorker }) => registerServiceWorker(whenIdle));
}

void start();

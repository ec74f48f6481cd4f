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
import { clientPreload, readPageData } from './preload';
import { whenIdle } from './when-idle';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the composition root stands on, each evaluated in a task of its own: with the adapters they were one task of
 * about 100 ms at 4x CPU, which kept a tap waiting.
 */
const LIBRARY_STAGES: (() => Promise<unknown>)[] = [
  () => import(/* webpackMode: "eager" */ 'xstate'),
  () => Promise.all([import(/* webpackMode: "eager" */ 'reflect-metadata'), import(/* webpackMode: "eager" */ 'inversify')]),
  () => import(/* webpackMode: "eager" */ 'sonner'),
];

async function start() {
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { MACHINE_GROUPS } = await import(/* webpackMode: "eager" */ '../adapters/machine-groups/stages');
  for (const stage of [...LIBRARY_STAGES, ...MACHINE_GROUPS]) {
    await stage();
    await nextTask();
  }
  const { createContainer, createServices } = await import(/* webpackMode: "eager" */ '../adapters/container');
  await nextTask();
  const data = readPageData(document);
  const services = createServices(createContainer(), data ? { user: data.user } : undefined);
  await nextTask();
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

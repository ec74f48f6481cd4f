/**
 * The composition root in the browser: builds the services, and React hydrates the page the server rendered
 * (ADR 100), or renders the shell when the page came without markup (the development server). Loaded by main.tsx.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createContainer, createServices } from '../adapters/container';
import { App } from './app';
import { clientPreload, readPageData } from './preload';

const data = readPageData(document);
const services = createServices(createContainer(), data ? { user: data.user } : undefined);
const element = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App services={services} preload={clientPreload(data)} />
  </StrictMode>
);
// A transition lets React hydrate (or render) the first screen in slices of a few milliseconds instead of one long
// task, so the page answers input while it starts on a slow phone.
startTransition(() => {
  if (data && element.firstElementChild) hydrateRoot(element, app);
  else createRoot(element).render(app);
});

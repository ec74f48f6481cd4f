/** Browser entry: the composition root builds the services, React renders the shell. */
import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createServices } from '../adapters/container';
import { App } from './app';
import './styles/app.css';

const services = createServices();
const root = createRoot(document.getElementById('root')!);
// A transition lets React render the first screen in slices of a few milliseconds instead of one long task, so the
// page answers input while it renders on a slow phone.
startTransition(() => {
  root.render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
});

/** Browser entry: the composition root builds the services, React renders the shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createServices } from '../adapters/container';
import { App } from './app';
import './styles/app.css';

const services = createServices();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);

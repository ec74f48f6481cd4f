/**
 * Browser entry. A page the server drew (ADR 100) paints before any of the app runs: the app boots in the next frame's
 * task, so the browser shows the markup first and the long work of starting the app never holds the first paint back.
 * A page without markup (the development server) boots at once.
 */
import './zod-jitless';
import './styles/app.css';
import { PAGE_DATA_ID } from './page-data-id';

const boot = () => import(/* webpackChunkName: "boot" */ './boot');
if (document.getElementById(PAGE_DATA_ID)) requestAnimationFrame(() => setTimeout(boot, 0));
else void boot();

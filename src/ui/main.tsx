/**
 * Browser entry. A page the server drew (ADR 100) shows before any of the app is fetched or runs: index.html's loader
 * adds this script once the first content has been shown (ADR 190), and the app boots after that paint, so the long
 * work of starting it never holds the first paint back, and its bytes never compete with the page's. A page without
 * markup (the development server) boots at once.
 */
import './zod-jitless';
import './styles/app.css';
import { afterFirstPaint } from './after-first-paint';
import { PAGE_DATA_ID } from './page-data-id';

const boot = () => import(/* webpackChunkName: "boot" */ './boot');
if (document.getElementById(PAGE_DATA_ID)) afterFirstPaint(boot);
else void boot();

/**
 * The page-view call's path, apart from its schemas: the beacon that sends a view from every page needs only this, and
 * importing the whole contract would load zod on pages that make no other call (a page the server drew comes with its
 * data). `analytics.ts` defines the call with it.
 */
export const PAGE_VIEW_PATH = '/analytics/pageview';

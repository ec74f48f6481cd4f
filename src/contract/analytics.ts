import { z } from 'zod';
import { PAGE_VIEW_PATH } from './analytics-path';
import { call } from './define';

/** A page view: the path only, no personal data. Sent with navigator.sendBeacon. */
export const pageView = call({
  name: 'analytics.pageView', method: 'POST', path: PAGE_VIEW_PATH,
  body: z.object({ path: z.string().min(1).max(300).startsWith('/') }),
  response: z.object({ success: z.literal(true) }),
});

/**
 * Figures for the staff analytics page (issue 36 item 7) made through the product's own API, as members and visitors
 * make them: page views (through the beacon's call), searches (one that finds nothing), a post, an enrolment.
 */
import type { APIRequestContext } from '@playwright/test';
import { createUser, type TestUser } from './accounts';
import { createPost } from './members';

export const NOTHING_FOUND = 'zzqx analytics nothing';

/** Views of pages of four sections, sent as the page-view beacon sends them. */
const VIEWS = ['/', '/articles', '/articles', '/articles', '/courses', '/quiz', '/quiz'];

export async function makeFigures(request: APIRequestContext, names: { firstName: string; lastName: string }): Promise<TestUser> {
  for (const path of VIEWS) {
    const res = await request.post('/api/analytics/pageview', { data: { path } });
    if (!res.ok()) throw new Error(`page view answered ${res.status()}`);
  }
  for (const q of ['embodied carbon', 'Embodied carbon', 'timber', NOTHING_FOUND]) {
    const res = await request.get(`/api/search?q=${encodeURIComponent(q)}`);
    if (!res.ok()) throw new Error(`search answered ${res.status()}`);
  }
  const member = await createUser(request, names);
  await createPost(request, member, {
    title: 'Measuring embodied carbon on a small project', content: '<p>Which tool did you start with?</p>',
    category: 'sustainable-cities-and-communities', subcategory: 'heritage-and-adaptive-reuse',
  });
  const courses = await request.get('/api/courses?limit=1');
  const [course] = ((await courses.json()) as { courses?: { _id: string }[]; data?: { _id: string }[] }).courses ?? [];
  if (course) {
    const res = await request.post(`/api/courses/${course._id}/enrol`, { headers: { authorization: `Bearer ${member.token}` } });
    if (!res.ok()) throw new Error(`enrol answered ${res.status()}: ${await res.text()}`);
  }
  return member;
}

/**
 * The service worker's side of keeping content offline (issue 42 items 2 and 3, ADR 174): answers from what the
 * member kept (src/adapters/offline/cache-storage-shelf.ts) when the network fails, and 'Mark as complete' without a
 * connection: the kept progress moves on at once (and stays so after a reload), and the request waits in Workbox's
 * background-sync queue until the connection is back. The server counts a lesson once, so a replay twice is harmless.
 */
import { Queue } from 'workbox-background-sync';
import type { WorkboxPlugin } from 'workbox-core';
import { type CourseProgress, withLessonComplete } from '../../domain/learning';
import { isKeptCache, keptCacheName } from '../../domain/offline';

const API = '/api';
export const COMPLETE_LESSON = /^\/api\/courses\/([^/]+)\/lessons\/([^/]+)\/complete$/;

/** The kept answer for a request (any kept item's), or undefined. */
export async function matchKept(request: Request | string): Promise<Response | undefined> {
  const names = (await caches.keys()).filter(isKeptCache);
  for (const name of names) {
    const hit = await (await caches.open(name)).match(request, { ignoreVary: true });
    if (hit) return hit;
  }
  return undefined;
}

/** A Workbox plugin: when the network fails, the kept copy answers (else the route's error stands). */
export const keptFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await matchKept(request)) ?? undefined,
};

/** Completions made without a connection, sent when it returns (the sync event, or a page saying it is online). */
export const completions = new Queue('lesson-completions', { maxRetentionTime: 14 * 24 * 60 });

/**
 * The answer to 'Mark as complete' without a connection, for a kept course: the progress with the lesson complete,
 * kept so, and marked `queued`; null when the course is not kept (the page says the mark failed, as it would).
 */
async function queuedProgress(courseId: string, lessonId: string): Promise<Response | null> {
  const cache = await caches.open(keptCacheName({ kind: 'course', id: courseId }));
  const progressUrl = `${API}/courses/${encodeURIComponent(courseId)}/progress`;
  const [kept, outline] = await Promise.all([cache.match(progressUrl), cache.match(`${API}/courses/${encodeURIComponent(courseId)}`)]);
  if (!kept || !outline) return null;
  const answer = (await kept.json()) as { progress: CourseProgress; nameOnCertificate: string | null };
  const { course } = (await outline.json()) as { course: { sections: { content: { _id: string }[] }[] } };
  const lessonIds = course.sections.flatMap((s) => s.content.map((l) => l._id));
  const progress = withLessonComplete(answer.progress, lessonIds, lessonId);
  const headers = { 'content-type': 'application/json; charset=utf-8' };
  await cache.put(progressUrl, new Response(JSON.stringify({ ...answer, progress }), { headers }));
  return new Response(JSON.stringify({ success: true, progress, queued: true }), { headers });
}

/** 'Mark as complete': sent when it can be, else queued with the kept progress moved on. */
export async function completeLesson({ request, url }: { request: Request; url: URL }): Promise<Response> {
  const waiting = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const [, courseId = '', lessonId = ''] = COMPLETE_LESSON.exec(url.pathname) ?? [];
    const answer = await queuedProgress(decodeURIComponent(courseId), decodeURIComponent(lessonId));
    if (!answer) throw error;
    await completions.pushRequest({ request: waiting });
    return answer;
  }
}

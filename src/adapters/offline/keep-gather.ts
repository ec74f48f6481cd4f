/**
 * Everything a kept item needs, fetched (ADR 174): for a course its outline, progress, every lesson's page and answer;
 * for an article its page and answer; for a document the file; then the scripts, styles and pictures those name.
 * Requests go out a few at a time, each retried once on a network failure (effect); any answer but a 200 fails the
 * whole keep. Loaded with the first keep, not with the app's shell.
 */
import { Duration, Effect, Schedule } from 'effect';
import { getArticle, getCourse } from '../../contract/content';
import { buildPath } from '../../contract/define';
import { assessmentQuestions, courseProgress, getLesson } from '../../contract/learning';
import { assetsOf, type KeepRequest, KEPT_PAGES, OFFLINE_ASSETS_FILE, type OfflineAssets } from '../../domain/offline';

const CONCURRENCY = 4;

class KeepFailed extends Error {}

export interface Fetched {
  url: string;
  response: Response;
  bytes: number;
  text: string | null;
}

/** A short, stable fingerprint of a text (FNV-1a). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** A course's version: its outline and its lessons' answers, fingerprinted; it changes when any of them does. */
function versionOf(outline: Fetched, lessons: { answer: Fetched }[]): string {
  return fingerprint([outline.text ?? '', ...lessons.map((l) => l.answer.text ?? '')].join('\n'));
}

export interface Gathered {
  fetched: Fetched[];
  version: string | null;
}

/**
 * What the item needs, fetched. With `unless` (a kept course's version), null as soon as the course's outline and
 * lessons show that version still: a course checked for changes is read once, whether it changed or not.
 */
export async function gather(request: KeepRequest, options: { apiBase: string; token: string | null; unless?: string }): Promise<Gathered | null> {
  return Effect.runPromise(new Gatherer(options.apiBase, options.token).all(request, options.unless));
}

class Gatherer {
  constructor(
    private readonly apiBase: string,
    private readonly token: string | null,
  ) {}

  /** Every address the item needs, fetched: its pages and answers first, then what they load. */
  all(request: KeepRequest, unless?: string): Effect.Effect<Gathered | null, unknown> {
    const self = this;
    return Effect.gen(function* () {
      const first: string[] = [];
      if (request.kind === 'course') {
        const { outline, lessons } = yield* self.lessons(request.id);
        const version = versionOf(outline, lessons);
        if (version === unless) return null;
        const progressUrl = self.api(buildPath(courseProgress.path, { id: request.id }));
        first.push(request.href, progressUrl, ...lessons.map((l) => `${request.href}/lessons/${encodeURIComponent(l.id)}`));
        const rest = yield* Effect.forEach(first, (url) => self.fetchOne(url, true), { concurrency: CONCURRENCY });
        // The assessment's questions (never the answers), once the member may read them: every lesson complete.
        const answer = rest.find((f) => f.url === progressUrl)?.text ?? '{}';
        const progress = JSON.parse(answer) as { progress?: { assessment?: { unlocked?: boolean; totalQuestions?: number } } };
        const readable = progress.progress?.assessment?.unlocked && (progress.progress.assessment.totalQuestions ?? 0) > 0;
        const questions = readable ? [yield* self.fetchOne(self.api(buildPath(assessmentQuestions.path, { id: request.id })), true)] : [];
        const pages = [outline, ...lessons.map((l) => l.answer), ...rest, ...questions];
        return { fetched: [...pages, ...(yield* self.assets(request, pages))], version };
      }
      if (request.kind === 'article') first.push(request.href, self.api(buildPath(getArticle.path, { id: request.id })));
      else first.push(request.href);
      const pages = yield* Effect.forEach(first, (url) => self.fetchOne(url, request.kind !== 'document'), { concurrency: CONCURRENCY });
      return { fetched: [...pages, ...(yield* self.assets(request, pages))], version: null };
    });
  }

  /** A course's outline and every lesson's answer, in course order: what its version is made of. */
  private lessons(courseId: string): Effect.Effect<{ outline: Fetched; lessons: { id: string; answer: Fetched }[] }, unknown> {
    const self = this;
    return Effect.gen(function* () {
      const outline = yield* self.fetchOne(self.api(buildPath(getCourse.path, { id: courseId })), true);
      const course = (JSON.parse(outline.text ?? '{}') as { course?: { sections?: { content?: { _id: string }[] }[] } }).course;
      const ids = (course?.sections ?? []).flatMap((s) => (s.content ?? []).map((l) => l._id));
      const answers = yield* Effect.forEach(ids, (lessonId) => self.fetchOne(self.api(buildPath(getLesson.path, { id: courseId, lessonId })), true), {
        concurrency: CONCURRENCY,
      });
      return { outline, lessons: ids.map((id, i) => ({ id, answer: answers[i]! })) };
    });
  }

  /** The scripts, styles and pictures the fetched pages and answers name, each once. */
  private assets(request: KeepRequest, pages: readonly Fetched[]): Effect.Effect<Fetched[], unknown> {
    const seen = new Set(pages.map((p) => p.url));
    const self = this;
    return Effect.gen(function* () {
      const wanted = new Set<string>();
      // The scripts and styles of the pages it opens on, as the build lists them (a document needs none).
      if (KEPT_PAGES[request.kind].length > 0) {
        const listed = yield* self.fetchOne(`/${OFFLINE_ASSETS_FILE}`, true);
        const code = JSON.parse(listed.text ?? '{}') as OfflineAssets;
        for (const url of [...code.common, ...KEPT_PAGES[request.kind].flatMap((page) => code.pages[page] ?? [])]) wanted.add(url);
      }
      for (const page of pages) {
        // An answer's HTML is a JSON string: its quotes are escaped.
        for (const url of assetsOf((page.text ?? '').replace(/\\"/g, '"'))) wanted.add(url);
      }
      for (const url of seen) wanted.delete(url);
      return yield* Effect.forEach([...wanted], (url) => self.fetchOne(url, false), { concurrency: CONCURRENCY });
    });
  }

  private api(path: string): string {
    return `${this.apiBase}${path}`;
  }

  /** One address, with the member's token for the API; any answer but a 200 fails the keep. */
  private fetchOne(url: string, readText: boolean): Effect.Effect<Fetched, unknown> {
    const token = this.token;
    const headers: Record<string, string> = url.startsWith(`${this.apiBase}/`) && token ? { authorization: `Bearer ${token}` } : {};
    return Effect.tryPromise({
      try: async () => {
        const response = await fetch(url, { credentials: 'same-origin', headers });
        if (response.status !== 200) throw new KeepFailed(`${url} answered ${response.status}`);
        const body = await response.clone().arrayBuffer();
        const type = response.headers.get('content-type') ?? '';
        const text = readText && /html|json/.test(type) ? new TextDecoder().decode(body) : null;
        return { url, response, bytes: body.byteLength, text };
      },
      catch: (error) => error,
    }).pipe(Effect.retry({ times: 1, schedule: Schedule.spaced(Duration.millis(500)), while: (error) => !(error instanceof KeepFailed) }));
  }
}

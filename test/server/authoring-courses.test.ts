/**
 * Issue 38, ADR 168: courses authored in the staff console, over HTTP on each database. A draft course may be an
 * outline; publishing it holds each lesson to the lesson rules (named beside the lesson) and asks for its assessment;
 * published, it is listed, shown and found at once; a save is live; a stale save is refused; unpublishing makes it a
 * draft again, refused while members are enrolled; the next import keeps a browser edit unless forced.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { lessonIdOf } from '../../server/content-import/course-rows';
import { courseContent } from '../../server/content-import/courses';
import { importContent } from '../../server/content-import/import';
import type { ContentModule } from '../../server/content-import/module';
import { contentItems, courses } from '../../server/data/schema';
import { COURSE_HAS_LEARNERS, COURSE_SLUG_KEPT, lessonErrorKey } from '../../server/services/authoring/courses';
import * as calls from '../../src/contract/authoring';
import { getCourse, listCourses } from '../../src/contract/content';
import { enrol, getLesson } from '../../src/contract/learning';
import { PICTURE_ALT_MISSING, PICTURE_ALT_PLACEHOLDER } from '../../src/domain/authoring';
import { search } from '../../src/contract/search';
import { send } from './api';
import { describeWithApp } from './fixture';
import { staffPeople } from './staff-matrix';
import { upload } from './upload-helpers';

const BNG = join(CONTENT_DIR, 'courses', 'biodiversity-net-gain-for-developments');
const lessonFile = (slug: string) => readFileSync(join(BNG, `${slug}.md`), 'utf8');
const LESSONS = ['habitat-baselines-and-surveys', 'management-and-monitoring-over-30-years'];
const QUESTION = {
  options: ['A 30-year management and monitoring plan', 'A one-off survey', 'A planting list only', 'Nothing further'],
  correctIndex: 0,
  explanation: 'Significant on-site gains must be secured and managed for at least 30 years, with monitoring reports.',
};

const courseOf = (slug: string, title = 'Habitat baselines and long-term management', withBodies = true) => ({
  slug, title,
  description: 'How a habitat baseline is surveyed and recorded, and how the habitat created is managed and monitored for 30 years.',
  category: 'biodiversity', level: 'intermediate', price: 0, thumbnail: '/media/courses/biodiversity.svg', credits: [], passPercent: 70,
  objectives: ['Plan a habitat baseline survey', 'Describe what a 30-year management and monitoring plan holds'],
  sections: [
    { title: 'The baseline', lessons: [{ slug: LESSONS[0]!, title: 'Habitat baselines and surveys', body: withBodies ? lessonFile(LESSONS[0]!) : '' }] },
    { title: 'After planning', lessons: [{ slug: LESSONS[1]!, title: 'Management and monitoring over 30 years', body: withBodies ? lessonFile(LESSONS[1]!) : '' }] },
  ],
  questions: withBodies
    ? Array.from({ length: 6 }, (_, i) => ({ ...QUESTION, question: `What secures a significant on-site gain? (${i + 1})`, lesson: LESSONS[i % 2]! }))
    : [],
});

const KIND = { kind: 'courses' as const };

describeWithApp('authoring: courses', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'authoring-courses');

  it('lets an editor outline a draft, refuses to publish it until its lessons and assessment are written, then publishes, revises and unpublishes it', async () => {
    const c = ctx();
    const token = people.editor.token;
    const created = await send(c, calls.createContent, { params: KIND, body: { fields: courseOf('habitat-baselines', undefined, false) }, token });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: string };
    const item = { ...KIND, id };

    const refused = await send(c, calls.publishContent, { params: item, body: { version: 1 }, token });
    expect(refused.statusCode).toBe(400);
    const { fieldErrors } = calls.fieldErrorsSchema.parse(refused.json());
    expect(fieldErrors[lessonErrorKey(LESSONS[0]!)]).toBe('the lesson is empty');
    expect(fieldErrors.questions).toMatch(/6 to 10 questions/);
    // Scheduled for tomorrow, it is refused the same way now: not left to fail at its time with nobody there.
    const at = new Date(c.clock.now + 24 * 3600_000).toISOString();
    const scheduled = await send(c, calls.publishContent, { params: item, body: { version: 1, at }, token });
    expect(scheduled.statusCode).toBe(400);
    expect(calls.fieldErrorsSchema.parse(scheduled.json()).fieldErrors[lessonErrorKey(LESSONS[0]!)]).toBe('the lesson is empty');
    expect((await send(c, calls.getContent, { params: item, token })).json().item.scheduledAt).toBeNull();
    expect((await send(c, calls.getContent, { params: item, token })).json().item.status).toBe('draft');

    const written = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: courseOf('habitat-baselines') }, token });
    expect(written.statusCode, written.body).toBe(200);
    const preview = await send(c, calls.previewContent, { params: item, token });
    expect(preview.statusCode, preview.body).toBe(200);
    const page = preview.json().page as { sections: { content: { duration: number }[] }[]; lessons: { html: string | null; problem: string | null }[] };
    expect(page.lessons.every((l) => l.html?.includes('<h2') && l.problem === null)).toBe(true);
    expect(page.sections[0]!.content[0]!.duration).toBeGreaterThan(0);

    const published = await send(c, calls.publishContent, { params: item, body: { version: written.json().item.version }, token });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().item.publicUrl).toBe(`/courses/view/${id}`);
    const listed = (await send(c, listCourses, { query: { status: 1 } })).json().courses as { _id: string }[];
    expect(listed.map((l) => l._id)).toContain(id);
    const course = (await send(c, getCourse, { params: { id }, token: people.member.token })).json().course as { sections: { content: { _id: string }[] }[] };
    expect(course.sections.flatMap((s) => s.content.map((l) => l._id))).toEqual(LESSONS.map((l) => lessonIdOf('habitat-baselines', l)));
    expect((await send(c, search, { query: { q: 'Habitat baselines and long-term management' } })).body).toContain(`/courses/view/${id}`);

    // A save of the published course is live at once.
    const revised = await send(c, calls.saveContent, { params: item, body: { version: published.json().item.version, fields: courseOf('habitat-baselines', 'Habitat baselines, surveyed and managed') }, token });
    expect(revised.statusCode, revised.body).toBe(200);
    expect((await c.database.db.select().from(courses).where(eq(courses.id, id)))[0]!.title).toBe('Habitat baselines, surveyed and managed');

    const archived = await send(c, calls.unpublishContent, { params: item, body: { version: revised.json().item.version }, token });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await send(c, listCourses, { query: { status: 1 } })).json().courses.map((l: { _id: string }) => l._id)).not.toContain(id);
    expect((await send(c, search, { query: { q: 'Habitat baselines, surveyed and managed' } })).body).not.toContain(`/courses/view/${id}`);
  });

  it('refuses a stale save with both versions', async () => {
    const c = ctx();
    const { id } = (await send(c, calls.createContent, { params: KIND, body: { fields: courseOf('two-editors-course', undefined, false) }, token: people.editor.token })).json();
    const item = { ...KIND, id };
    expect((await send(c, calls.saveContent, { params: item, body: { version: 1, fields: courseOf('two-editors-course', 'First', false) }, token: people.admin.token })).statusCode).toBe(200);
    const stale = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: courseOf('two-editors-course', 'Second', false) }, token: people.editor.token });
    expect(stale.statusCode).toBe(409);
    expect(calls.conflictSchema.parse(stale.json()).current.fields.title).toBe('First');
  });

  it('refuses to unpublish a course members are enrolled in', async () => {
    const c = ctx();
    const token = people.editor.token;
    const { id } = (await send(c, calls.createContent, { params: KIND, body: { fields: courseOf('enrolled-course', 'A course with a learner') }, token })).json();
    const item = { ...KIND, id };
    const published = await send(c, calls.publishContent, { params: item, body: { version: 1 }, token });
    expect(published.statusCode, published.body).toBe(200);
    expect((await send(c, enrol, { params: { id }, token: people.member.token })).statusCode).toBe(200);
    const refused = await send(c, calls.unpublishContent, { params: item, body: { version: published.json().item.version }, token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(COURSE_HAS_LEARNERS);

  });

  it('lets a draft course change its slug, and keeps a published one’s, whose lessons’ ids and progress are made from it', async () => {
    const c = ctx();
    const token = people.editor.token;
    const { id } = (await send(c, calls.createContent, { params: KIND, body: { fields: courseOf('course-first-slug', 'A course renamed as a draft') }, token })).json();
    const item = { ...KIND, id };
    const drafted = await send(c, calls.saveContent, { params: item, body: { version: 1, fields: courseOf('course-second-slug', 'A course renamed as a draft') }, token });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const published = await send(c, calls.publishContent, { params: item, body: { version: drafted.json().item.version }, token });
    expect(published.statusCode, published.body).toBe(200);
    const { publicUrl, version } = published.json().item as { publicUrl: string; version: number };
    const liveId = publicUrl.split('/').pop()!;
    const slugOf = async () => (await c.database.db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, liveId)))[0]?.slug;
    expect(await slugOf()).toBe('course-second-slug');

    const renamed = await send(c, calls.saveContent, { params: item, body: { version, fields: courseOf('course-third-slug', 'A course renamed as a draft') }, token });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fieldErrors).toEqual({ slug: COURSE_SLUG_KEPT });
    expect(await slugOf()).toBe('course-second-slug');
    // The title, and anything else, may change.
    const retitled = await send(c, calls.saveContent, { params: item, body: { version, fields: courseOf('course-second-slug', 'A published course, retitled') }, token });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect((await send(c, getCourse, { params: { id: liveId }, token: people.member.token })).json().course.title).toBe('A published course, retitled');
  });

  it('keeps a course edited in the browser at the next import, naming its file and field, unless forced', async () => {
    const c = ctx();
    const { db } = c.database;
    const only = [courseContent as ContentModule<unknown>];
    await importContent(db, CONTENT_DIR, new Date(c.clock.now), only);
    const [imported] = await db.select().from(contentItems).where(and(eq(contentItems.kind, 'courses'), eq(contentItems.key, 'embodied-carbon-fundamentals')));
    expect(imported).toMatchObject({ status: 'published' });
    const item = { ...KIND, id: imported!.id };
    c.clock.advance(1000);
    const current = (await send(c, calls.getContent, { params: item, token: people.editor.token })).json().item;
    const saved = await send(c, calls.saveContent, { params: item, body: { version: current.version, fields: { ...current.fields, title: 'Embodied carbon, from the browser' } }, token: people.editor.token });
    expect(saved.statusCode, saved.body).toBe(200);
    const titleOf = async () => (await db.select().from(courses).where(eq(courses.id, imported!.liveId!)))[0]!.title;
    expect(await titleOf()).toBe('Embodied carbon, from the browser');

    c.clock.advance(1000);
    const kept = await importContent(db, CONTENT_DIR, new Date(c.clock.now), only);
    expect(kept.kept).toEqual(['courses/embodied-carbon-fundamentals.json: field "title" was changed in the browser since the last import; kept (--force overwrites)']);
    expect(await titleOf()).toBe('Embodied carbon, from the browser');
    // A course made in the browser is not removed by an import whose folder does not hold it.
    expect((await db.select().from(courses).where(eq(courses.slug, 'enrolled-course'))).length).toBe(1);

    await importContent(db, CONTENT_DIR, new Date(c.clock.now), only, { force: true });
    expect(await titleOf()).toBe('Embodied Carbon Fundamentals');
  });

  it('shows a picture uploaded for a lesson once it is described; an undescribed or never-uploaded picture is refused beside its lesson (ADR 173)', async () => {
    const c = ctx();
    const token = people.editor.token;
    const photo = await sharp({ create: { width: 1400, height: 700, channels: 3, background: { r: 30, g: 110, b: 70 } } }).jpeg().toBuffer();
    const uploaded = await upload(c, people.editor, photo, 'hedgerow.jpg', 'image/jpeg');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json() as { url: string };
    expect(url).toMatch(/^\/files\/uploads\/[0-9a-f]+-1400\.webp$/);

    const withPicture = (alt: string, src = url) => {
      const fields = courseOf('lesson-pictures', 'Habitat baselines, with a picture');
      const lesson = fields.sections[0]!.lessons[0]!;
      // After the first paragraph, as the editor's upload leaves it at the end and the editor moves it.
      lesson.body = lesson.body.replace(/\n\n/, `\n\n![${alt}](${src})\n\n`);
      return fields;
    };
    const created = await send(c, calls.createContent, { params: KIND, body: { fields: withPicture(PICTURE_ALT_PLACEHOLDER) }, token });
    expect(created.statusCode, created.body).toBe(200);
    const item = { ...KIND, id: (created.json() as { id: string }).id };
    const lessonKey = lessonErrorKey(LESSONS[0]!);

    const undescribed = await send(c, calls.publishContent, { params: item, body: { version: 1 }, token });
    expect(undescribed.statusCode).toBe(400);
    expect(calls.fieldErrorsSchema.parse(undescribed.json()).fieldErrors[lessonKey]).toBe(`figure: ${PICTURE_ALT_MISSING}`);

    const missing = url.replace(/[0-9a-f]{16}/, '0123456789abcdef');
    const save = async (version: number, alt: string, src?: string) => {
      const saved = await send(c, calls.saveContent, { params: item, body: { version, fields: withPicture(alt, src) }, token });
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json().item.version as number;
    };
    const v2 = await save(1, 'A hedgerow survey transect', missing);
    const notUploaded = await send(c, calls.publishContent, { params: item, body: { version: v2 }, token });
    expect(calls.fieldErrorsSchema.parse(notUploaded.json()).fieldErrors[lessonKey]).toBe(`figure: ${missing} does not exist`);

    const v3 = await save(v2, 'A hedgerow survey transect');
    const published = await send(c, calls.publishContent, { params: item, body: { version: v3 }, token });
    expect(published.statusCode, published.body).toBe(200);
    const liveId = (published.json().item.publicUrl as string).split('/').at(-1)!;
    expect((await send(c, enrol, { params: { id: liveId }, token: people.member.token })).statusCode).toBe(200);
    const lessonId = lessonIdOf('lesson-pictures', LESSONS[0]!);
    const lesson = await send(c, getLesson, { params: { id: liveId, lessonId }, token: people.member.token });
    expect(lesson.statusCode, lesson.body).toBe(200);
    expect(lesson.json().lesson.html).toContain(`<img src="${url}" alt="A hedgerow survey transect"`);
    // The picture is served to the member, every width of it.
    expect((await c.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await c.app.inject({ method: 'GET', url: url.replace('-1400.webp', '-480.webp') })).statusCode).toBe(200);
  });
});

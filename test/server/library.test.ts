/**
 * The learning library over HTTP: courses with every filter combination and every bad filter value, one course, the
 * library on an empty database. Workshops and library documents (and their PDFs): library-documents.test.ts; what the
 * import refuses and removes: library-import.test.ts.
 */
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { courseSections, courses } from '../../server/data/schema';
import { importContent } from '../../server/content-import/import';
import {
  featuredCaseStudy, getCourse, listCaseStudies, listCourses, listEbooks, listNewsletters, listResearchPapers, listWorkshops,
} from '../../src/contract/content';
import type { Call, QueryOf } from '../../src/contract/define';
import { ACCESS_TYPES, CONTENT_CATEGORIES, COURSE_LEVELS, type Course } from '../../src/domain/content';
import { type CallOptions, getUrl, send, urlOf } from './api';
import { describeWithApp } from './fixture';
import { courseFiles, lessonMinutes, tokenFor } from './content-files';

function expectedCourses(filters: { status?: number; access?: string; level?: string; category?: string }) {
  return courseFiles
    .filter((c) => filters.status === undefined || c.status === filters.status)
    .filter((c) => !filters.access || (filters.access === 'free' ? c.price === 0 : c.price > 0))
    .filter((c) => !filters.level || c.level === filters.level)
    .filter((c) => !filters.category || c.category === filters.category)
    .map((c) => c.title)
    .sort();
}

describeWithApp('courses', { seed: true }, (ctx) => {
  const list = async (query: QueryOf<typeof listCourses> = {}): Promise<Course[]> => {
    const res = await send(ctx(), listCourses, { query });
    expect(res.statusCode, urlOf(listCourses, undefined, query)).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().courses;
  };

  it('lists every course, publicly, with its curriculum, objectives, duration (sum of lesson minutes) and fields', async () => {
    const all = await list();
    expect(all.map((c) => c.title).sort()).toEqual(courseFiles.map((c) => c.title).sort());
    expect(Object.keys(all[0]!).sort()).toEqual(
      ['_id', 'category', 'credits', 'description', 'duration', 'level', 'objectives', 'price', 'sections', 'status', 'thumbnail', 'title'].sort(),
    );
    for (const course of all) {
      const source = courseFiles.find((c) => c.title === course.title)!;
      expect(course).toMatchObject({
        description: source.description, category: source.category, level: source.level, price: source.price,
        status: source.status, thumbnail: source.thumbnail,
      });
      expect(course.objectives.map((o) => o.description)).toEqual(source.objectives);
      expect(course.sections.map((s) => s.title)).toEqual(source.sections.map((s) => s.title));
      expect(course.sections.map((s) => s.content.map((l) => [l.title, l.duration]))).toEqual(
        source.sections.map((s) => s.lessons.map((l) => [l.title, lessonMinutes(source.slug, l.slug)])),
      );
      const minutes = source.sections.flatMap((s) => s.lessons).reduce((sum, l) => sum + lessonMinutes(source.slug, l.slug), 0);
      expect(course.duration, course.title).toBe(minutes);
      expect((await getUrl(ctx(), course.thumbnail)).statusCode, course.thumbnail).toBe(200);
    }
  });

  it('has real seeded courses: 2+ published per category, free and paid, every level, 3-6 objectives and modules of 2-5 lessons', async () => {
    const published = await list({ status: 1 });
    for (const { id } of CONTENT_CATEGORIES) expect(published.filter((c) => c.category === id).length, id).toBeGreaterThanOrEqual(2);
    expect(published.some((c) => c.price === 0)).toBe(true);
    expect(published.some((c) => c.price > 0)).toBe(true);
    for (const level of COURSE_LEVELS) expect(published.some((c) => c.level === level), level).toBe(true);
    for (const course of published) {
      expect(course.description.length, course.title).toBeGreaterThan(70);
      expect(course.objectives.length, course.title).toBeGreaterThanOrEqual(3);
      expect(course.objectives.length, course.title).toBeLessThanOrEqual(6);
      expect(course.sections.length, course.title).toBeGreaterThanOrEqual(3);
      expect(course.sections.length, course.title).toBeLessThanOrEqual(6);
      for (const section of course.sections) {
        expect(section.content.length, section.title).toBeGreaterThanOrEqual(2);
        expect(section.content.length, section.title).toBeLessThanOrEqual(5);
      }
    }
  });

  it('answers every combination of status, access, level and category filters with exactly the matching courses', async () => {
    let combinations = 0;
    for (const status of [undefined, 0, 1]) {
      for (const access of [undefined, ...ACCESS_TYPES]) {
        for (const level of [undefined, ...COURSE_LEVELS]) {
          for (const category of [undefined, ...CONTENT_CATEGORIES.map((c) => c.id)]) {
            const query = { status, access, level, category };
            const titles = (await list(query)).map((c) => c.title).sort();
            expect(titles, urlOf(listCourses, undefined, query)).toEqual(expectedCourses({ status, access, level, category }));
            combinations++;
          }
        }
      }
    }
    expect(combinations).toBe(3 * 3 * 4 * 8);
    // Every course of the product is written and published; the draft case is tested with its own content below.
    expect(expectedCourses({ status: 0 })).toEqual([]);
  });

  it('honours limit (the home carousel asks for 6 published courses) in a stable order', async () => {
    const all = await list({ status: 1 });
    const six = await list({ status: 1, limit: 6 });
    expect(six.map((c) => c._id)).toEqual(all.slice(0, 6).map((c) => c._id));
    expect(six.every((c) => c.status === 1)).toBe(true);
  });

  it.each([
    ['status', '2'], ['status', '-1'], ['status', 'published'], ['status', '1.5'],
    ['access', 'premium'], ['access', 'FREE'], ['access', ''],
    ['level', 'expert'], ['level', 'Beginner'],
    ['category', 'plastics'], ['category', 'sdgs'],
    ['limit', '0'], ['limit', '101'], ['limit', 'six'],
  ])('refuses %s=%s with 400 and a message naming the filter', async (name, value) => {
    const res = await send(ctx(), listCourses, { rawUrl: `${urlOf(listCourses)}?${name}=${encodeURIComponent(value)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(new RegExp(`^${name}: .+`)) });
  });

  it('refuses a bad value even next to good ones', async () => {
    const res = await send(ctx(), listCourses, { rawUrl: `${urlOf(listCourses)}?status=1&access=free&level=beginner&category=carbn` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^category: /);
  });

  it('answers one course by id and by slug to a signed-in user, 404 "Course not found" otherwise, 401 signed out', async () => {
    const token = await tokenFor(ctx());
    const [first] = await list({ status: 1, limit: 1 });
    const res = await send(ctx(), getCourse, { params: { id: first!._id }, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, course: first });
    const slug = courseFiles.find((c) => c.title === first!.title)!.slug;
    expect((await send(ctx(), getCourse, { params: { id: slug }, token })).json().course._id).toBe(first!._id);
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'no-such-course']) {
      const nf = await send(ctx(), getCourse, { params: { id: missing }, token });
      expect(nf.statusCode).toBe(404);
      expect(nf.json()).toEqual({ success: false, message: 'Course not found' });
    }
    expect((await send(ctx(), getCourse, { params: { id: first!._id } })).statusCode).toBe(401);
  });

  it('keeps every course, section and lesson id when the same content is imported again', async () => {
    const { db } = ctx().database;
    const snapshot = async () => ({
      courses: await db.select({ id: courses.id, slug: courses.slug }).from(courses).orderBy(asc(courses.slug)),
      sections: await db.select({ id: courseSections.id }).from(courseSections).orderBy(asc(courseSections.id)),
      api: await list(),
    });
    const before = await snapshot();
    await importContent(db, CONTENT_DIR);
    expect(await snapshot()).toEqual(before);
  });
});

describeWithApp('the library on an empty database', { seed: false }, (ctx) => {
  it('answers empty lists, 404 for the featured case study and for any course', async () => {
    const token = await tokenFor(ctx());
    const call = <C extends Call>(c: C, options: CallOptions<C> = {}) => send(ctx(), c, { ...options, token });
    expect((await call(listCourses)).json()).toEqual({ success: true, courses: [] });
    expect((await call(listCourses, { query: { status: 1, access: 'paid', level: 'advanced', category: 'energy' } })).json()).toEqual({ success: true, courses: [] });
    expect((await call(listWorkshops)).json()).toEqual({ success: true, workshops: [] });
    expect((await call(listEbooks)).json()).toEqual({ success: true, ebooks: [] });
    expect((await call(listResearchPapers)).json()).toEqual({ success: true, researchPapers: [] });
    expect((await call(listNewsletters)).json()).toEqual({ success: true, newsletters: [] });
    expect((await call(listCaseStudies)).json()).toEqual({ success: true, caseStudies: [] });
    const featured = await call(featuredCaseStudy);
    expect(featured.statusCode).toBe(404);
    expect(featured.json()).toEqual({ success: false, message: 'No featured case study' });
    const course = await call(getCourse, { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(course.statusCode).toBe(404);
    expect(course.json()).toEqual({ success: false, message: 'Course not found' });
  });
});

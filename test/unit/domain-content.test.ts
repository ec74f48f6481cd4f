/**
 * Unit tests of the content rules (src/domain/content.ts): the seven categories, their labels and display order, the
 * course levels and access types, the schemas the API answers are read with (every field kept, none optional) and the
 * hand-written types they match (content.schema.ts), the feedback form's validation and messages, and the figures on a
 * course card.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { itKeepsEveryFieldAndNeedsEachOne, type ShapeSample } from './schema-kit';
import {
  ACCESS_TYPES, type Article, COURSE_LEVELS, CONTENT_CATEGORIES, type CaseStudy, type ContentCategory, type Course, categoryLabel,
  courseLessonCount, courseModuleCount, coursePriceLabel, courseSizeLabel, type Ebook, type Feedback, type Lesson, type Newsletter, type Objective, type ResearchPaper,
  type SalesBanner, type Section, type Slide, type Workshop,
} from '../../src/domain/content';
import {
  accessSchema, articleSchema, caseStudySchema, contentCategorySchema, courseLevelSchema, courseSchema, ebookSchema, feedbackSchema,
  lessonSchema, newsletterSchema, objectiveSchema, researchPaperSchema, salesBannerSchema, sectionSchema, slideSchema, workshopSchema,
} from '../../src/domain/content.schema';

const ORDER = ['carbon', 'energy', 'conservation', 'green-building', 'biodiversity', 'sustainable-development-goals', 'circular-economy'];

describe('categories', () => {
  it.each([
    ['carbon', 'Carbon'],
    ['energy', 'Energy'],
    ['conservation', 'Conservation'],
    ['green-building', 'Green Building'],
    ['biodiversity', 'Biodiversity'],
    ['sustainable-development-goals', 'SDGs'],
    ['circular-economy', 'Circular Economy'],
  ])('%s is labelled %s', (id, label) => {
    expect(categoryLabel(id)).toBe(label);
  });

  it('shows an unknown category as its own id', () => {
    expect(categoryLabel('plastics')).toBe('plastics');
    expect(categoryLabel('Carbon')).toBe('Carbon');
    expect(categoryLabel('')).toBe('');
  });

  it('lists the seven categories in display order, the same ones the schema accepts', () => {
    expect(CONTENT_CATEGORIES.map((c) => c.id)).toEqual(ORDER);
    expect(contentCategorySchema.options).toEqual(ORDER);
    expect(CONTENT_CATEGORIES.map((c) => c.label)).toEqual(['Carbon', 'Energy', 'Conservation', 'Green Building', 'Biodiversity', 'SDGs', 'Circular Economy']);
  });

  it.each(ORDER)('accepts the category %s', (id) => {
    expect(contentCategorySchema.parse(id)).toBe(id);
  });

  it.each(['', 'plastics', 'Carbon', 'green building'])('rejects the category %j', (id) => {
    expect(contentCategorySchema.safeParse(id).success).toBe(false);
  });
});

describe('levels and access', () => {
  it('has three course levels, easiest first', () => {
    expect(COURSE_LEVELS).toEqual(['beginner', 'intermediate', 'advanced']);
    for (const level of COURSE_LEVELS) expect(courseLevelSchema.parse(level)).toBe(level);
    expect(courseLevelSchema.safeParse('expert').success).toBe(false);
    expect(courseLevelSchema.safeParse('').success).toBe(false);
  });

  it('has paid and free access', () => {
    expect(ACCESS_TYPES).toEqual(['paid', 'free']);
    expect(accessSchema.parse('paid')).toBe('paid');
    expect(accessSchema.parse('free')).toBe('free');
    expect(accessSchema.safeParse('trial').success).toBe(false);
    expect(accessSchema.safeParse('').success).toBe(false);
  });
});

const lesson = { _id: 'l1', title: 'Why carbon counts', duration: 12 };
const section = { _id: 's1', title: 'Basics', content: [lesson, { _id: 'l2', title: 'Scopes', duration: 8 }] };
const SAMPLES: ShapeSample[] = [
  ['lesson', lessonSchema, lesson],
  ['section', sectionSchema, section],
  ['objective', objectiveSchema, { _id: 'o1', description: 'Explain embodied carbon' }],
  ['course', courseSchema, {
    _id: 'c1', title: 'Carbon 101', description: 'An introduction', category: 'carbon', level: 'beginner', thumbnail: '/media/c.svg', price: 0,
    duration: 20, status: 1, sections: [section], objectives: [{ _id: 'o1', description: 'Explain embodied carbon' }],
    credits: [{ body: 'riba', amount: 1, type: 'core', topic: 'Sustainable architecture', courseNumber: null }],
  }],
  ['article', articleSchema, {
    _id: 'a1', title: 'Timber', description: 'Mass timber', content: '<p>Body</p>', imageUrl: '/media/a.svg', category: 'energy', author: 'Ada',
    readTime: 4, featured: true, createdAt: '2026-01-02T00:00:00.000Z',
  }],
  ['workshop', workshopSchema, { _id: 'w1', title: 'Clinic', description: 'Bring a project', imageUrl: '/media/w.svg', date: '2026-12-03T17:00:00.000Z', duration: 90, timeZone: 'Europe/London' }],
  ['ebook', ebookSchema, { _id: 'e1', title: 'Guide', filename: 'guide.pdf', size: 1024, fileUrl: '/files/guide.pdf', createdAt: '2026-01-02T00:00:00.000Z' }],
  ['research paper', researchPaperSchema, {
    _id: 'r1', title: 'Study', description: 'Findings', category: 'biodiversity', fileUrl: '/files/r.pdf', createdAt: '2026-01-02T00:00:00.000Z',
  }],
  ['newsletter', newsletterSchema, { _id: 'n1', title: 'June', description: 'News', fileUrl: '/files/n.pdf', createdAt: '2026-06-01T00:00:00.000Z' }],
  ['case study', caseStudySchema, { _id: 'k1', title: 'Retrofit', description: 'A school', imageUrl: '/media/k.svg', documentUrl: '/files/k.pdf', featured: false, illustrative: true }],
  ['slide', slideSchema, { imageUrl: '/media/s.svg', title: 'Welcome', description: 'Learn', source: 'UN' }],
  ['sales banner', salesBannerSchema, { text: '20% off' }],
];

describe('the shapes the API answers', () => {
  itKeepsEveryFieldAndNeedsEachOne(SAMPLES);

  it('rejects a lesson nested in a section when it is malformed', () => {
    expect(sectionSchema.safeParse({ ...section, content: [{ _id: 'l1', title: 'No duration' }] }).success).toBe(false);
  });
});

describe('the feedback form', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', mobile: '+44 20 7946 0000', feedback: 'Great course.' };
  const messages = (input: unknown) => feedbackSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('accepts a complete form and trims every field at both ends', () => {
    expect(feedbackSchema.parse({ name: '  Ada  ', email: ' ada@example.com  ', mobile: ' 0123 ', feedback: '\n Great \t' })).toEqual({
      name: 'Ada', email: 'ada@example.com', mobile: '0123', feedback: 'Great',
    });
    expect(feedbackSchema.parse(valid)).toEqual(valid);
  });

  it('accepts one-character answers', () => {
    expect(messages({ ...valid, name: 'A', mobile: '1', feedback: '!' })).toEqual([]);
  });

  it('says which required field is empty or only blanks', () => {
    expect(messages({ ...valid, name: '' })).toEqual([['name', 'Name is required']]);
    expect(messages({ ...valid, name: '   ' })).toEqual([['name', 'Name is required']]);
    expect(messages({ ...valid, mobile: ' ' })).toEqual([['mobile', 'Mobile is required']]);
    expect(messages({ ...valid, feedback: '\n' })).toEqual([['feedback', 'Feedback is required']]);
  });

  it.each(['not-an-email', 'ada@', '@example.com', '', '  '])('asks for a valid email instead of %j', (email) => {
    expect(messages({ ...valid, email })).toEqual([['email', 'Please enter a valid email address']]);
  });

  it('accepts each field at its longest and rejects one character more', () => {
    expect(messages({ ...valid, name: 'n'.repeat(200), mobile: '1'.repeat(40), feedback: 'f'.repeat(5000) })).toEqual([]);
    expect(messages({ ...valid, name: 'n'.repeat(201) }).map(([path]) => path)).toEqual(['name']);
    expect(messages({ ...valid, mobile: '1'.repeat(41) }).map(([path]) => path)).toEqual(['mobile']);
    expect(messages({ ...valid, feedback: 'f'.repeat(5001) }).map(([path]) => path)).toEqual(['feedback']);
  });

  it('counts the length after trimming', () => {
    expect(messages({ ...valid, name: ` ${'n'.repeat(200)} ` })).toEqual([]);
  });

  it('rejects a form with a field missing', () => {
    const { mobile: _mobile, ...rest } = valid;
    expect(messages(rest).map(([path]) => path)).toEqual(['mobile']);
  });
});

describe('course card figures', () => {
  it("tells a course's size as its modules and its lessons, the lessons the player counts (issue 41 item 2)", () => {
    expect(courseLessonCount({ sections: [] })).toBe(0);
    const three = { sections: [section, { ...section, _id: 's2' }, { ...section, _id: 's3', content: [] }] };
    expect(courseModuleCount(three)).toBe(3);
    expect(courseLessonCount(three)).toBe(section.content.length * 2);
    expect(courseSizeLabel(three)).toBe(`3 modules · ${section.content.length * 2} lessons`);
    expect(courseSizeLabel({ sections: [{ ...section, content: section.content.slice(0, 1) }] })).toBe('1 module · 1 lesson');
  });

  it('shows a price of nothing as Free and any other price in dollars', () => {
    expect(coursePriceLabel(0)).toBe('Free');
    expect(coursePriceLabel(49)).toBe('$49');
    expect(coursePriceLabel(1)).toBe('$1');
    expect(coursePriceLabel(9.5)).toBe('$9.5');
  });
});

describe('the types the rules use', () => {
  it('are exactly what the schemas read (typecheck)', () => {
    expectTypeOf<z.infer<typeof contentCategorySchema>>().toEqualTypeOf<ContentCategory>();
    expectTypeOf<z.infer<typeof courseLevelSchema>>().toEqualTypeOf<(typeof COURSE_LEVELS)[number]>();
    expectTypeOf<z.infer<typeof accessSchema>>().toEqualTypeOf<(typeof ACCESS_TYPES)[number]>();
    expectTypeOf<z.infer<typeof lessonSchema>>().toEqualTypeOf<Lesson>();
    expectTypeOf<z.infer<typeof sectionSchema>>().toEqualTypeOf<Section>();
    expectTypeOf<z.infer<typeof objectiveSchema>>().toEqualTypeOf<Objective>();
    expectTypeOf<z.infer<typeof courseSchema>>().toEqualTypeOf<Course>();
    expectTypeOf<z.infer<typeof articleSchema>>().toEqualTypeOf<Article>();
    expectTypeOf<z.infer<typeof workshopSchema>>().toEqualTypeOf<Workshop>();
    expectTypeOf<z.infer<typeof ebookSchema>>().toEqualTypeOf<Ebook>();
    expectTypeOf<z.infer<typeof researchPaperSchema>>().toEqualTypeOf<ResearchPaper>();
    expectTypeOf<z.infer<typeof newsletterSchema>>().toEqualTypeOf<Newsletter>();
    expectTypeOf<z.infer<typeof caseStudySchema>>().toEqualTypeOf<CaseStudy>();
    expectTypeOf<z.infer<typeof slideSchema>>().toEqualTypeOf<Slide>();
    expectTypeOf<z.infer<typeof salesBannerSchema>>().toEqualTypeOf<SalesBanner>();
    expectTypeOf<z.infer<typeof feedbackSchema>>().toEqualTypeOf<Feedback>();
  });
});

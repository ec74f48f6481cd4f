/**
 * Staff analytics (issue 36 item 7, ADR 141): the figures of a range of days as tables, and each drawn on the server
 * as a chart. A chart travels as a tree of SVG shapes with React's attribute names (the shape of the quiz cards,
 * src/domain/quiz-cards.ts), not as markup: the page draws it with React, so nothing in it is ever parsed as HTML.
 */
import { z } from 'zod';
import { ANALYTICS_RANGES, DEFAULT_RANGE, PAGE_SECTIONS } from '../domain/analytics';
import type { SvgNode } from '../domain/quiz-cards';
import { call } from './define';

const count = z.number().int().min(0);

export const SVG_TAGS = ['g', 'rect', 'circle', 'path', 'line', 'text', 'tspan'] as const;

export const svgNodeSchema: z.ZodType<SvgNode> = z.lazy(() => z.object({
  tag: z.enum(SVG_TAGS),
  attrs: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/), z.union([z.string(), z.number()])),
  children: z.array(svgNodeSchema).optional(),
  text: z.string().optional(),
}));

export const chartSchema = z.object({
  /** The chart's name (its heading). */
  title: z.string(),
  /** Its text alternative: a sentence saying what it shows. */
  summary: z.string(),
  width: z.number(),
  height: z.number(),
  nodes: z.array(svgNodeSchema),
});
export type Chart = z.infer<typeof chartSchema>;

const query = z.object({ query: z.string(), searches: count });

export const analyticsSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  /** The first and last day counted (UTC dates), both included. */
  from: z.string(),
  to: z.string(),
  pageViews: z.object({
    /** The sections that had a view in the range, in PAGE_SECTIONS order. */
    sections: z.array(z.enum(PAGE_SECTIONS)),
    /** One row per day, every day of the range; `views` in the order of `sections`. */
    days: z.array(z.object({ day: z.string(), views: z.array(count), total: count })),
    chart: chartSchema,
  }),
  searches: z.object({
    total: count,
    empty: count,
    top: z.array(query),
    /** The queries that found nothing, most searched first; `searches` counts those that found nothing. */
    nothingFound: z.array(query),
    chart: chartSchema,
  }),
  learning: z.object({
    /** Per course, the members who enrolled in the range, and how many of them then finished every lesson, passed, were certified. */
    courses: z.array(z.object({ id: z.string(), title: z.string(), enrolled: count, completedLessons: count, passed: count, certified: count })),
    chart: chartSchema,
  }),
  quizzes: z.object({
    topics: z.array(z.object({ topic: z.string(), title: z.string(), attempts: count, averageScore: z.number().int().min(0).max(100) })),
    chart: chartSchema,
  }),
  community: z.object({
    /** Weeks starting on Monday; the first may start before the range, its counts only cover days in it. */
    weeks: z.array(z.object({ week: z.string(), posts: count, comments: count, likes: count, activeMembers: count })),
    chart: chartSchema,
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analytics = call({
  name: 'staff.analytics', method: 'GET', path: '/staff/analytics', auth: 'required', staff: ['moderator', 'editor'],
  query: z.object({
    days: z.coerce.number().int().refine((n) => (ANALYTICS_RANGES as readonly number[]).includes(n), `days: one of ${ANALYTICS_RANGES.join(', ')}`).default(DEFAULT_RANGE),
  }),
  response: analyticsSchema,
});

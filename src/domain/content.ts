/** Content shapes and rules with no dependencies, so views use them without zod (schemas: content.schema.ts). */
import type { CreditLine } from './cpd.schema';

/** The seven course and article categories of the spec, in display order. */
export const CONTENT_CATEGORIES = [
  { id: 'carbon', label: 'Carbon' },
  { id: 'energy', label: 'Energy' },
  { id: 'conservation', label: 'Conservation' },
  { id: 'green-building', label: 'Green Building' },
  { id: 'biodiversity', label: 'Biodiversity' },
  { id: 'sustainable-development-goals', label: 'SDGs' },
  { id: 'circular-economy', label: 'Circular Economy' },
] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number]['id'];

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const ACCESS_TYPES = ['paid', 'free'] as const;

/** Whether a string (a URL's category, a course's) is one of the content categories. */
export function isContentCategory(id: string | null | undefined): id is ContentCategory {
  return CONTENT_CATEGORIES.some((c) => c.id === id);
}

export function categoryLabel(id: string): string {
  return CONTENT_CATEGORIES.find((c) => c.id === id)?.label ?? id;
}

/** The byline of the product's own content: a named member who wrote it, or this; never an invented person (ADR 153). */
export const EDITORIAL_TEAM = 'SustainLearn editorial team';

/** What a case study built as a teaching composite, not one real project, says on its card and its PDF (ADR 153). */
export const ILLUSTRATIVE_LABEL = 'Illustrative composite';

export interface Lesson {
  _id: string;
  title: string;
  duration: number;
}

export interface Section {
  _id: string;
  title: string;
  content: Lesson[];
}

export interface Objective {
  _id: string;
  description: string;
}

export interface Course {
  _id: string;
  title: string;
  description: string;
  category: string;
  level: string;
  thumbnail: string;
  price: number;
  duration: number;
  status: number;
  sections: Section[];
  objectives: Objective[];
  /** Continuing-education credit lines (issue 39), empty when none. */
  credits: CreditLine[];
}

/** A course without its curriculum: what a card shows. */
export type CourseSummary = Omit<Course, 'sections' | 'objectives'>;

export function courseSummary({ sections: _sections, objectives: _objectives, ...summary }: Course): CourseSummary {
  return summary;
}

export interface Article {
  _id: string;
  title: string;
  description: string;
  content: string;
  imageUrl: string;
  category: string;
  author: string;
  readTime: number;
  featured: boolean;
  createdAt: string;
}

/** An article without its body: what a card or a hero shows. */
export type ArticleSummary = Omit<Article, 'content'>;

export function articleSummary({ content: _body, ...summary }: Article): ArticleSummary {
  return summary;
}

export interface Workshop {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  date: string;
  duration: number;
  /** The series' own time zone: the server words the time in it, the browser then in the viewer's (issue 41). */
  timeZone: string;
}

export interface Ebook {
  _id: string;
  title: string;
  filename: string;
  size: number;
  fileUrl: string;
  createdAt: string;
}

export interface ResearchPaper {
  _id: string;
  title: string;
  description: string;
  category: string;
  fileUrl: string;
  createdAt: string;
}

export interface Newsletter {
  _id: string;
  title: string;
  description: string;
  fileUrl: string;
  createdAt: string;
  /** A newsletter sent from the staff console can also be read as a page (issue 36). */
  pageUrl?: string | undefined;
}

export interface CaseStudy {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  documentUrl: string;
  featured: boolean;
  /** A composite written to teach, describing no one real project: shown as ILLUSTRATIVE_LABEL. */
  illustrative: boolean;
}

export interface Slide {
  imageUrl: string;
  title: string;
  description: string;
  source: string;
}

export interface SalesBanner {
  text: string;
}

/** The contact form's fields (trimmed; checked by feedbackSchema in content.schema.ts). */
export interface Feedback {
  name: string;
  email: string;
  mobile: string;
  feedback: string;
}

/**
 * Course figures shown on cards and pages: duration is the sum of lesson minutes (the server's), and the size is told
 * as modules and lessons, "5 modules · 15 lessons", the lessons being what the player counts (issue 41 item 2).
 */
export function courseModuleCount(course: Pick<Course, 'sections'>): number {
  return course.sections.length;
}

export function courseLessonCount(course: Pick<Course, 'sections'>): number {
  return course.sections.reduce((sum, section) => sum + section.content.length, 0);
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function courseSizeLabel(course: Pick<Course, 'sections'>): string {
  return `${counted(courseModuleCount(course), 'module', 'modules')} · ${counted(courseLessonCount(course), 'lesson', 'lessons')}`;
}

export function coursePriceLabel(price: number): string {
  return price === 0 ? 'Free' : `$${price}`;
}

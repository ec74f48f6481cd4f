import { z } from 'zod';

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
export const contentCategorySchema = z.enum([
  'carbon', 'energy', 'conservation', 'green-building', 'biodiversity', 'sustainable-development-goals', 'circular-economy',
]);
export type ContentCategory = z.infer<typeof contentCategorySchema>;

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const courseLevelSchema = z.enum(COURSE_LEVELS);
export const ACCESS_TYPES = ['paid', 'free'] as const;
export const accessSchema = z.enum(ACCESS_TYPES);

export function categoryLabel(id: string): string {
  return CONTENT_CATEGORIES.find((c) => c.id === id)?.label ?? id;
}

export const lessonSchema = z.object({ _id: z.string(), title: z.string(), duration: z.number() });
export const sectionSchema = z.object({ _id: z.string(), title: z.string(), content: z.array(lessonSchema) });
export const objectiveSchema = z.object({ _id: z.string(), description: z.string() });

export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  level: z.string(),
  thumbnail: z.string(),
  price: z.number(),
  duration: z.number(),
  status: z.number(),
  sections: z.array(sectionSchema),
  objectives: z.array(objectiveSchema),
});
export type Course = z.infer<typeof courseSchema>;

export const articleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  author: z.string(),
  readTime: z.number(),
  featured: z.boolean(),
  createdAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const workshopSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  date: z.string(),
  duration: z.number(),
});
export type Workshop = z.infer<typeof workshopSchema>;

export const ebookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  filename: z.string(),
  size: z.number(),
  fileUrl: z.string(),
  createdAt: z.string(),
});
export type Ebook = z.infer<typeof ebookSchema>;

export const researchPaperSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  fileUrl: z.string(),
  createdAt: z.string(),
});
export type ResearchPaper = z.infer<typeof researchPaperSchema>;

export const newsletterSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  fileUrl: z.string(),
  createdAt: z.string(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

export const caseStudySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  documentUrl: z.string(),
  featured: z.boolean(),
});
export type CaseStudy = z.infer<typeof caseStudySchema>;

export const slideSchema = z.object({
  imageUrl: z.string(),
  title: z.string(),
  description: z.string(),
  source: z.string(),
});
export type Slide = z.infer<typeof slideSchema>;

export const salesBannerSchema = z.object({ text: z.string() });
export type SalesBanner = z.infer<typeof salesBannerSchema>;

export const feedbackSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().pipe(z.email({ message: 'Please enter a valid email address' })),
  mobile: z.string().trim().min(1, 'Mobile is required').max(40),
  feedback: z.string().trim().min(1, 'Feedback is required').max(5000),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** Course figures shown on cards: duration is the sum of lesson minutes; lesson count is the number of sections. */
export function courseLessonCount(course: Pick<Course, 'sections'>): number {
  return course.sections.length;
}

export function coursePriceLabel(price: number): string {
  return price === 0 ? 'Free' : `$${price}`;
}

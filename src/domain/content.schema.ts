/** zod schemas of the content the API serves and of the contact form (rules and types: content.ts). */
import { z } from 'zod';
import { ACCESS_TYPES, COURSE_LEVELS } from './content';
import { creditLineSchema } from './cpd.schema';

export const contentCategorySchema = z.enum([
  'carbon', 'energy', 'conservation', 'green-building', 'biodiversity', 'sustainable-development-goals', 'circular-economy',
]);
export const courseLevelSchema = z.enum(COURSE_LEVELS);
export const accessSchema = z.enum(ACCESS_TYPES);

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
  /** Continuing-education credit lines (issue 39): body, amount, type, course number (null: not approved). */
  credits: z.array(creditLineSchema),
});

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

export const workshopSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  date: z.string(),
  duration: z.number(),
  /** The series' own time zone: the server words the time in it, the browser then in the viewer's (issue 41). */
  timeZone: z.string(),
});

export const ebookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  filename: z.string(),
  size: z.number(),
  fileUrl: z.string(),
  createdAt: z.string(),
});

export const researchPaperSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  fileUrl: z.string(),
  createdAt: z.string(),
});

export const newsletterSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  fileUrl: z.string(),
  createdAt: z.string(),
  /** A newsletter sent from the staff console can also be read as a page (issue 36). */
  pageUrl: z.string().optional(),
});

export const caseStudySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  documentUrl: z.string(),
  featured: z.boolean(),
  illustrative: z.boolean(),
});

export const slideSchema = z.object({
  imageUrl: z.string(),
  title: z.string(),
  description: z.string(),
  source: z.string(),
});

export const salesBannerSchema = z.object({ text: z.string() });

export const feedbackSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().pipe(z.email({ message: 'Please enter a valid email address' })),
  mobile: z.string().trim().min(1, 'Mobile is required').max(40),
  feedback: z.string().trim().min(1, 'Feedback is required').max(5000),
});

/** The content files (content/) the library tests read, to know what the import must have made of them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR } from '../../server/app';
import type { CourseFile } from '../../server/content-import/courses';
import { readLesson } from '../../server/content-import/lesson-markdown';
import type { TestContext } from './fixture';
import { members } from './members';

export const readJson = (path: string) => JSON.parse(readFileSync(join(CONTENT_DIR, path), 'utf8'));
export const jsonFilesIn = (folder: string) => readdirSync(join(CONTENT_DIR, folder)).filter((n) => n.endsWith('.json')).sort();
export type CourseJson = Omit<CourseFile, 'sections' | 'assessment'> & { sections: { title: string; lessons: { slug: string; title: string }[] }[] };
export const courseFiles: CourseJson[] = jsonFilesIn('courses').map((n) => readJson(`courses/${n}`));
/** A lesson's minutes as the import computes them: the reading time of its Markdown body. */
export const lessonMinutes = (course: string, lesson: string) =>
  readLesson(readFileSync(join(CONTENT_DIR, 'courses', course, `${lesson}.md`), 'utf8'), `/media/lessons/${course}/`, () => true).minutes;

export interface LibraryFile {
  slug: string;
  title: string;
  description: string;
  category?: string;
  publishedAt: string;
  featured?: boolean;
  illustrative?: boolean;
  imageUrl?: string;
  sections: { heading: string; paragraphs: string[] }[];
}
export const libraryFiles = (kind: string): LibraryFile[] => jsonFilesIn(`library/${kind}`).map((n) => readJson(`library/${kind}/${n}`));

/** A signed-in member without going through the OTP flow (the accounts tests cover that). */
export async function tokenFor(ctx: TestContext): Promise<string> {
  const [reader] = await members(ctx, 1, 'reader');
  return reader!.token;
}

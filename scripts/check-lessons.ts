/**
 * Checks the lessons and assessments of the course content files without a database: `npx tsx scripts/check-lessons.ts
 * [course-slug ...]`. Prints each lesson's words and minutes and every broken rule; exits 1 when any rule is broken.
 * The import (`content:import`) applies the same rules.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LessonRuleError, readLesson } from '../server/content-import/lesson-markdown';
import { quizQuestionFileSchema } from '../server/content-import/quiz';

const root = join(import.meta.dirname, '..', 'content');
const only = process.argv.slice(2);
const assessmentSchema = z.object({
  questions: z.array(quizQuestionFileSchema.extend({ lesson: z.string().min(1) })).min(6).max(10),
});
let failures = 0;
let total = 0;
let lessons = 0;

for (const name of readdirSync(join(root, 'courses')).filter((n) => n.endsWith('.json')).sort()) {
  const slug = name.slice(0, -5);
  if (only.length && !only.includes(slug)) continue;
  const course = JSON.parse(readFileSync(join(root, 'courses', name), 'utf8')) as {
    sections: { title: string; lessons: { slug: string; title: string }[] }[];
  };
  console.log(`\n${slug}`);
  let minutes = 0;
  const slugs = new Set<string>();
  for (const section of course.sections) {
    for (const lesson of section.lessons) {
      slugs.add(lesson.slug);
      lessons += 1;
      const file = join(root, 'courses', slug, `${lesson.slug}.md`);
      if (!existsSync(file)) {
        failures += 1;
        console.log(`  MISSING  ${slug}/${lesson.slug}.md`);
        continue;
      }
      try {
        const result = readLesson(readFileSync(file, 'utf8'), `/media/lessons/${slug}/`, (p) =>
          existsSync(join(root, 'images', p.slice('/media/'.length))),
        );
        minutes += result.minutes;
        console.log(`  ok       ${String(result.words).padStart(4)} words ${result.minutes} min ${result.figures.length ? `${result.figures.length} fig ` : ''}${lesson.slug}`);
      } catch (error) {
        failures += 1;
        const field = error instanceof LessonRuleError ? error.field : 'body';
        console.log(`  FAIL     ${slug}/${lesson.slug}.md: field "${field}": ${(error as Error).message}`);
      }
    }
  }
  const assessmentFile = join(root, 'courses', slug, 'assessment.json');
  if (!existsSync(assessmentFile)) {
    failures += 1;
    console.log(`  MISSING  ${slug}/assessment.json`);
  } else {
    const parsed = assessmentSchema.safeParse(JSON.parse(readFileSync(assessmentFile, 'utf8')));
    if (!parsed.success) {
      failures += 1;
      const issue = parsed.error.issues[0]!;
      console.log(`  FAIL     ${slug}/assessment.json: field "${issue.path.join('.')}": ${issue.message}`);
    } else {
      const unknown = parsed.data.questions.filter((q) => !slugs.has(q.lesson));
      if (unknown.length) {
        failures += 1;
        console.log(`  FAIL     ${slug}/assessment.json: field "lesson": ${unknown.map((q) => q.lesson).join(', ')} is not a lesson of this course`);
      } else console.log(`  ok       assessment: ${parsed.data.questions.length} questions`);
    }
  }
  const figDir = join(root, 'images', 'lessons', slug);
  if (existsSync(figDir)) {
    for (const fig of readdirSync(figDir)) {
      const size = statSync(join(figDir, fig)).size;
      if (size > 30_000) {
        failures += 1;
        console.log(`  FAIL     images/lessons/${slug}/${fig}: ${size} bytes; keep figures under 30 KB`);
      }
    }
  }
  total += minutes;
  console.log(`  course reading time: ${minutes} min`);
}
console.log(`\n${lessons} lessons, ${total} min in all, ${failures} problem(s)`);
process.exit(failures ? 1 : 0);

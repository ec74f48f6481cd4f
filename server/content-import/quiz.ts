/**
 * The quiz bank from content/quiz/<category>.json: one file per category of the topic page, each with its sets of
 * multiple-choice questions. Questions are upserted by (category, set, position), so importing the same folder again
 * keeps every question id and therefore every past attempt's answers.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, gte, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { QUIZ_CATEGORIES, QUIZ_TOPICS } from '../../src/domain/quiz';
import { quizCategorySchema, quizSetSchema } from '../../src/domain/quiz.schema';
import { quizQuestions, quizTopics } from '../data/schema';
import { ContentError, type ContentModule } from './module';

export const MIN_QUESTIONS_PER_SET = 10;
export const OPTIONS_PER_QUESTION = 4;

export const quizQuestionFileSchema = z.object({
  question: z.string().trim().min(1).max(300),
  options: z
    .array(z.string().trim().min(1).max(160))
    .length(OPTIONS_PER_QUESTION, `must list exactly ${OPTIONS_PER_QUESTION} options`)
    .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, 'options must all differ'),
  correctIndex: z.number().int().min(0).max(OPTIONS_PER_QUESTION - 1),
  explanation: z.string().trim().min(1).max(600),
});

export const quizFileSchema = z.object({
  category: quizCategorySchema,
  title: z.string().trim().min(1).max(80),
  sets: z
    .array(
      z.object({
        id: quizSetSchema,
        title: z.string().trim().min(1).max(40),
        questions: z.array(quizQuestionFileSchema).min(MIN_QUESTIONS_PER_SET).max(50),
      }),
    )
    .min(1),
});
export type QuizFile = z.output<typeof quizFileSchema>;

export const quizContent: ContentModule<QuizFile[] | null> = {
  name: 'quiz',
  async read(folder, report) {
    const dir = join(folder, 'quiz');
    const names = await readdir(dir).catch(() => null);
    if (names === null) return null;
    const result: QuizFile[] = [];
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const file = join(dir, name);
      const parsed = report.parse(file, quizFileSchema, await readFile(file, 'utf8'));
      if (name !== `${parsed.category}.json`) {
        throw new ContentError(`quiz/${name}: field "category": "${parsed.category}" must match the file name`);
      }
      const expectedTitle = QUIZ_CATEGORIES.find((c) => c.id === parsed.category)!.title;
      if (parsed.title !== expectedTitle) {
        // The topic grid and the play screen share the product's titles; one spelling everywhere.
        throw new ContentError(`quiz/${name}: field "title": must be "${expectedTitle}"`);
      }
      const setIds = parsed.sets.map((s) => s.id);
      if (new Set(setIds).size !== setIds.length) throw new ContentError(`quiz/${name}: field "sets": a set id appears twice`);
      result.push(parsed);
    }
    // Removing a category would cascade into learners' past attempts, so the folder must hold every one of them.
    const missing = QUIZ_CATEGORIES.filter((c) => !result.some((f) => f.category === c.id)).map((c) => `${c.id}.json`);
    if (missing.length > 0) throw new ContentError(`quiz: missing ${missing.join(', ')}`);
    return result;
  },
  async write(tx, data) {
    if (!data) return;
    for (const file of data) {
      const position = QUIZ_CATEGORIES.findIndex((c) => c.id === file.category);
      const topic = { id: file.category, title: file.title, position, isTopic: QUIZ_TOPICS.some((t) => t.id === file.category) };
      await tx.insert(quizTopics).values(topic).onConflictDoUpdate({ target: quizTopics.id, set: topic });
      for (const set of file.sets) {
        for (const [index, question] of set.questions.entries()) {
          const values = {
            category: file.category,
            setId: set.id,
            position: index,
            question: question.question,
            options: question.options,
            correctIndex: question.correctIndex,
            explanation: question.explanation,
          };
          await tx
            .insert(quizQuestions)
            .values(values)
            .onConflictDoUpdate({ target: [quizQuestions.category, quizQuestions.setId, quizQuestions.position], set: values });
        }
        // A shorter set drops its tail.
        await tx
          .delete(quizQuestions)
          .where(and(eq(quizQuestions.category, file.category), eq(quizQuestions.setId, set.id), gte(quizQuestions.position, set.questions.length)));
      }
      await tx.delete(quizQuestions).where(
        and(eq(quizQuestions.category, file.category), notInArray(quizQuestions.setId, file.sets.map((s) => s.id))),
      );
    }
  },
};

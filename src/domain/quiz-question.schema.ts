/**
 * One written multiple-choice question as the content files and the console give it: its text, four different options,
 * which one is right and why. A course's assessment question adds the lesson it is written from (authoring.ts); an
 * article's quiz (article-quiz.ts) takes it as it is.
 */
import { z } from 'zod';

export const words = (max: number, message: string) => z.string().trim().min(1, message).max(max);

export const QUESTION_OPTIONS = 4;
export const CHOOSE_RIGHT_OPTION = 'Choose the right option';

export const quizQuestionFieldsSchema = z.object({
  question: words(300, 'Write the question'),
  options: z
    .array(words(160, 'Write each option'))
    .length(QUESTION_OPTIONS, `must list exactly ${QUESTION_OPTIONS} options`)
    .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, 'options must all differ'),
  correctIndex: z.number({ error: CHOOSE_RIGHT_OPTION }).int().min(0, CHOOSE_RIGHT_OPTION).max(QUESTION_OPTIONS - 1, CHOOSE_RIGHT_OPTION),
  explanation: words(600, 'Explain the answer'),
});

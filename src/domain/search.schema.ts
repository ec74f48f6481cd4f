/** zod schemas of a search answer (rules and types: search.ts). */
import { z } from 'zod';
import { SEARCH_TYPES } from './search';

export const searchHitSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  title: z.string(),
  url: z.string(),
  /** Text with <mark>…</mark> around the matched words; nothing else is markup. */
  snippet: z.string(),
  /** For a hit inside a PDF, the page it is on. */
  page: z.number().nullable(),
});

export const searchAnswerSchema = z.object({
  success: z.literal(true),
  hits: z.array(searchHitSchema),
  /** How many hits of each type the query has (for the type filters), whatever `type` asked for. */
  counts: z.partialRecord(z.enum(SEARCH_TYPES), z.number()),
  /**
   * The types whose count reached its cap (ADR 178): they have at least that many matches ("300+"). An answer from a
   * server older than the cap has none, so a client read during a rolling deploy takes it as none capped.
   */
  capped: z.array(z.enum(SEARCH_TYPES)).default([]),
  total: z.number(),
  nextCursor: z.string().nullable(),
  /** When nothing matched: a spelling that would ('heat pump' for 'heatpump'). */
  suggestion: z.string().nullable(),
});

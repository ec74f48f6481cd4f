/** Quiz constants, attempts, answers, completion and the PDF. Filled in by the quiz work. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

export async function quizRoutes(_app: FastifyInstance, _deps: { db: Db }) {}

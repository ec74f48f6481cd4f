/** Courses, workshops, ebooks, research papers, newsletters, case studies. Filled in by the learning-library work. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

export async function libraryRoutes(_app: FastifyInstance, _deps: { db: Db }) {}

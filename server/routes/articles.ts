/** Articles: list, featured, by category, one. Filled in by the public-site work. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

export async function articleRoutes(_app: FastifyInstance, _deps: { db: Db }) {}

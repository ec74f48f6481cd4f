/** SDG constants, discussions, comments and likes. Filled in by the community work. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

export async function discussionRoutes(_app: FastifyInstance, _deps: { db: Db }) {}

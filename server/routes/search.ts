/**
 * Search (issue 14): visitors and members alike; what each finds depends on who asks. Answers are kept with the
 * community's (ADR 045): a post or comment written anywhere drops them, and none is older than a second.
 */
import type { FastifyInstance } from 'fastify';
import { search } from '../../src/contract/search';
import { implement } from '../http/route';
import type { SearchService } from '../services/search';

export async function searchRoutes(app: FastifyInstance, { service }: { service: SearchService }) {
  implement(app, search, async ({ query, user }) => service.search(user !== null, query), { cache: 'community', bySignIn: true, readBudget: 'search' });
}

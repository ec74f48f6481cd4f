/**
 * Search (issue 14): visitors and members alike; what each finds depends on who asks. Answers are kept with the
 * community's (ADR 045): a post or comment written anywhere drops them, and none is older than a second. The first
 * page of every search, a kept answer too, is counted for the staff's analytics (ADR 141): the query, not who asked.
 */
import type { FastifyInstance } from 'fastify';
import { search } from '../../src/contract/search';
import { implement } from '../http/route';
import type { AnalyticsService } from '../services/analytics';
import type { SearchService } from '../services/search';

export async function searchRoutes(app: FastifyInstance, { service, analytics }: { service: SearchService; analytics: AnalyticsService }) {
  implement(app, search, async ({ query, user }) => service.search(user !== null, query), {
    cache: 'community', bySignIn: true, readBudget: 'search',
    served: (answer, query) => (query.cursor ? Promise.resolve() : analytics.countSearch(query.q, answer.total === 0)),
  });
}

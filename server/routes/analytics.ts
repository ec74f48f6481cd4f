/** Staff analytics (issue 36 item 7, ADR 141): moderators and editors (and admins) read the figures and their charts. */
import type { FastifyInstance } from 'fastify';
import type { AnalyticsRange } from '../../src/domain/analytics';
import { analytics } from '../../src/contract/staff-analytics';
import { implement } from '../http/route';
import type { AnalyticsService } from '../services/analytics';

export async function analyticsRoutes(app: FastifyInstance, { service }: { service: AnalyticsService }) {
  implement(app, analytics, async ({ query }) => service.figures(query.days as AnalyticsRange));
}

import { z } from 'zod';
import { call } from './define';

export const health = call({
  name: 'health',
  method: 'GET',
  path: '/health',
  response: z.object({ success: z.literal(true), database: z.literal('up') }),
});

/**
 * Readiness (issue 40): whether this process should receive traffic. 200 when every part is up, 503 with the same
 * body when one is not; a load balancer takes the process out until it says ready again.
 */
export const healthReady = call({
  name: 'health.ready',
  method: 'GET',
  path: '/health/ready',
  response: z.object({
    success: z.boolean(),
    ready: z.boolean(),
    database: z.enum(['up', 'down']),
    migrations: z.literal('applied'),
    changeBus: z.enum(['up', 'down']),
    jobs: z.enum(['running', 'off', 'stopped']),
  }),
});

import type { FastifyInstance } from 'fastify';
import { submitFeedback } from '../../src/contract/feedback';
import type { Db } from '../db/client';
import { feedback } from '../db/schema';
import { implement } from '../http/route';

export async function feedbackRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, submitFeedback, async ({ body }) => {
    await db.insert(feedback).values(body);
    return { success: true, message: 'Form submitted successfully!' } as const;
  });
}

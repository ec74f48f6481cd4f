/** JSON request bodies: an empty body is no body, and text that is not JSON answers 400 in the product's words. */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export function parseJsonBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Body is not valid JSON'), undefined);
    }
  });
}

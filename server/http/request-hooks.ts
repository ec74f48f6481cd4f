/**
 * What every request gets, whatever its route: its id on the answer (ADR 136), a trace when tracing is on (ADR 145),
 * its duration in the metrics by route pattern, and on PGlite one admission to the database's queue (ADR 125).
 * Hooks that do no I/O take a callback rather than being async: each async hook costs every request a promise and a
 * turn of the microtask queue (issue 40 item 9, ADR 177).
 */
import type { FastifyInstance } from 'fastify';
import type { QueryQueue } from '../data/query-queue';
import type { Metrics } from '../metrics/metrics';
import type { Tracing } from '../tracing/tracing';
import { REQUEST_ID_HEADER } from './request-id';

export function registerRequestHooks(app: FastifyInstance, deps: { metrics: Metrics; tracing: Tracing; queue: QueryQueue | null }) {
  const { metrics, tracing, queue } = deps;
  if (tracing.enabled) {
    app.decorateRequest('span', null);
    app.addHook('onRequest', (request, _reply, done) => {
      request.span = tracing.startRequest({ id: request.id, method: request.method, route: request.routeOptions.url ?? 'unmatched', path: request.url.split('?')[0]! });
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      tracing.endRequest(request.span, reply.statusCode);
      done();
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/discussions/:id), never the raw path: a label per URL would grow without bound.
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (app.shuttingDown) reply.header('connection', 'close');
    done();
  });
  if (queue) app.addHook('onRequest', (_request, _reply, done) => queue.request(done));
}

/**
 * OpenTelemetry traces (issue 40 item 2, ADR 145): a server span per request (its trace id is the request id), a span
 * per contract call's handler, a span per database call and one per job, exported over OTLP/HTTP when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Off, nothing of OpenTelemetry is loaded and every hook is a no-op.
 * Spans are made by the product's own hooks (Fastify's, route.ts's, the driver wrapper's, the job runner's), not by
 * patching modules as they load: the server is ESM run through tsx, where load-time patching is fragile.
 * No global provider or context manager is registered, so several apps in one test process keep their traces apart.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

export interface RequestFacts {
  id: string;
  method: string;
  route: string;
  path: string;
}

export interface Tracing {
  readonly enabled: boolean;
  /** The request's server span, started when it arrives; its trace id is the request id (32 hex digits). */
  startRequest(request: RequestFacts): Span | null;
  endRequest(span: Span | null, status: number): void;
  /** Runs `work` in a span named `name`, under `parent` (a request's span) or under whatever span is current. */
  inSpan<T>(name: string, parent: Span | null, work: () => Promise<T>): Promise<T>;
  /** A database call's span under the current span; null outside any (the start's migrations, a scrape). */
  startQuery(operation: 'query' | 'transaction'): ((failed: boolean) => void) | null;
  shutdown(): Promise<void>;
}

export const TRACING_OFF: Tracing = {
  enabled: false,
  startRequest: () => null,
  endRequest: () => undefined,
  inSpan: (_name, _parent, work) => work(),
  startQuery: () => null,
  shutdown: async () => undefined,
};

const TRACE_ID = /^[0-9a-f]{32}$/;

/** A request id as a trace id: itself when it is one (ours, nginx's), else its hex digits when they make one. */
export function traceIdOf(requestId: string): string | null {
  const hex = requestId.toLowerCase().replaceAll('-', '');
  return TRACE_ID.test(hex) && !/^0+$/.test(hex) ? hex : null;
}

export async function startTracing(options: { endpoint?: string | undefined; exporter?: SpanExporter; serviceName: string }): Promise<Tracing> {
  if (!options.endpoint && !options.exporter) return TRACING_OFF;
  const api = await import('@opentelemetry/api');
  const { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { SpanKind, SpanStatusCode, ROOT_CONTEXT, trace } = api;

  // The next server span's trace id: the request's, handed to the id generator while that span is made.
  const nextTraceId = new AsyncLocalStorage<string>();
  const idGenerator = {
    generateTraceId: () => nextTraceId.getStore() ?? randomBytes(16).toString('hex'),
    generateSpanId: () => randomBytes(8).toString('hex'),
  };
  let exporter = options.exporter;
  if (!exporter) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const base = options.endpoint!.replace(/\/$/, '');
    exporter = new OTLPTraceExporter({ url: base.endsWith('/v1/traces') ? base : `${base}/v1/traces` });
  }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    idGenerator,
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  const tracer: Tracer = provider.getTracer('sustainlearn');
  const contexts = new AsyncLocalStorageContextManager().enable();
  const under = (parent: Span | null): Context => (parent ? trace.setSpan(ROOT_CONTEXT, parent) : contexts.active());

  return {
    enabled: true,
    startRequest(request) {
      const traceId = traceIdOf(request.id);
      const attributes = { 'http.request.method': request.method, 'http.route': request.route, 'url.path': request.path, 'sustainlearn.request_id': request.id };
      const start = () => tracer.startSpan(`${request.method} ${request.route}`, { kind: SpanKind.SERVER, attributes }, ROOT_CONTEXT);
      return traceId ? nextTraceId.run(traceId, start) : start();
    },
    endRequest(span, status) {
      if (!span) return;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    async inSpan(name, parent, work) {
      const context = under(parent);
      const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL }, context);
      try {
        return await contexts.with(trace.setSpan(context, span), work);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
    startQuery(operation) {
      const context = contexts.active();
      if (!trace.getSpan(context)) return null;
      const span = tracer.startSpan(operation === 'transaction' ? 'db transaction' : 'db query', {
        kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation },
      }, context);
      return (failed) => {
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
    },
    async shutdown() {
      contexts.disable();
      await provider.shutdown();
    },
  };
}

/**
 * One log line per request (issue 40, ADR 136): Fastify's "incoming request" line is dropped and its "request
 * completed" line carries the method, the path without its query, the status, the time and the request id. A static
 * file answered 2xx or 304 is logged at `debug` only, so a page view writes one line at `info`, not one per asset.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A file the SPA loads (a script, a style, a font, an image), by its extension, outside the API. */
const STATIC_FILE = /\.(?:js|mjs|css|map|woff2?|ttf|png|jpe?g|webp|avif|gif|svg|ico|txt|webmanifest|json|xml)$/i;

export function isStaticFile(url: string, apiBasePath: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !path.startsWith(`${apiBasePath}/`) && STATIC_FILE.test(path);
}

export class RequestLog extends LogController {
  constructor(private readonly apiBasePath: string) {
    super({});
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const line = { req: request, res: { statusCode: status }, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (status < 400 && isStaticFile(request.url, this.apiBasePath)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

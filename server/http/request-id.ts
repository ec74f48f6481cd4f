/**
 * The request id (issue 40, ADR 136): every response carries `x-request-id`, every log line of the request holds it,
 * and a 5xx body quotes it, so a member's report ("it said request 3f2a…") finds its log lines. A proxy's id is taken
 * only from a peer TRUST_PROXY trusts, and only when it looks like an id; otherwise the server makes one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A proxy's id: letters, digits and `._:-`, 8 to 128 characters (nginx's $request_id is 32 hex digits). */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Whether the connection's peer is a proxy TRUST_PROXY names (a hop count trusts the peer itself). */
function trustedPeer(trust: TrustProxy): ((address: string) => boolean) | null {
  if (trust === false) return null;
  if (typeof trust === 'number') return trust > 0 ? () => true : null;
  const trusts = proxyAddr.compile(trust);
  return (address) => trusts(address, 0);
}

export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustedPeer(trust);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (trusted && typeof given === 'string' && SAFE_ID.test(given) && trusted(request.socket?.remoteAddress ?? '')) return given;
    // 32 hex digits, as a W3C trace id (and nginx's $request_id): with tracing on, the request id is the trace id.
    // randomUUID draws from an entropy cache (randomBytes asked the system each time: 5 % of a small answer's cost).
    return randomUUID().replaceAll('-', '');
  };
}

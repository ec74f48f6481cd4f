/**
 * Security headers on every answer (ADR 062), with helmet: a Content-Security-Policy whose scripts are the
 * site's own files plus the hashes of index.html's inline scripts (no 'unsafe-inline' for scripts), no framing by
 * other sites, no plugins, no <base>; nosniff; strict-origin-when-cross-origin; HSTS when PUBLIC_URL is https.
 * Styles keep 'unsafe-inline': the carousel, the menus and the editor position things with style attributes.
 * helmet works them out once, at start: @fastify/helmet ran helmet again on every request (parsing the policy's
 * directives each time), a seventh of a small API answer's cost (issue 40 item 9, ADR 177).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The sha256 sources of every inline `<script>` of an HTML page that runs (not a JSON data block), for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/(?:ld\+)?json"))[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function contentSecurityPolicy(scriptHashes: string[], secure: boolean): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // pdf.js runs its worker from the site's own files; the legal documents open in a same-origin frame.
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    manifestSrc: ["'self'"],
    upgradeInsecureRequests: secure ? [] : null,
  };
}

/** The headers helmet sets for these options: none of them depends on the request. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => { failure = error; });
  if (failure) throw failure;
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { indexHtml: string | null; secure: boolean }) {
  const hashes = options.indexHtml && existsSync(options.indexHtml) ? inlineScriptHashes(readFileSync(options.indexHtml, 'utf8')) : [];
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(hashes, options.secure) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Images and documents are the site's own; nobody else's pages need to load them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Documents the site itself shows in a frame (the footer's legal PDFs): framing by the same origin only. */
export function allowSameOriginFraming(reply: FastifyReply): void {
  reply.header('content-security-policy', "frame-ancestors 'self'; object-src 'none'; base-uri 'none'").header('x-frame-options', 'SAMEORIGIN');
}

/**
 * Calls of the wire contract over HTTP for server tests: the URL and the body come from the contract's call
 * (`call.path` and its typed params and query), never from a hand-typed path. The few routes outside the contract
 * (pictures drawn by the quiz routes, stored files, media) are built by the helpers at the end, nowhere else.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LightMyRequestResponse as Response } from 'fastify';
import { type BodyOf, buildPath, type Call, type ParamsOf, type QueryOf } from '../../src/contract/define';
import type { TestContext } from './fixture';

export const API_BASE = '/api';

/** The URL of a call with its params filled in and its query appended. */
export function urlOf<C extends Call>(c: C, params?: ParamsOf<C>, query?: QueryOf<C>): string {
  return `${API_BASE}${buildPath(c.path, (params ?? {}) as Record<string, unknown>, (query ?? {}) as Record<string, unknown>)}`;
}

export interface CallOptions<C extends Call> {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  /** A body that breaks the contract on purpose (tests of refusals); sent as given. */
  rawBody?: unknown;
  /** A raw path or query that breaks the contract on purpose; replaces the one built from params and query. */
  rawUrl?: string;
  token?: string | undefined;
  headers?: Record<string, string>;
}

/** Sends one call of the contract to the app under test. */
export function send<C extends Call>(ctx: TestContext, c: C, options: CallOptions<C> = {}): Promise<Response> {
  const payload = 'rawBody' in options ? options.rawBody : options.body;
  return ctx.app.inject({
    method: c.method,
    url: options.rawUrl ?? urlOf(c, options.params, options.query),
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
}

/** A GET of a URL outside the contract: one an answer pointed at (a picture, a PDF), or one built below. */
export function getUrl(ctx: TestContext, url: string, options: { token?: string | undefined; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
}

/** A path under the API base that no call of the contract names (the 404 of unknown API paths). */
export const UNKNOWN_API_PATH = `${API_BASE}/nope`;

/** The pictures the quiz routes draw: outside the contract, linked from its answers. */
export const quizPicture = {
  topic: (topicId: string) => `${API_BASE}/quizzes/topics/${encodeURIComponent(topicId)}/image.svg`,
  question: (questionId: string) => `${API_BASE}/quizzes/questions/${encodeURIComponent(questionId)}/image.svg`,
  reveal: (attemptId: string, index: number | string) =>
    `${API_BASE}/quizzes/attempts/${encodeURIComponent(attemptId)}/questions/${encodeURIComponent(String(index))}/reveal.svg`,
};

/** Stored documents (PDFs), served outside the API base. */
export const FILES_BASE = '/files';
export const filePath = (path: string) => `${FILES_BASE}/${path}`;

/** Static pictures of the content folder, served outside the API base. */
export const MEDIA_BASE = '/media';
export const mediaPath = (path: string) => `${MEDIA_BASE}/${path}`;

/** Whether a value is a call of the contract (it has a method, a path and a response schema). */
export function isCall(value: unknown): value is Call {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Call>;
  return typeof v.method === 'string' && typeof v.path === 'string' && typeof v.response === 'object' && v.response !== null;
}

/** Every call of every module in src/contract/, so a test over "every call" cannot miss a new one. */
export async function contractCalls(): Promise<Call[]> {
  const dir = fileURLToPath(new URL('../../src/contract/', import.meta.url));
  const modules = await Promise.all(
    readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map(async (name) => (await import(pathToFileURL(join(dir, name)).href)) as Record<string, unknown>),
  );
  return [...new Set(modules.flatMap((m) => Object.values(m).filter(isCall)))];
}

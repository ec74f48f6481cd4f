/**
 * A mixed load, as a site in use meets it: pages drawn for visitors and for a member, API reads, searches that miss
 * the kept answers, and writes (comments, each of which drops the kept community answers and pages). The memory
 * figures (bench/memory.ts) are read after it.
 */
import autocannon from 'autocannon';
import type { Seeded } from './seed';

/** Words learners search for: the API run's varied search asks for every pair (1,600 queries), the mixed load for random pairs. */
export const WORDS = [
  'carbon', 'embodied', 'retrofit', 'heat', 'pump', 'timber', 'concrete', 'daylight', 'water', 'biodiversity', 'circular', 'insulation',
  'ventilation', 'passivhaus', 'solar', 'energy', 'materials', 'reuse', 'housing', 'schools', 'leed', 'breeam', 'certification', 'overheating',
  'steel', 'facade', 'roof', 'green', 'urban', 'planning', 'transport', 'waste', 'lifecycle', 'assessment', 'refrigerant', 'comfort',
  'acoustic', 'flood', 'trees', 'cement',
];

export const randomQuery = () => `${WORDS[Math.floor(Math.random() * WORDS.length)]} ${WORDS[Math.floor(Math.random() * WORDS.length)]}`;

interface MixedRequest {
  method: 'GET' | 'POST';
  path: string | (() => string);
  body?: () => string;
  signedIn: boolean;
  /** How many of every turn of the rotation are of this request. */
  weight: number;
}

export interface MixedResult {
  requests: number;
  /** Answers that were not 2xx or 3xx, and errors and timeouts. */
  failures: number;
  rps: number;
}

/** A post of its own to comment on, so the seeded threads the other sections read stay as they are. */
async function postToCommentOn(baseUrl: string, token: string, seeded: Seeded): Promise<string> {
  const res = await fetch(`${baseUrl}/api/discussions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Mixed load', content: '<p>Comments of the mixed load go here.</p>', category: seeded.category, subcategory: seeded.subcategory }),
  });
  if (!res.ok) throw new Error(`the mixed load's post answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { discussion: { _id: string } }).discussion._id;
}

/** `seconds` of the mix at `connections` at a time, against a server with its rate limits off. */
export async function mixedLoad(baseUrl: string, token: string, seeded: Seeded, seconds: number, connections = 20): Promise<MixedResult> {
  const postId = await postToCommentOn(baseUrl, token, seeded);
  let written = 0;
  const kinds: MixedRequest[] = [
    // Pages drawn for visitors (kept) and for the member (drawn each time).
    { method: 'GET', path: '/', signedIn: false, weight: 2 },
    { method: 'GET', path: '/articles', signedIn: false, weight: 1 },
    { method: 'GET', path: '/sustainlearn', signedIn: false, weight: 1 },
    { method: 'GET', path: () => `/search?q=${encodeURIComponent(randomQuery())}`, signedIn: false, weight: 1 },
    { method: 'GET', path: '/courses', signedIn: true, weight: 1 },
    { method: 'GET', path: '/discussion', signedIn: true, weight: 1 },
    // API reads.
    { method: 'GET', path: '/api/courses', signedIn: true, weight: 3 },
    { method: 'GET', path: '/api/articles', signedIn: true, weight: 2 },
    { method: 'GET', path: `/api/discussions?category=${seeded.category}&subcategory=${seeded.subcategory}`, signedIn: true, weight: 2 },
    { method: 'GET', path: `/api/comments/${seeded.bigThreadId}/list`, signedIn: true, weight: 1 },
    // Searches, most of them missing the kept answers.
    { method: 'GET', path: () => `/api/search?q=${encodeURIComponent(randomQuery())}`, signedIn: true, weight: 3 },
    // Writes.
    {
      method: 'POST', path: '/api/comments', signedIn: true, weight: 1,
      body: () => JSON.stringify({ discussionId: postId, content: `<p>Mixed load comment ${++written}.</p>`, parentCommentId: null }),
    },
  ];
  const turn = kinds.flatMap((k) => Array.from({ length: k.weight }, () => k));
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => {
              const kind = turn[next++ % turn.length]!;
              const path = typeof kind.path === 'function' ? kind.path() : kind.path;
              const api = path.startsWith('/api/');
              const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
              if (kind.signedIn) headers[api ? 'authorization' : 'cookie'] = api ? `Bearer ${token}` : `token=${token}`;
              if (kind.body) headers['content-type'] = 'application/json';
              return { ...req, method: kind.method, path, headers, ...(kind.body ? { body: kind.body() } : {}) };
            },
          } as never,
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return {
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result['4xx'] + result['5xx'],
    rps: result.requests.average,
  };
}

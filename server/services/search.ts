/**
 * Search (issue 14, ADR 090): one query over everything a caller may open. Visitors find articles, the about area and
 * course titles (which lead to sign-in); members also find lessons, workshops, the library's PDFs (with the page),
 * quizzes and the community (the best of its newest matches, counted up to a cap: ADR 178). Snippets are escaped
 * text with <mark> around the matched words and nothing else. When nothing matches, a close spelling of the unknown
 * words is proposed if it would find something.
 */
import { PUBLIC_TYPES, SEARCH_PAGE_SIZE, SEARCH_TYPES, type SearchAnswer, type SearchHit, type SearchType } from '../../src/domain/search';
import { escapeMarkup } from '../../src/domain/text';
import type { Db } from '../data/client';
import { anyMatch, closestWords, findDocuments, type FoundRow, knownWords, MARK_END, MARK_START } from '../data/search';
import { invalid } from './errors';

/** Everything escaped, then the headline's own markers turned into <mark>: no other markup can survive. */
export function markSnippet(headline: string): string {
  let clean = '';
  for (const c of headline) {
    const code = c.charCodeAt(0);
    const control = code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r';
    clean += control && c !== MARK_START && c !== MARK_END ? ' ' : c;
  }
  return escapeMarkup(clean).replaceAll(MARK_START, '<mark>').replaceAll(MARK_END, '</mark>').replace(/\s+/g, ' ').trim();
}

function encodeCursor(row: FoundRow): string {
  return Buffer.from(JSON.stringify({ r: row.rank, id: row.id })).toString('base64url');
}

function decodeCursor(cursor: string): { rank: number; id: string } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { r?: unknown; id?: unknown };
    if (typeof value.r === 'number' && Number.isFinite(value.r) && typeof value.id === 'string' && /^[0-9a-f-]{36}$/i.test(value.id)) {
      return { rank: value.r, id: value.id };
    }
  } catch {
    // Not ours.
  }
  throw invalid('cursor: Invalid cursor');
}

export class SearchService {
  constructor(private readonly db: Db) {}

  allowedTypes(signedIn: boolean): readonly SearchType[] {
    return signedIn ? SEARCH_TYPES : PUBLIC_TYPES;
  }

  async search(signedIn: boolean, input: { q: string; type?: SearchType | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<SearchAnswer> {
    const q = input.q.trim();
    const allowed = this.allowedTypes(signedIn);
    const kinds = input.type ? allowed.filter((t) => t === input.type) : allowed;
    const after = input.cursor ? decodeCursor(input.cursor) : undefined;
    const limit = input.limit ?? SEARCH_PAGE_SIZE;
    // The page and the counts of every allowed kind come from one statement over one set of candidates (ADR 178).
    const { rows, counts, capped } = await findDocuments(this.db, { q, allowed, kinds, limit: limit + 1, after });
    const page = rows.slice(0, limit);
    const hits: SearchHit[] = page.map((r) => ({
      type: r.kind as SearchType, title: r.title, url: r.url, snippet: markSnippet(r.snippet), page: r.page > 0 ? r.page : null,
    }));
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return {
      success: true,
      hits,
      counts,
      capped: capped as SearchType[],
      total,
      nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
      suggestion: total === 0 && !after ? await this.suggest(q, allowed) : null,
    };
  }

  /** 'Did you mean': the query with each unknown word replaced by its closest known word or pair, if that finds anything. */
  private async suggest(q: string, allowed: readonly SearchType[]): Promise<string | null> {
    const words = [...new Set((q.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 4))];
    if (words.length === 0) return null;
    const known = await knownWords(this.db, words);
    const closest = await closestWords(this.db, words.filter((w) => !known.has(w)));
    if (closest.size === 0) return null;
    const suggestion = q.replace(/[A-Za-z]+/g, (word) => closest.get(word.toLowerCase()) ?? word);
    if (suggestion.toLowerCase() === q.toLowerCase()) return null;
    return (await anyMatch(this.db, suggestion, allowed)) ? suggestion : null;
  }
}

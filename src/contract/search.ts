/** Search (issue 14): one call for the nav box and the results page; visitors get what they may open. */
import { z } from 'zod';
import { SEARCH_QUERY_MAX, SEARCH_TYPES } from '../domain/search';
import { searchAnswerSchema } from '../domain/search.schema';
import { call } from './define';

export const search = call({
  name: 'search.query', method: 'GET', path: '/search',
  query: z.object({
    q: z.string().trim().min(1, 'Type something to search for').max(SEARCH_QUERY_MAX, `Search for ${SEARCH_QUERY_MAX} characters at most`),
    type: z.enum(SEARCH_TYPES).optional(),
    cursor: z.string().max(200).optional(),
    /** The nav box asks for a few; the results page for a page. */
    limit: z.coerce.number().int().min(1).max(50).optional(),
  }),
  response: searchAnswerSchema,
});

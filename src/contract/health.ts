import { z } from 'zod';
import { call } from './define';

export const health = call({
  name: 'health',
  method: 'GET',
  path: '/health',
  response: z.object({ success: z.literal(true), database: z.literal('up') }),
});

import { feedbackSchema } from '../domain/content.schema';
import { call, okMessageSchema } from './define';

export const submitFeedback = call({
  name: 'feedback.submit', method: 'POST', path: '/feedback', body: feedbackSchema, response: okMessageSchema,
});

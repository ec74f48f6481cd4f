/**
 * The post composer's world, shared by its model-based tests (post-composer.machine.test.ts) and its effects tests
 * (post-composer.effects.test.ts): the member's draft key, the topics a page may tell (both chosen, another, half
 * chosen, none), the server's refusals, the post it creates, the drafts a store may hold, and the alerts as the member
 * reads them.
 */
import type { Topic } from '../../src/application/discussion-feed.machine';
import { postDraftKey, type PostText } from '../../src/application/post-composer.machine';
import type { Discussion } from '../../src/domain/discussion';

export const KEY = postDraftKey('u1');
export const T1: Topic = { category: 'climate-action', subcategory: 'embodied-carbon' };
export const T2: Topic = { category: 'sustainable-cities-and-communities', subcategory: 'green-buildings' };
export const CATEGORY_ONLY: Topic = { category: 'climate-action', subcategory: '' };
export const NO_TOPIC: Topic = { category: '', subcategory: '' };
export const REFUSAL = 'You are posting too fast. Please wait 30 seconds before posting again.';
export const TITLE_TOO_LONG = 'Title must be at most 200 characters';

export const created: Discussion = {
  _id: 'd1', title: 'Timber', content: '<p>Body</p>', category: T1.category, subcategory: T1.subcategory, likes: [], likeCount: 0,
  commentCount: 0, comments: [], createdBy: { _id: 'u1', name: 'Ada Lovelace' }, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', editedAt: null,
};

export const storedDraft: PostText = { title: 'Half-written', content: '<p>So far</p>' };
export const titleOnlyDraft: PostText = { title: 'Only a title', content: '' };

/** The alerts as the member reads them (spec section 8; the content rule's text is the product's own). */
export const TEXT = {
  selectTopicFirst: 'Please select both category and subcategory first',
  selectTopicBeforePosting: 'Please select both category and subcategory before creating a post',
  contentRequired: 'Please write the post before creating it',
  createFailed: 'Failed to create discussion. Please try again.',
};

export const textOf = (c: PostText): PostText => ({ title: c.title, content: c.content });

/** The moderators' actions (issue 37 item 7, ADR 149): keep, hide or delete an item, silence its author, pin a post. */
import type { ReportTarget } from '../domain/moderation';
import { lazyCalls } from './lazy-calls';
import type { ApiClient } from './ports';

/** The moderation calls load with the first action, not with the page that offers them. */
const calls = lazyCalls(() => import(/* webpackChunkName: "contract-moderation" */ '../contract/moderation'));

export type ModerationChoice = { action: 'keep' } | { action: 'hide'; reason: string } | { action: 'delete' };

export async function moderate(api: ApiClient, targetType: ReportTarget, targetId: string, choice: ModerationChoice): Promise<string> {
  return (await calls((c) => api.call(c.moderateItem, { params: { targetType, targetId }, body: choice }))).message;
}

export async function silenceAuthor(api: ApiClient, userId: string, days: 1 | 7 | 30, reason: string): Promise<{ message: string; silencedUntil: string }> {
  return calls((c) => api.call(c.silenceMember, { params: { userId }, body: { days, reason } }));
}

export async function pinPost(api: ApiClient, id: string, pinned: boolean): Promise<string> {
  return (await calls((c) => api.call(c.pinDiscussion, { params: { id }, body: { pinned } }))).message;
}

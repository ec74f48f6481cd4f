/**
 * The community: the post composer, the feed, threads, mentions and reports. Their machines and
 * effects, evaluated in a task of their own at start (src/ui/boot.tsx).
 */
import { prepareCommentThread, provideCommentThread, readCommentThreadAhead } from '../../application/comment-thread.effects';
import { provideDiscussionFeed } from '../../application/discussion-feed.effects';
import { provideMentionPicker } from '../../application/mention-picker.effects';
import { providePostComposer } from '../../application/post-composer.effects';
import { provideReportDialog } from '../../application/report-dialog.effects';
import type { AppMachines } from '../../application/services';
import type { MachinePorts } from './ports';

export function provideCommunityMachines(ports: MachinePorts): Pick<AppMachines, 'postComposer' | 'discussionFeed' | 'commentThread' | 'mentionPicker' | 'prepareCommentThread' | 'readCommentThreadAhead' | 'reportDialog'> {
  return {
    postComposer: () => providePostComposer(ports),
    discussionFeed: () => provideDiscussionFeed(ports),
    commentThread: () => provideCommentThread(ports),
    mentionPicker: () => provideMentionPicker(ports),
    prepareCommentThread,
    readCommentThreadAhead: (discussionId) => readCommentThreadAhead(ports.api, discussionId),
    reportDialog: () => provideReportDialog(ports),
  };
}

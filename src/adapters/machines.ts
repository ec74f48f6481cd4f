/**
 * Every machine's effects bound to the ports, in one place beside the composition root (ADR 003): views get machines
 * ready to run and never provide effects themselves (a dependency-cruiser rule says so).
 */
import { provideAccountDeletion } from '../application/account-deletion.effects';
import { provideArticleQuiz } from '../application/article-quiz.effects';
import { provideContentEditor } from '../application/content-editor.effects';
import { prepareCommentThread, provideCommentThread, readCommentThreadAhead } from '../application/comment-thread.effects';
import { provideCourseProgress } from '../application/course-progress.effects';
import { provideCpd } from '../application/cpd.effects';
import { provideDiscussionFeed } from '../application/discussion-feed.effects';
import { provideEmailChange } from '../application/email-change.effects';
import { provideNewsletterSend } from '../application/newsletter-send.effects';
import { provideMemberSuspension } from '../application/member-suspension.effects';
import { provideMentionPicker } from '../application/mention-picker.effects';
import { provideReportDialog } from '../application/report-dialog.effects';
import { provideOtpWizard } from '../application/otp-wizard.effects';
import type { ApiClient, Clock, DraftStore, FileSaver, FileUploader, Navigator, Notifier, PushDevice, TokenStore } from '../application/ports';
import { providePushSettings } from '../application/push-settings.effects';
import { providePostComposer } from '../application/post-composer.effects';
import { provideQuizAttempt } from '../application/quiz-attempt.effects';
import { provideSearch } from '../application/search.effects';
import { provideStaffCpdExport } from '../application/staff-cpd-export.effects';
import type { AppMachines } from '../application/services';
import { provideWorkshop } from '../application/workshop.effects';

export interface MachinePorts {
  api: ApiClient;
  uploads: FileUploader;
  tokens: TokenStore;
  navigator: Navigator;
  clock: Clock;
  files: FileSaver;
  drafts: DraftStore;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
  /** Ends the session on this device when its token died on the server (an account deleted). */
  endSession: () => void;
  /** This device's push (ADR 169). */
  push: PushDevice;
}

export function provideMachines(ports: MachinePorts): AppMachines {
  return {
    otpWizard: () => provideOtpWizard(ports),
    quizAttempt: () => provideQuizAttempt(ports),
    postComposer: () => providePostComposer(ports),
    discussionFeed: () => provideDiscussionFeed(ports),
    commentThread: () => provideCommentThread(ports),
    mentionPicker: () => provideMentionPicker(ports),
    prepareCommentThread,
    readCommentThreadAhead: (discussionId) => readCommentThreadAhead(ports.api, discussionId),
    courseProgress: () => provideCourseProgress(ports),
    workshop: () => provideWorkshop(ports),
    articleQuiz: () => provideArticleQuiz(ports),
    search: () => provideSearch(ports),
    accountDeletion: () => provideAccountDeletion(ports),
    emailChange: () => provideEmailChange(ports),
    newsletterSend: () => provideNewsletterSend(ports),
    memberSuspension: () => provideMemberSuspension(ports),
    reportDialog: () => provideReportDialog(ports),
    cpd: () => provideCpd(ports),
    contentEditor: () => provideContentEditor(ports),
    pushSettings: () => providePushSettings(ports),
    staffCpdExport: () => provideStaffCpdExport(ports),
  };
}

/** What the views receive from the composition root: the ports, the long-lived session actor, and the machines. */
import type { ActorRefFrom } from 'xstate';
import type { AccountDeletionMachine } from './account-deletion.machine';
import type { ArticleQuizMachine } from './article-quiz.machine';
import type { CommentThreadMachine } from './comment-thread.machine';
import type { CourseProgressMachine } from './course-progress.machine';
import type { CpdMachine } from './cpd.machine';
import type { DiscussionFeedMachine } from './discussion-feed.machine';
import type { EmailChangeMachine } from './email-change.machine';
import type { NewsletterSendMachine } from './newsletter-send.machine';
import type { NotificationCentreMachine } from './notification-centre.machine';
import type { MemberSuspensionMachine } from './member-suspension.machine';
import type { ContentEditorMachine } from './content-editor.machine';
import type { MentionPickerMachine } from './mention-picker.machine';
import type { ReportDialogMachine } from './report-dialog.machine';
import type { OfflineShelfMachine } from './offline-shelf.machine';
import type { OtpWizardMachine } from './otp-wizard.machine';
import type { Analytics, ApiClient, Clock, DraftStore, FileSaver, FileUploader, Navigator, Notifier, TokenStore } from './ports';
import type { PostComposerMachine } from './post-composer.machine';
import type { PushSettingsMachine } from './push-settings.machine';
import type { QuizAttemptMachine } from './quiz-attempt.machine';
import type { SearchMachine } from './search.machine';
import type { SessionMachine } from './session.machine';
import type { StaffCpdExportMachine } from './staff-cpd-export.machine';
import type { ThemeActor } from './theme.machine';
import type { WorkshopMachine } from './workshop.machine';

/**
 * Each machine with its effects bound to the ports (src/adapters/machines.ts). One call per actor: a machine's
 * effects may hold that actor's timers. Views create the actor, subscribe and send; they never provide effects.
 */
export interface AppMachines {
  otpWizard(): OtpWizardMachine;
  quizAttempt(): QuizAttemptMachine;
  postComposer(): PostComposerMachine;
  discussionFeed(): DiscussionFeedMachine;
  commentThread(): CommentThreadMachine;
  /** Suggestions of members to mention, for a comment form (the post composer holds its own). */
  mentionPicker(): MentionPickerMachine;
  /**
   * Readies what a thread's first request needs before any press: the comment calls' contract module, whose zod
   * schemas are otherwise built inside the first Comments press, before its request can leave.
   */
  prepareCommentThread(): void;
  /** Reads a thread's comments ahead of the press that opens it (the pointer or the focus is on its button). */
  readCommentThreadAhead(discussionId: string): void;
  courseProgress(): CourseProgressMachine;
  workshop(): WorkshopMachine;
  /** An article's own quiz, "Check your understanding" (ADR 176). */
  articleQuiz(): ArticleQuizMachine;
  search(): SearchMachine;
  accountDeletion(): AccountDeletionMachine;
  emailChange(): EmailChangeMachine;
  newsletterSend(): NewsletterSendMachine;
  memberSuspension(): MemberSuspensionMachine;
  reportDialog(): ReportDialogMachine;
  /** The /cpd dashboard: its ledger, period switching and the external-activity form (issue 39). */
  cpd(): CpdMachine;
  contentEditor(): ContentEditorMachine;
  /** Push notifications on this device (issue 42 item 4). */
  pushSettings(): PushSettingsMachine;
  /** 'Export for AIA CES' in the staff console (issue 39). */
  staffCpdExport(): StaffCpdExportMachine;
}

export interface AppServices {
  api: ApiClient;
  uploads: FileUploader;
  tokens: TokenStore;
  navigator: Navigator;
  analytics: Analytics;
  clock: Clock;
  files: FileSaver;
  drafts: DraftStore;
  notifier: Notifier;
  session: ActorRefFrom<SessionMachine>;
  /** The signed-in member's notification centre (ADR 147): started and stopped with the session, in the browser only. */
  notifications: ActorRefFrom<NotificationCentreMachine>;
  /**
   * Opens what listens live (the notification centre's stream) once the page is alive, after hydration: nothing it
   * hears may change a page React is still matching with the server's HTML. Absent where nothing listens.
   */
  goLive?: () => void;
  /** The reader's colour theme (ADR 165), chosen in the avatar menu or the footer. */
  theme: ThemeActor;
  /** What this device keeps for offline reading (ADR 174); absent while the server draws a page. */
  offline?: ActorRefFrom<OfflineShelfMachine>;
  machines: AppMachines;
  log: (message: string, error: unknown) => void;
}

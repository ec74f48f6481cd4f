/**
 * The machines' modules, a few at a time, each batch evaluated in a task of its own before the composition root needs
 * them (src/ui/boot.tsx). Each module builds its machine as it loads: as one module the machines were one task of over
 * 100 ms at 4x CPU (ADR 181), and as four groups, four tasks of 50–130 ms (ADR 183). A batch here is at most three
 * machines; the groups that follow find them evaluated.
 */
export const MACHINE_GROUPS: (() => Promise<unknown>)[] = [
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/session.effects'),
    import(/* webpackMode: "eager" */ '../../application/theme.effects'),
  ]),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/notification-centre.effects'),
    import(/* webpackMode: "eager" */ '../../application/offline-shelf.effects'),
  ]),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/otp-wizard.effects'),
    import(/* webpackMode: "eager" */ '../../application/quiz-attempt.effects'),
  ]),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/course-progress.effects'),
    import(/* webpackMode: "eager" */ '../../application/workshop.effects'),
  ]),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/article-quiz.effects'),
    import(/* webpackMode: "eager" */ '../../application/search.effects'),
  ]),
  () => import(/* webpackMode: "eager" */ './learning'),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/comment-thread.effects'),
    import(/* webpackMode: "eager" */ '../../application/discussion-feed.effects'),
  ]),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/mention-picker.effects'),
    import(/* webpackMode: "eager" */ '../../application/post-composer.effects'),
    import(/* webpackMode: "eager" */ '../../application/report-dialog.effects'),
  ]),
  () => import(/* webpackMode: "eager" */ './community'),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/account-deletion.effects'),
    import(/* webpackMode: "eager" */ '../../application/cpd.effects'),
  ]),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/email-change.effects'),
    import(/* webpackMode: "eager" */ '../../application/push-settings.effects'),
  ]),
  () => import(/* webpackMode: "eager" */ './account'),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/content-editor.effects'),
    import(/* webpackMode: "eager" */ '../../application/member-suspension.effects'),
  ]),
  () => Promise.all([
    import(/* webpackMode: "eager" */ '../../application/newsletter-send.effects'),
    import(/* webpackMode: "eager" */ '../../application/staff-cpd-export.effects'),
  ]),
  () => import(/* webpackMode: "eager" */ './staff'),
];

/**
 * The 'Create a Post' area, a thin view of the post composer machine: the button (with the spec's alert when no topic
 * is chosen), then the title and the rich-text editor, loaded only when the composer first opens.
 */
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { HELD_MESSAGE } from '../../../domain/moderation';
import { COMPOSER_MENTIONS, isPostComplete, type PostComposerMachine } from '../../../application/post-composer.machine';
import { DISCUSSION_TITLE_MAX } from '../../../domain/discussion';
import { Field } from '../../components/fields';
import { retryableLazy } from '../../components/retryable-lazy';
import { Spinner } from '../../components/states';
import type { MentionPickerRef } from './mention-suggestions';
import { useNameGate } from './name-gate';

const RichTextEditor = retryableLazy(() => import('./rich-text-editor'));

export function PostComposer({ composer, topic }: { composer: ActorRefFrom<PostComposerMachine>; topic: string }) {
  const view = useSelector(composer, (s) => ({
    open: s.matches('editing') || s.matches('submitting'),
    submitting: s.matches('submitting'),
    complete: isPostComplete(s.context),
    title: s.context.title,
    content: s.context.content,
    alert: s.context.alert,
    fieldErrors: s.context.fieldErrors,
    lastCreatedId: s.context.lastCreatedId,
    held: s.context.lastCreatedHeld,
  }), (a, b) => a.held === b.held && a.open === b.open && a.submitting === b.submitting && a.complete === b.complete && a.title === b.title
    && a.content === b.content && a.alert === b.alert && a.fieldErrors === b.fieldErrors && a.lastCreatedId === b.lastCreatedId);
  // The open composer's mention picker (ADR 150): read here, told through the composer.
  const picker = useSelector(composer, (s) => s.children[COMPOSER_MENTIONS] as MentionPickerRef | undefined);
  const createButton = useRef<HTMLButtonElement>(null);
  const gate = useNameGate();
  const wasOpen = useRef(view.open);

  // Closing (posted or cancelled) hands focus back to the button that opened the composer.
  useEffect(() => {
    if (wasOpen.current && !view.open) createButton.current?.focus();
    wasOpen.current = view.open;
  }, [view.open]);

  // A published post is said once, in a polite live region that stays on the page whether the composer is open or not.
  const firstCreated = useRef(view.lastCreatedId);
  const published = view.lastCreatedId !== null && view.lastCreatedId !== firstCreated.current;
  const status = (
    <p className={published && view.held ? 'composer__held' : 'visually-hidden'} role="status">
      {published && !view.open ? (view.held ? HELD_MESSAGE : 'Your post was published.') : ''}
    </p>
  );

  if (!view.open) {
    return (
      <>
      {status}
      <div className="composer-start">
        <button ref={createButton} type="button" className="button button--primary" onClick={() => gate(() => composer.send({ type: 'composer.open' }))}>
          Create a Post
        </button>
        {view.alert && (
          <p className="form__error composer__alert" role="alert">
            {view.alert}
          </p>
        )}
      </div>
      </>
    );
  }

  return (
    <>
    {status}
    <form
      className="card composer"
      aria-labelledby="composer-heading"
      onSubmit={(event) => {
        event.preventDefault();
        composer.send({ type: 'composer.submit' });
      }}
    >
      <div className="card__body">
        <h2 id="composer-heading" className="composer__heading">
          Create a Post
        </h2>
        <p className="card__meta">{topic ? `Posting in ${topic}` : 'Choose a category and a subcategory to post in.'}</p>
        <Field label="Title" name="title" value={view.title} onChange={(title) => composer.send({ type: 'title.changed', title })}
          maxLength={DISCUSSION_TITLE_MAX} isDisabled={view.submitting} autoFocus error={view.fieldErrors.title ?? null} />
        <Suspense fallback={<Spinner label="Loading editor..." />}>
          <RichTextEditor
            label="Content"
            initialHtml={view.content}
            disabled={view.submitting}
            onChange={(content) => composer.send({ type: 'content.changed', content })}
            onSubmitShortcut={() => composer.send({ type: 'composer.submit' })}
            mentions={{ picker, send: composer.send }}
            error={view.fieldErrors.content ?? null}
          />
        </Suspense>
        {view.alert && (
          <p className="form__error composer__alert" role="alert">
            {view.alert}
          </p>
        )}
        <div className="composer__actions">
          <button type="submit" className="button button--primary" disabled={!view.complete || view.submitting}>
            {view.submitting ? 'Publishing...' : 'Publish Post'}
          </button>
          <button type="button" className="button" onClick={() => composer.send({ type: 'composer.cancel' })} disabled={view.submitting}>
            Cancel
          </button>
        </div>
      </div>
    </form>
    </>
  );
}

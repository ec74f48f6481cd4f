/** The editor's buttons (issue 38): Save, Preview, Publish, Schedule (a date and time) and Unpublish; and its failure. */
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ContentEditorMachine, ContentEditorSnapshot } from '../../../application/content-editor.machine';
import { isDirty } from '../../../application/content-editor.machine';
import type { AuthoringKind } from '../../../domain/authoring';
import { Link } from 'wouter';
import { paths } from '../../routes';

export function EditorActions({ actor, snapshot, kind }: { actor: ActorRefFrom<ContentEditorMachine>; snapshot: ContentEditorSnapshot; kind: AuthoringKind }) {
  const { context } = snapshot;
  const [at, setAt] = useState('');
  const editing = snapshot.matches('editing');
  const saved = context.item !== null && !isDirty(context);
  const published = context.item?.status === 'published';
  return (
    <div className="article-editor__actions">
      {/* While the editor works, the pressed button keeps the focus (aria-disabled, not disabled, which would drop it
          to the page's start), so the next Tab goes on from it (issue 40 item 11's flaky walk from Save to Publish). */}
      <button type="button" className="button" aria-disabled={!editing || undefined} onClick={() => editing && actor.send({ type: 'editor.save' })}>
        {snapshot.matches('saving') || snapshot.matches('validating') ? 'Saving...' : 'Save'}
      </button>
      {context.item && saved && (
        <Link href={paths.staffContentPreview(kind, context.item.id)} className="button button--secondary">
          Preview
        </Link>
      )}
      <button
        type="button"
        className="button"
        disabled={editing && !saved}
        aria-disabled={!editing || undefined}
        onClick={() => editing && saved && actor.send({ type: 'editor.publish', at: null })}
      >
        {snapshot.matches('publishing') ? 'Working...' : published ? 'Publish again' : 'Publish'}
      </button>
      <label className="field">
        <span className="field__label">Publish at (your time)</span>
        <input className="field__input" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
      </label>
      <button
        type="button"
        className="button button--secondary"
        disabled={!editing || !saved || !at}
        onClick={() => actor.send({ type: 'editor.publish', at: new Date(at).toISOString() })}
      >
        Schedule
      </button>
      {published && (
        <button type="button" className="button button--secondary" disabled={!editing} onClick={() => actor.send({ type: 'editor.unpublish', to: 'archived' })}>
          Unpublish
        </button>
      )}
      <p className="form__error" role="alert">
        {context.error ?? ''}
      </p>
      {snapshot.matches('failed') && (
        <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'failed.dismiss' })}>
          Dismiss
        </button>
      )}
    </div>
  );
}

/**
 * The article editor (issue 38, ADR 157): a thin view of the content editor machine. Fields with their errors beside
 * them, the Markdown body beside its preview (the public pages' sanitiser), Save, Preview, Publish, Schedule,
 * Unpublish, the history with Restore, and the conflict view showing both versions.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { EditorItem } from '../../../application/content-editor.machine';
import { type AuthoringKind, EDITORIAL_TEAM } from '../../../domain/authoring';
import { ErrorState, Spinner } from '../../components/states';
import { contentAuthors, getContent } from '../../calls';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { StaffPage } from '../staff/staff-page';
import { EDITORS } from '../staff-workshops/roles';
import { EditorActions } from './editor-actions';
import { History } from './history';
import { KIND_FORMS } from './kind-forms';
import './staff-content.css';
import { LocalTime } from '../../components/local-time';


function Editor({ kind, item, authors }: { kind: AuthoringKind; item: EditorItem | null; authors: { id: string; name: string }[] }) {
  const { machines } = useServices();
  const [machine] = useState(machines.contentEditor);
  const form = KIND_FORMS[kind] ?? KIND_FORMS.articles!;
  const actor = useActorRef(machine, { input: { kind, item, fields: form.blank } });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const busy = !snapshot.matches('editing') && !snapshot.matches('conflict') && !snapshot.matches('failed');
  return (
    <div className="article-editor">
      <p className="visually-hidden" role="status" aria-live="polite">
        {context.announcement}
      </p>
      {context.item && (
        <p>
          Status: <strong>{context.item.status === 'published' ? 'Published' : context.item.status === 'archived' ? 'Archived' : 'Draft'}</strong>
          {context.item.scheduledAt && (
            <>
              , scheduled for <LocalTime iso={context.item.scheduledAt} />
            </>
          )}
          {context.item.publicUrl && (
            <>
              {' · '}
              <Link href={context.item.publicUrl}>View the live page</Link>
            </>
          )}
        </p>
      )}
      {snapshot.matches('conflict') && context.conflict && (
        <section className="article-editor__conflict" aria-labelledby="conflict-heading">
          <h2 id="conflict-heading">{context.conflict.message}</h2>
          <div className="article-editor__versions">
            <div>
              <h3>On the server now (version {context.conflict.current.version})</h3>
              <p>{String(context.conflict.current.fields.title ?? context.conflict.current.fields.text ?? '')}</p>
              <pre className="article-editor__preview">{String(context.conflict.current.fields.body ?? context.conflict.current.fields.description ?? '')}</pre>
            </div>
            <div>
              <h3>Yours</h3>
              <p>{String(context.conflict.yours.title ?? context.conflict.yours.text ?? '')}</p>
              <pre className="article-editor__preview">{String(context.conflict.yours.body ?? context.conflict.yours.description ?? '')}</pre>
            </div>
          </div>
          <div className="article-editor__actions">
            <button type="button" className="button" onClick={() => actor.send({ type: 'conflict.keepMine' })}>
              Keep mine
            </button>
            <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'conflict.takeTheirs' })}>
              Take theirs
            </button>
          </div>
        </section>
      )}
      <form.Fields
        fields={context.fields}
        errors={context.fieldErrors}
        authors={[{ id: '', name: EDITORIAL_TEAM }, ...authors]}
        disabled={busy}
        onChange={(name, value) => actor.send({ type: 'field.change', name, value })}
      />
      <EditorActions actor={actor} snapshot={snapshot} kind={kind} />
      {context.item && <History kind={kind} id={context.item.id} version={context.item.version} onRestore={(revisionId) => actor.send({ type: 'editor.restore', revisionId })} />}
    </div>
  );
}

function Existing({ kind, id, authors }: { kind: AuthoringKind; id: string; authors: { id: string; name: string }[] }) {
  const answer = useQuery(getContent, { params: { kind, id } });
  if (answer.status === 'loading') return <Spinner label="Loading..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  return <Editor kind={kind} item={answer.data.item as EditorItem} authors={authors} />;
}

function EditorLoader({ kind, id }: { kind: AuthoringKind; id: string }) {
  const authors = useQuery(contentAuthors);
  if (authors.status === 'loading') return <Spinner label="Loading..." />;
  if (authors.status === 'error') return <ErrorState error={authors.error} />;
  return id === 'new' ? <Editor kind={kind} item={null} authors={authors.data.authors} /> : <Existing kind={kind} id={id} authors={authors.data.authors} />;
}

/** The editor's heading: 'New workshop series', 'Edit course', … */
export default function StaffContentEditorPage() {
  const { kind = 'articles', id = 'new' } = useParams<{ kind: string; id: string }>();
  const noun = KIND_FORMS[kind as AuthoringKind]?.noun ?? 'item';
  return (
    <StaffPage title={id === 'new' ? `New ${noun}` : `Edit ${noun}`} roles={EDITORS}>
      {() => (
        <>
          <p>
            <Link href={paths.staffContent(kind)}>All {kind}</Link>
          </p>
          <EditorLoader kind={kind as AuthoringKind} id={id} />
        </>
      )}
    </StaffPage>
  );
}

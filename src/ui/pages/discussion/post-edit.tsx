/**
 * Editing a post in place (issue 37): its title and its text in the product's rich-text editor, Save changes or
 * Cancel. The server keeps the text it replaces in the post's history.
 */
import { Suspense, useId, useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { refusalOf } from '../../../application/api-error';
import { type Discussion, DISCUSSION_TITLE_MAX, isBlank } from '../../../domain/discussion';
import { updateDiscussion } from '../../calls';
import { retryableLazy } from '../../components/retryable-lazy';
import { Spinner } from '../../components/states';
import { useServices } from '../../services-context';

const RichTextEditor = retryableLazy(() => import('./rich-text-editor'));

export function PostEditForm({ post, onSaved, onCancel }: { post: Discussion; onSaved: (post: Discussion) => void; onCancel: () => void }) {
  const { api } = useServices();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const complete = title.trim() !== '' && !isBlank(content);
  const save = async () => {
    if (!complete || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await updateDiscussion.use((call) => api.call(call, { params: { id: post._id }, body: { title, content } }));
      onSaved(answer.discussion);
    } catch (failure) {
      setError(refusalOf(failure) ?? 'Your changes could not be saved. Please try again.');
      setSending(false);
    }
  };
  return (
    <form className="composer post-edit" aria-labelledby="post-edit-heading" onSubmit={(event) => {
      event.preventDefault();
      void save();
    }}>
      <h2 id="post-edit-heading" className="composer__heading">
        Edit your post
      </h2>
      <TextField className="field" value={title} onChange={setTitle} maxLength={DISCUSSION_TITLE_MAX} isDisabled={sending} autoFocus>
        <Label className="field__label">Title</Label>
        <Input className="field__input" />
      </TextField>
      <Suspense fallback={<Spinner label="Loading editor..." />}>
        <RichTextEditor label="Content" initialHtml={post.content} disabled={sending} onChange={setContent} onSubmitShortcut={() => void save()} />
      </Suspense>
      {error && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="composer__actions">
        <button type="submit" className="button button--primary" disabled={!complete || sending} aria-describedby={error ? errorId : undefined}>
          {sending ? 'Saving...' : 'Save changes'}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

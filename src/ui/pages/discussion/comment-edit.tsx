/**
 * Editing a comment in place (issue 37): the author's text in a box, Save changes or Cancel (Escape). Comments are
 * written as plain text and stored as the allowlisted HTML plainTextToHtml makes; the box shows that text again, and
 * a mention whose `@Name` is still in it stays a mention (ADR 150).
 */
import { useId, useState } from 'react';
import { Label, TextField } from 'react-aria-components';
import { FieldTextArea } from '../../components/fields';
import { COMMENT_CONTENT_MAX, isBlankText, plainTextToHtml } from '../../../domain/discussion';
import { mentionRefs } from '../../../domain/mentions';
import { refusalOf } from '../../../application/api-error';
import { updateComment } from '../../calls';
import { useServices } from '../../services-context';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The plain text a stored comment was typed as: paragraphs apart by a blank line, line breaks kept. */
export function commentText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>\s*/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .trim();
}

export function CommentEditForm({ id, html, onSaved, onCancel }: {
  id: string;
  html: string;
  /** The change is saved: the thread reads itself again. */
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { api } = useServices();
  const [text, setText] = useState(() => commentText(html));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const save = async () => {
    if (isBlankText(text) || sending) return;
    setSending(true);
    setError(null);
    try {
      await updateComment.use((call) => api.call(call, { params: { id }, body: { content: plainTextToHtml(text, mentionRefs(html)) } }));
      onSaved();
    } catch (failure) {
      setError(refusalOf(failure) ?? 'Your changes could not be saved. Please try again.');
      setSending(false);
    }
  };
  return (
    <form className="comment-form" onSubmit={(event) => {
      event.preventDefault();
      void save();
    }}>
      <TextField className="field" value={text} onChange={setText} isDisabled={sending} maxLength={COMMENT_CONTENT_MAX}>
        <Label className="field__label">Edit your comment</Label>
        <FieldTextArea className="field__input comment-form__input" rows={3} autoFocus aria-describedby={error ? errorId : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }} />
      </TextField>
      {error && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="comment-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={isBlankText(text) || sending}>
          {sending ? 'Saving...' : 'Save changes'}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

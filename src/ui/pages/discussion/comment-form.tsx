/** The form for a new comment or a reply, with mentions (ADR 150); part of the comment thread's view. */
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Label, TextField } from 'react-aria-components';
import { FieldTextArea } from '../../components/fields';
import type { ActorRefFrom } from 'xstate';
import type { CommentThreadMachine } from '../../../application/comment-thread.machine';
import { COMMENT_CONTENT_MAX, isBlankText } from '../../../domain/discussion';
import { InlineError } from '../../components/fields';
import { useNameGate } from './name-gate';
import { useTextMentions } from './text-mentions';

/**
 * A comment form: the new-comment form (`parentCommentId` null) or a reply form. It keeps its text until the machine
 * says this form's comment was posted; a refusal (too many too fast) is shown under it and the text stays.
 */
export function CommentForm({ thread, parentCommentId, label, onPosted, onCancel, autoFocus = false }: {
  thread: ActorRefFrom<CommentThreadMachine>;
  parentCommentId: string | null;
  label: string;
  onPosted?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const gate = useNameGate();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const mentions = useTextMentions(field, text, setText);
  const form = useSelector(thread, (s) => ({
    sending: s.context.sendingFrom === parentCommentId,
    postedCount: s.context.posted.from === parentCommentId ? s.context.posted.count : -1,
    refusal: s.context.refusal?.from === parentCommentId ? s.context.refusal.message : null,
  }), (a, b) => a.sending === b.sending && a.postedCount === b.postedCount && a.refusal === b.refusal);

  // This form's comment went through: it clears (and a reply form closes).
  const seen = useRef(form.postedCount);
  useEffect(() => {
    if (form.postedCount !== seen.current && form.postedCount >= 0) {
      setText('');
      mentions.reset();
      onPosted?.();
    }
    seen.current = form.postedCount;
  }, [form.postedCount, onPosted, mentions.reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank or whitespace-only text is never sent (spec section 5).
    if (isBlankText(text) || form.sending) return;
    gate(() => thread.send({ type: 'comment.post', text, parentCommentId, mentions: mentions.mentionsIn(text) }));
  };

  return (
    <form className="comment-form" onSubmit={submit}>
      <TextField className="field" value={text} onChange={setText} isDisabled={form.sending} maxLength={COMMENT_CONTENT_MAX}>
        <Label className="field__label">{label}</Label>
        <FieldTextArea
          ref={field}
          className="field__input comment-form__input"
          rows={3}
          autoFocus={autoFocus}
          aria-describedby={form.refusal ? errorId : undefined}
          onKeyDown={(event) => {
            if (mentions.onKeyDown(event)) return;
            if (event.key === 'Escape' && onCancel) onCancel();
          }}
          onSelect={mentions.onSelect}
          {...mentions.textProps}
        />
      </TextField>
      {mentions.overlay}
      {/* Kept in the page (empty), so a refusal or the server's words about the text are announced when they come. */}
      <InlineError id={errorId} error={form.refusal} />
      <div className="comment-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={isBlankText(text) || form.sending}>
          Post Comment
        </button>
        {onCancel && (
          <button type="button" className="button button--small" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

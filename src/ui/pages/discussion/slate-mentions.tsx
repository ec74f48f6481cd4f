/**
 * Mentions in the slate editor (ADR 150): follows the `@` query the caret is in, tells it to the mention picker, keeps
 * a zero-size anchor at the `@` for the suggestions to hang from, and on a choice replaces `@query` with the mention
 * (an inline void element) and a space. Escape closes the suggestions until the caret leaves that `@`.
 */
import { type FocusEvent, type KeyboardEvent, useId, useRef } from 'react';
import { Editor, Range, Text, Transforms } from 'slate';
import { ReactEditor } from 'slate-react';
import type { MentionEvent } from '../../../application/mention-picker.machine';
import type { MentionSuggestion } from '../../../domain/mentions';
import {
  type MentionPickerRef, MentionSuggestions, mentionKeyDown, mentionQueryBefore, mentionTextProps, useMentionView,
} from './mention-suggestions';
import { mentionElement } from './rich-text-model';

export interface EditorMentions {
  /** The picker to read (the composer's child while it is open). */
  picker: MentionPickerRef | undefined;
  /** Where the picker's events go. */
  send: (event: MentionEvent) => void;
}

/** The `@` query the caret is in, within one text: what it asks for, where its `@` is, and where the caret is. */
function mentionAtCaret(editor: Editor) {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return null;
  const point = selection.anchor;
  const [node] = Editor.node(editor, point.path);
  if (!Text.isText(node)) return null;
  const found = mentionQueryBefore(node.text.slice(0, point.offset));
  return found && { ...found, path: point.path, offset: point.offset, key: `${point.path.join('.')}:${found.at}` };
}

export function useSlateMentions(editor: Editor, mentions: EditorMentions | undefined) {
  const view = useMentionView(mentions?.picker);
  const listboxId = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  /** The query last told, and the `@` whose suggestions Escape closed. */
  const told = useRef('');
  const dismissedAt = useRef<string | null>(null);

  const dismiss = () => {
    dismissedAt.current = mentionAtCaret(editor)?.key ?? null;
    told.current = '';
    mentions?.send({ type: 'mention.dismiss' });
  };
  const send = (event: MentionEvent) => (event.type === 'mention.dismiss' ? dismiss() : mentions?.send(event));

  const place = (found: NonNullable<ReturnType<typeof mentionAtCaret>>) => {
    const box = anchor.current?.offsetParent;
    if (!anchor.current || !box) return;
    try {
      const at = { path: found.path, offset: found.at };
      const rect = ReactEditor.toDOMRange(editor, { anchor: at, focus: at }).getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      anchor.current.style.left = `${rect.left - outer.left}px`;
      anchor.current.style.top = `${rect.top - outer.top}px`;
    } catch {
      // Not drawn yet: the suggestions keep their last place.
    }
  };

  /** After every change of the text or the caret. */
  const onChange = () => {
    if (!mentions) return;
    const found = mentionAtCaret(editor);
    if (found?.key !== dismissedAt.current) dismissedAt.current = null;
    const query = found && dismissedAt.current === null ? found.query : '';
    if (found) place(found);
    if (query !== told.current) {
      told.current = query;
      mentions.send({ type: 'mention.query', query });
    }
  };

  const choose = (member: MentionSuggestion) => {
    const found = mentionAtCaret(editor);
    if (!found || !mentions) return;
    Transforms.select(editor, { anchor: { path: found.path, offset: found.at }, focus: { path: found.path, offset: found.offset } });
    Transforms.insertNodes(editor, mentionElement(member._id, member.name));
    Transforms.move(editor);
    Transforms.insertText(editor, ' ');
    told.current = '';
    mentions.send({ type: 'mention.chosen', member });
    ReactEditor.focus(editor);
  };

  /** True when the key was the suggestions'. */
  const onKeyDown = (event: KeyboardEvent) => Boolean(mentions) && mentionKeyDown(event, view, send, choose);

  /** Leaving the text for another control closes them; a press on a suggestion does not. */
  const onBlur = (event: FocusEvent) => {
    const to = event.relatedTarget;
    if (mentions && view.where !== 'idle' && to instanceof Node && !document.getElementById(listboxId)?.contains(to)) dismiss();
  };

  const overlay = mentions ? (
    <>
      <span ref={anchor} className="mention-anchor" aria-hidden="true" />
      <MentionSuggestions view={view} listboxId={listboxId} anchor={anchor} onChoose={choose} onDismiss={dismiss} />
    </>
  ) : null;

  return { onChange, onKeyDown, onBlur, textProps: mentionTextProps(view, listboxId), overlay };
}

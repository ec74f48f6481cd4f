/**
 * Mentions in a comment's text area (ADR 150): the same picker and suggestions as the post editor. The text stays
 * plain; a chosen member's `@Name` goes into it, and the members chosen are sent with the comment, whose HTML then
 * links each `@Name` still in the text to its member (plainTextToHtml).
 */
import { useActorRef } from '@xstate/react';
import { type KeyboardEvent, type RefObject, useCallback, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { MentionEvent } from '../../../application/mention-picker.machine';
import type { MentionRef, MentionSuggestion } from '../../../domain/mentions';
import { useServices } from '../../services-context';
import { MentionSuggestions, mentionKeyDown, mentionQueryBefore, mentionTextProps, useMentionView } from './mention-suggestions';

export function useTextMentions(field: RefObject<HTMLTextAreaElement | null>, text: string, setText: (text: string) => void) {
  const { machines } = useServices();
  const [machine] = useState(machines.mentionPicker);
  const picker = useActorRef(machine);
  const view = useMentionView(picker);
  const listboxId = useId();
  const chosen = useRef<MentionRef[]>([]);
  const told = useRef('');
  const dismissedAt = useRef<number | null>(null);
  const reset = useCallback(() => {
    chosen.current = [];
  }, []);

  const atCaret = () => {
    const element = field.current;
    if (!element || element.selectionStart !== element.selectionEnd) return null;
    const found = mentionQueryBefore(element.value.slice(0, element.selectionStart));
    return found && { ...found, caret: element.selectionStart };
  };

  const dismiss = () => {
    dismissedAt.current = atCaret()?.at ?? null;
    told.current = '';
    picker.send({ type: 'mention.dismiss' });
  };
  const send = (event: MentionEvent) => (event.type === 'mention.dismiss' ? dismiss() : picker.send(event));

  /** After every change of the text or the caret. */
  const track = () => {
    const found = atCaret();
    if (found?.at !== dismissedAt.current) dismissedAt.current = null;
    const query = found && dismissedAt.current === null ? found.query : '';
    if (query !== told.current) {
      told.current = query;
      picker.send({ type: 'mention.query', query });
    }
  };

  const choose = (member: MentionSuggestion) => {
    const found = atCaret();
    const element = field.current;
    if (!found || !element) return;
    const inserted = `@${member.name} `;
    const next = text.slice(0, found.at) + inserted + text.slice(found.caret);
    chosen.current = [...chosen.current.filter((m) => m._id !== member._id), { _id: member._id, name: member.name }];
    told.current = '';
    // The new text is in the field before the caret is placed, in this same event: a caret placed a frame later
    // landed behind letters typed meanwhile (a fast typist's, or a busy machine's; seen in CI 2026-12-01).
    flushSync(() => setText(next));
    picker.send({ type: 'mention.chosen', member });
    const caret = found.at + inserted.length;
    element.focus();
    element.setSelectionRange(caret, caret);
  };

  return {
    /** The members chosen whose `@Name` is still in the text. */
    mentionsIn: (value: string): MentionRef[] => chosen.current.filter((m) => value.includes(`@${m.name}`)),
    /** The text was sent: nothing chosen is kept for the next one. */
    reset,
    onKeyDown: (event: KeyboardEvent) => mentionKeyDown(event, view, send, choose),
    onSelect: track,
    textProps: mentionTextProps(view, listboxId),
    overlay: <MentionSuggestions view={view} listboxId={listboxId} anchor={field} onChoose={choose} onDismiss={dismiss} />,
  };
}

/**
 * The suggestions of members to mention (ADR 150), shared by the post editor (slate) and the comment form (a text
 * area): a react-aria ListBox in a non-modal Popover anchored at the caret. The focus stays in the text; the text
 * points at the active suggestion with aria-activedescendant, arrows move, Enter or Tab chooses, Escape closes, and a
 * polite live region says how many members were found. A thin view of the mention picker machine.
 */
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, type RefObject, useId } from 'react';
import { ListBox, ListBoxItem, Popover } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import type { MentionEvent, MentionPickerMachine } from '../../../application/mention-picker.machine';
import type { MentionSuggestion } from '../../../domain/mentions';

export type MentionPickerRef = ActorRefFrom<MentionPickerMachine>;

export interface MentionView {
  where: 'idle' | 'querying' | 'suggesting' | 'nobody' | 'failed';
  suggestions: MentionSuggestion[];
  active: number;
  chosen: MentionSuggestion | null;
}

export function useMentionView(picker: MentionPickerRef | undefined): MentionView {
  return useSelector(picker, (s) => (s ? {
    where: s.value as MentionView['where'],
    suggestions: s.context.suggestions,
    active: s.context.active,
    chosen: s.context.chosen,
  } : IDLE), (a, b) => a.where === b.where && a.suggestions === b.suggestions && a.active === b.active && a.chosen === b.chosen);
}

const IDLE: MentionView = { where: 'idle', suggestions: [], active: 0, chosen: null };

/** What follows an `@` that starts a word, up to the caret: one or two words of a name. */
const QUERY_BEFORE_CARET = /(?:^|[^\p{L}\p{N}_@])@([\p{L}\p{M}\p{N}'’.-]*(?: [\p{L}\p{M}\p{N}'’.-]+)?)$/u;

/** The query a text before the caret asks for, and where its `@` is; null when the caret is not in a mention. */
export function mentionQueryBefore(text: string): { query: string; at: number } | null {
  const match = QUERY_BEFORE_CARET.exec(text.slice(-80));
  if (!match) return null;
  const query = match[1]!;
  return { query, at: text.length - query.length - 1 };
}

/** Keys the suggestions take while they show; true when the key was theirs. */
export function mentionKeyDown(event: KeyboardEvent, view: MentionView, send: (event: MentionEvent) => void, choose: (member: MentionSuggestion) => void): boolean {
  if (view.where === 'idle') return false;
  if (event.key === 'Escape') {
    send({ type: 'mention.dismiss' });
  } else if (view.where !== 'suggesting') {
    return false;
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    send({ type: 'mention.move', by: event.key === 'ArrowDown' ? 1 : -1 });
  } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
    choose(view.suggestions[view.active]!);
  } else {
    return false;
  }
  event.preventDefault();
  event.stopPropagation();
  return true;
}

/** The attributes that tie the text to the suggestions. */
export function mentionTextProps(view: MentionView, listboxId: string) {
  const open = view.where === 'suggesting';
  const active = view.suggestions[view.active];
  return {
    'aria-controls': open ? listboxId : undefined,
    'aria-activedescendant': open && active ? `${listboxId}-option-${active._id}` : undefined,
  };
}

function announcement(view: MentionView): string {
  switch (view.where) {
    case 'suggesting':
      return `${view.suggestions.length} ${view.suggestions.length === 1 ? 'member' : 'members'} found. Up and down arrows to move, Enter to mention.`;
    case 'nobody':
      return 'No member found with that name.';
    case 'failed':
      return 'Members could not be suggested. Keep typing to try again.';
    default:
      return view.chosen ? `Mentioned ${view.chosen.name}.` : '';
  }
}

export function MentionSuggestions({ view, listboxId, anchor, onChoose, onDismiss }: {
  view: MentionView;
  listboxId: string;
  /** Where the popover hangs: an element at the caret. */
  anchor: RefObject<HTMLElement | null>;
  onChoose: (member: MentionSuggestion) => void;
  onDismiss: () => void;
}) {
  const statusId = useId();
  const active = view.suggestions[view.active];
  return (
    <>
      <p id={statusId} className="visually-hidden" role="status">
        {announcement(view)}
      </p>
      <Popover
        className="mention-popover"
        triggerRef={anchor}
        isOpen={view.where === 'suggesting'}
        onOpenChange={(open) => !open && onDismiss()}
        isNonModal
        placement="bottom start"
        offset={4}
      >
        <ListBox
          id={listboxId}
          className="mention-list"
          aria-label="Members to mention"
          items={view.suggestions}
          onAction={(key) => {
            const member = view.suggestions.find((m) => m._id === key);
            if (member) onChoose(member);
          }}
          shouldFocusOnHover={false}
        >
          {(member) => (
            <ListBoxItem id={member._id} textValue={member.name} className={`mention-list__option${member._id === active?._id ? ' mention-list__option--active' : ''}`}>
              {member.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </>
  );
}

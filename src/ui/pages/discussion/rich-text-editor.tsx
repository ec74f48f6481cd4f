/**
 * The post editor on slate: bold, italic, underline, two heading levels, bulleted and numbered lists, quotes and
 * links, each with a keyboard shortcut and a button in an ARIA toolbar (one tab stop, arrow keys move between
 * buttons). It reports its document as allowlisted HTML. Loaded lazily, so slate reaches only this page.
 */
import { type KeyboardEvent, type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import { createEditor, type Descendant, Editor, Element as SlateElement, Range, type BaseSelection, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { InlineError } from '../../components/fields';
import { Editable, ReactEditor, type RenderElementProps, type RenderLeafProps, Slate, useSlate, withReact } from 'slate-react';
import {
  type BlockType, fromHtml, LIST_TYPES, type LinkElement, type Mark, toHtml,
} from './rich-text-model';
import { LinkDialog } from './link-dialog';
import { type EditorMentions, useSlateMentions } from './slate-mentions';

const isElement = (n: unknown): n is SlateElement => SlateElement.isElement(n);

function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

function toggleMark(editor: Editor, mark: Mark) {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

function isBlockActive(editor: Editor, type: BlockType): boolean {
  if (!editor.selection) return false;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, editor.selection),
    match: (n) => isElement(n) && n.type === type,
  });
  return Boolean(match);
}

function toggleBlock(editor: Editor, type: BlockType) {
  const active = isBlockActive(editor, type);
  const isList = LIST_TYPES.includes(type);
  Transforms.unwrapNodes(editor, { match: (n) => isElement(n) && LIST_TYPES.includes(n.type as BlockType), split: true });
  Transforms.setNodes(
    editor,
    { type: active ? 'paragraph' : isList ? 'list-item' : type },
    { match: (n) => isElement(n) && Editor.isBlock(editor, n) },
  );
  if (!active && isList) Transforms.wrapNodes(editor, { type, children: [] });
}

function isLinkActive(editor: Editor): boolean {
  if (!editor.selection) return false;
  const [link] = Editor.nodes(editor, { match: (n) => isElement(n) && n.type === 'link' });
  return Boolean(link);
}

function unwrapLink(editor: Editor) {
  Transforms.unwrapNodes(editor, { match: (n) => isElement(n) && n.type === 'link' });
}

function insertLink(editor: Editor, url: string, text: string) {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  if (isLinkActive(editor)) unwrapLink(editor);
  const collapsed = editor.selection ? Range.isCollapsed(editor.selection) : true;
  if (collapsed) {
    const link: LinkElement = { type: 'link', url, children: [{ text: text || url }] };
    Transforms.insertNodes(editor, link);
    Transforms.move(editor, { unit: 'offset' });
  } else {
    Transforms.wrapNodes(editor, { type: 'link', url, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: 'end' });
  }
}

function currentBlock(editor: Editor) {
  const entry = Editor.above(editor, { match: (n) => isElement(n) && Editor.isBlock(editor, n) });
  return entry as [SlateElement & { type: BlockType }, number[]] | undefined;
}

/** Links are inline; Enter on an empty list item leaves the list; a heading or quote ends with its line. */
function withRichText(editor: Editor): Editor {
  const { isInline, isVoid, insertBreak } = editor;
  editor.isInline = (element) => element.type === 'link' || element.type === 'mention' || isInline(element);
  editor.isVoid = (element) => element.type === 'mention' || isVoid(element);
  editor.insertBreak = () => {
    const block = currentBlock(editor);
    if (block && block[0].type === 'list-item' && Editor.string(editor, block[1]) === '') {
      toggleBlock(editor, (Editor.parent(editor, block[1])[0] as { type: BlockType }).type);
      return;
    }
    insertBreak();
    const after = currentBlock(editor);
    if (after && ['heading-two', 'heading-three', 'block-quote'].includes(after[0].type)) {
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: after[1] });
    }
  };
  return editor;
}

function RenderElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case 'heading-two':
      return <h2 {...attributes}>{children}</h2>;
    case 'heading-three':
      return <h3 {...attributes}>{children}</h3>;
    case 'block-quote':
      return <blockquote {...attributes}>{children}</blockquote>;
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    case 'mention':
      return (
        <span {...attributes} contentEditable={false} className="rich-editor__mention">
          @{element.name}
          {children}
        </span>
      );
    case 'link':
      return (
        <a {...attributes} href={element.url} rel="noopener noreferrer nofollow">
          {children}
        </a>
      );
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function RenderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  return <span {...attributes}>{content}</span>;
}

/** Drawn icons, not characters: an emoji or a rare glyph shows as an empty box where the font lacks it. */
const QUOTE_ICON = (
  <svg className="rich-editor__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M4 17.5c0-4.6 1.7-8.3 5.3-10.5l1.2 1.6c-2 1.5-3 3.2-3.2 5.2H10V20H4v-2.5Zm10 0c0-4.6 1.7-8.3 5.3-10.5l1.2 1.6c-2 1.5-3 3.2-3.2 5.2H20V20h-6v-2.5Z" />
  </svg>
);
const LINK_ICON = (
  <svg className="rich-editor__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor"
    strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4l-1.1 1.1" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.1-1.1" />
  </svg>
);

type Tool =
  | { kind: 'mark'; mark: Mark; label: string; glyph: ReactNode; keys: string; hint: string }
  | { kind: 'block'; block: BlockType; label: string; glyph: ReactNode; keys: string; hint: string }
  | { kind: 'link'; label: string; glyph: ReactNode; keys: string; hint: string };

const TOOLS: Tool[] = [
  { kind: 'mark', mark: 'bold', label: 'Bold', glyph: 'B', keys: 'Control+B', hint: 'Ctrl+B' },
  { kind: 'mark', mark: 'italic', label: 'Italic', glyph: 'I', keys: 'Control+I', hint: 'Ctrl+I' },
  { kind: 'mark', mark: 'underline', label: 'Underline', glyph: 'U', keys: 'Control+U', hint: 'Ctrl+U' },
  { kind: 'block', block: 'heading-two', label: 'Heading', glyph: 'H2', keys: 'Control+Alt+2', hint: 'Ctrl+Alt+2' },
  { kind: 'block', block: 'heading-three', label: 'Subheading', glyph: 'H3', keys: 'Control+Alt+3', hint: 'Ctrl+Alt+3' },
  { kind: 'block', block: 'bulleted-list', label: 'Bulleted list', glyph: '•', keys: 'Control+Shift+8', hint: 'Ctrl+Shift+8' },
  { kind: 'block', block: 'numbered-list', label: 'Numbered list', glyph: '1.', keys: 'Control+Shift+7', hint: 'Ctrl+Shift+7' },
  { kind: 'block', block: 'block-quote', label: 'Quote', glyph: QUOTE_ICON, keys: 'Control+Shift+9', hint: 'Ctrl+Shift+9' },
  { kind: 'link', label: 'Link', glyph: LINK_ICON, keys: 'Control+K', hint: 'Ctrl+K' },
];

function isToolActive(editor: Editor, tool: Tool): boolean {
  if (tool.kind === 'mark') return isMarkActive(editor, tool.mark);
  if (tool.kind === 'block') return isBlockActive(editor, tool.block);
  return isLinkActive(editor);
}

function Toolbar({ editorId, onTool, disabled }: { editorId: string; onTool: (tool: Tool) => void; disabled: boolean }) {
  const editor = useSlate();
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // The WAI-ARIA toolbar pattern: one tab stop, arrows (and Home/End) move between the buttons.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: TOOLS.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + TOOLS.length) % TOOLS.length;
    setFocusIndex(index);
    buttons.current[index]?.focus();
  };

  return (
    <div className="rich-editor__toolbar" role="toolbar" aria-label="Formatting" aria-controls={editorId} onKeyDown={onKeyDown}>
      {TOOLS.map((tool, index) => (
        <button
          key={tool.label}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          className="rich-editor__tool"
          tabIndex={index === focusIndex ? 0 : -1}
          aria-pressed={isToolActive(editor, tool)}
          aria-keyshortcuts={tool.keys}
          title={`${tool.label} (${tool.hint})`}
          disabled={disabled}
          // Keep the text selection where it is when the button is clicked with a mouse.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setFocusIndex(index)}
          onClick={() => onTool(tool)}
        >
          <span aria-hidden="true">{tool.glyph}</span>
          <span className="visually-hidden">{tool.label}</span>
        </button>
      ))}
    </div>
  );
}

export interface RichTextEditorProps {
  /** HTML to start from (a restored draft). Read once, when the editor mounts. */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Ctrl+Enter (Cmd+Enter) inside the text. */
  onSubmitShortcut: () => void;
  disabled?: boolean;
  label: string;
  /** Suggestions of members to mention after an `@` (ADR 150). */
  mentions?: EditorMentions;
  /** What is wrong with the text, said beside it and read with it (ADR 164); undefined keeps no error line. */
  error?: string | null;
}

export default function RichTextEditor({ initialHtml, onChange, onSubmitShortcut, disabled = false, label, mentions, error }: RichTextEditorProps) {
  const editor = useMemo(() => withRichText(withHistory(withReact(createEditor()))), []);
  // Slate reads its initial value once; so does this.
  const [initialValue] = useState<Descendant[]>(() => fromHtml(initialHtml));
  const [linkOpen, setLinkOpen] = useState(false);
  const savedSelection = useRef<BaseSelection>(null);
  const editorId = useId();
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const mention = useSlateMentions(editor, mentions);

  const restoreSelection = useCallback(() => {
    if (savedSelection.current) Transforms.select(editor, savedSelection.current);
  }, [editor]);

  const openLink = useCallback(() => {
    if (isLinkActive(editor)) {
      unwrapLink(editor);
      return;
    }
    savedSelection.current = editor.selection;
    setLinkOpen(true);
  }, [editor]);

  const applyTool = useCallback((tool: Tool) => {
    if (tool.kind === 'mark') toggleMark(editor, tool.mark);
    else if (tool.kind === 'block') toggleBlock(editor, tool.block);
    else openLink();
  }, [editor, openLink]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (mention.onKeyDown(event)) return;
    if (!(event.ctrlKey || event.metaKey)) return;
    let tool: Tool | undefined;
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmitShortcut();
      return;
    }
    if (!event.shiftKey && !event.altKey) {
      const byKey: Record<string, string> = { b: 'Bold', i: 'Italic', u: 'Underline', k: 'Link' };
      tool = TOOLS.find((t) => t.label === byKey[event.key.toLowerCase()]);
    } else if (event.altKey && !event.shiftKey) {
      tool = TOOLS.find((t) => t.label === ({ Digit2: 'Heading', Digit3: 'Subheading' } as Record<string, string>)[event.code]);
    } else if (event.shiftKey && !event.altKey) {
      const byCode: Record<string, string> = { Digit7: 'Numbered list', Digit8: 'Bulleted list', Digit9: 'Quote' };
      tool = TOOLS.find((t) => t.label === byCode[event.code]);
    }
    if (tool) {
      event.preventDefault();
      applyTool(tool);
    }
  };

  return (
    <div className="rich-editor">
      <span id={labelId} className="field__label">
        {label}
      </span>
      <Slate editor={editor} initialValue={initialValue} onValueChange={(value) => onChange(toHtml(value))} onChange={mention.onChange}>
        <Toolbar editorId={editorId} onTool={applyTool} disabled={disabled} />
        <Editable
          id={editorId}
          className="rich-editor__content rich-text"
          aria-labelledby={labelId}
          aria-describedby={error ? `${errorId} ${helpId}` : helpId}
          aria-invalid={error ? true : undefined}
          readOnly={disabled}
          renderElement={RenderElement}
          renderLeaf={RenderLeaf}
          onKeyDown={onKeyDown}
          onBlur={mention.onBlur}
          spellCheck
          {...mention.textProps}
        />
      </Slate>
      {mention.overlay}
      {error !== undefined && <InlineError id={errorId} error={error} />}
      <p id={helpId} className="field__help">
        Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+U underline, Ctrl+Alt+2 heading, Ctrl+Alt+3 subheading, Ctrl+Shift+8
        bulleted list, Ctrl+Shift+7 numbered list, Ctrl+Shift+9 quote, Ctrl+K link, Ctrl+Enter publish. Tab leaves the text.
        {mentions ? ' Type @ and a name to mention a member.' : ''}
      </p>
      <LinkDialog
        open={linkOpen}
        needsText={!savedSelection.current || Range.isCollapsed(savedSelection.current)}
        onAdd={(url, text) => {
          restoreSelection();
          insertLink(editor, url, text);
          savedSelection.current = editor.selection;
          setLinkOpen(false);
        }}
        onClose={() => setLinkOpen(false)}
        onClosed={() => {
          restoreSelection();
          ReactEditor.focus(editor);
        }}
      />
    </div>
  );
}

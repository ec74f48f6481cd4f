/**
 * Text typed into a field before the page came alive (ADR 184).
 *
 * The server draws a page's fields, so a keyboard user can reach one and type before the app's code has hydrated it.
 * React leaves the typed text in the element as it hydrates, but its state still holds what the server drew: the
 * search did not run, and the first render after hydration wiped the words from the field. So the start notes what is
 * typed into the server's fields until the page is live (`noteTypingUntilLive`), and then hands each field's words to
 * the app once, as the keystrokes would have (`handTypingToTheApp`): an `input` event, which React hears as a change.
 */

/** Fields whose value is text a person types (not choices, files or buttons). */
const TYPED = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

type TextField = HTMLInputElement | HTMLTextAreaElement;

function isTextField(target: EventTarget | null): target is TextField {
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled;
  return target instanceof HTMLInputElement && TYPED.has(target.type) && !target.readOnly && !target.disabled;
}

/** The words last typed into each field since the start, until the page is live. */
let typed: Map<TextField, string> | null = null;

function note(event: Event) {
  if (typed && isTextField(event.target)) typed.set(event.target, event.target.value);
}

/**
 * From the start of the app's code: notes the words already in the server's fields (they differ from what the server
 * drew, the field's default) and every `input` event until `handTypingToTheApp`.
 */
export function noteTypingUntilLive(root: ParentNode): void {
  typed = new Map();
  for (const field of root.querySelectorAll('input, textarea')) {
    if (isTextField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  document.addEventListener('input', note, true);
}

/**
 * Once the page is live: gives each field still on the page the words typed into it; returns how many it gave. Only
 * the first call after `noteTypingUntilLive` gives any: a page reached later in the app draws its own fields.
 * React remembers the value it last saw in a property of the element itself, and renders a field's value as its
 * default too. Setting that property to the default (what React's state holds), then the typed words through the
 * prototype's setter, makes the `input` event a change exactly when React's state lacks them.
 */
export function handTypingToTheApp(): number {
  const noted = typed;
  if (!noted) return 0;
  typed = null;
  document.removeEventListener('input', note, true);
  let given = 0;
  for (const [field, words] of noted) {
    if (!field.isConnected) continue;
    const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, words);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    given++;
  }
  return given;
}

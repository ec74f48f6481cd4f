/**
 * React Aria's slots for a field's description and error message, and for a radio's or a checkbox's description
 * (ADR 194). The build puts this module in place of React Aria's `utils/useId` where its label modules import it, and
 * of its `utils/useSlot` where its radios and toggles do (rspack.config.ts, both builds).
 *
 * A slot id names an element that may not be there: a field without a description drew `aria-describedby` with an id
 * nothing carries. React Aria looks for the element in a layout effect and sets the id to `undefined` when it is
 * missing, which makes React render the field again synchronously; as a page went live, every such field (the home
 * page's four, the footer's theme group) was rendered again in the task that committed the hydration. A radio's or a
 * checkbox's description slot starts present and is reset in a layout effect when no element claimed it: the footer's
 * three theme buttons, on every page.
 *
 * Here the first look, after the component is first committed, is a transition: the dangling id the server drew stays
 * a few milliseconds longer, as it stood before the page went live, and the fields are rendered again in slices that
 * yield to input. Every later look (an error message appearing on a submit, a description added) is React Aria's:
 * in a layout effect, before the browser paints or the focus moves, so a field's error is in `aria-describedby` by the
 * time a screen reader reads the field.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useValueEffect } from 'react-aria/private/utils/useValueEffect';
import { useId } from 'react-aria/useId';

/** React Aria's own id hook, which the label's other module (`useLabel`) imports from the same place. */
export { useId };

/** React Aria's `useSlotId`, line for line, but for the first look (ADR 194). */
export function useSlotId(depArray: ReadonlyArray<unknown> = []): string | undefined {
  const id = useId();
  const [resolvedId, setResolvedId] = useValueEffect<string | undefined>(id);
  // First the id, so the element rendered with it can carry it; then whether one does.
  const updateId = useCallback(() => {
    setResolvedId(function* () {
      yield id;
      yield document.getElementById(id) ? id : undefined;
    });
  }, [id, setResolvedId]);
  const committed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: React Aria's own dependencies: what the field says may bring or take away the slot's element
  useLayoutEffect(() => {
    if (committed.current) updateId();
  }, [id, updateId, ...depArray]);
  useEffect(() => {
    committed.current = true;
    startTransition(updateId);
  }, [updateId]);
  return resolvedId;
}

/**
 * React Aria's `useSlot`: whether an element took the slot, told by the callback ref it is given. Where none did, the
 * reset to false comes after the first commit, in a transition (React Aria: in a layout effect).
 */
export function useSlot(initialState = true): [(element: unknown) => void, boolean] {
  const [hasSlot, setHasSlot] = useState(initialState);
  const hasRun = useRef(false);
  const ref = useCallback((element: unknown) => {
    hasRun.current = true;
    setHasSlot(!!element);
  }, []);
  useEffect(() => {
    if (!hasRun.current) startTransition(() => setHasSlot(false));
  }, []);
  return [ref, hasSlot];
}

/** React Aria's `useSlotId2`: an id for the slot's element, `undefined` while none has taken it. */
export function useSlotId2(initialState = true): { id: string | undefined; ref: (element: unknown) => void } {
  const id = useId();
  const [ref, hasSlot] = useSlot(initialState);
  return { id: hasSlot ? id : undefined, ref };
}

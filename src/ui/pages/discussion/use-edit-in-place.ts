/**
 * Editing in place (issue 37): an Edit button opens an editor where the item was; closing it (saved or cancelled)
 * hands the focus back to Edit once Edit is on screen again (an effect after that render, not a guess at a frame).
 */
import { useEffect, useRef, useState } from 'react';

export function useEditInPlace() {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  return {
    editing,
    editButton,
    open: () => setEditing(true),
    close: () => {
      refocus.current = true;
      setEditing(false);
    },
  };
}

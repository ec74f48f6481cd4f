/** What every kind's fields component takes in the editor (issue 38, ADR 167). */
export interface KindFieldsProps {
  fields: Record<string, unknown>;
  errors: Record<string, string>;
  /** Who may sign (the editorial team first, with the empty id). */
  authors: { id: string; name: string }[];
  disabled: boolean;
  onChange: (name: string, value: unknown) => void;
}

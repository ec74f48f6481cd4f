/** What a save changed (ADR 157): each field whose value differs, with its value before and after. */

/** JSON with each object's keys in order: a jsonb column keeps keys in its own order, a file or a form in theirs. */
function stable(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v);
}

export function fieldsDiff(before: Record<string, unknown>, after: Record<string, unknown>): { field: string; before: unknown; after: unknown }[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .filter((name) => stable(before[name]) !== stable(after[name]))
    .map((name) => ({ field: name, before: before[name] ?? null, after: after[name] ?? null }));
}

/** The fields that differ, each quoted, for a message: '"title", "body"' ('' when none do). */
export function changedFieldNames(before: Record<string, unknown>, after: Record<string, unknown>): string {
  return fieldsDiff(before, after).map((c) => `"${c.field}"`).join(', ');
}

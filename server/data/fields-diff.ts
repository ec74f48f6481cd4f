/** What a save changed (ADR 157): each field whose value differs, with its value before and after. */
export function fieldsDiff(before: Record<string, unknown>, after: Record<string, unknown>): { field: string; before: unknown; after: unknown }[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null))
    .map((name) => ({ field: name, before: before[name] ?? null, after: after[name] ?? null }));
}

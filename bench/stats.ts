/** Median with min and max: every figure the bench reports is one of these over repeated runs. */
export interface Figure {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function figure(samples: number[]): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, runs: samples.length };
}

export function fmt(f: Figure, digits = 0, unit = ''): string {
  const n = (x: number) => x.toFixed(digits);
  return `${n(f.median)}${unit} (${n(f.min)}–${n(f.max)})`;
}

export interface Budget {
  name: string;
  ok: boolean;
  actual: string;
  limit: string;
}

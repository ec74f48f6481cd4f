/** Median with min and max: every figure the bench reports is one of these over repeated runs. */
export interface Figure {
  median: number;
  min: number;
  max: number;
  /** The runs that gave a figure. */
  runs: number;
  /** The runs that failed (NaN): left out of the median, and said next to it. */
  failed: number;
}

export function figure(samples: number[]): Figure {
  const sorted = samples.filter(Number.isFinite).sort((a, b) => a - b);
  const failed = samples.length - sorted.length;
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, runs: 0, failed };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, runs: sorted.length, failed };
}

export function fmt(f: Figure, digits = 0, unit = ''): string {
  const n = (x: number) => x.toFixed(digits);
  const failed = f.failed ? `, ${f.failed} failed` : '';
  return f.runs ? `${n(f.median)}${unit} (${n(f.min)}–${n(f.max)}${failed})` : `no run succeeded (${f.failed} failed)`;
}

export interface Budget {
  name: string;
  ok: boolean;
  actual: string;
  limit: string;
}

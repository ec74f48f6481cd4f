/**
 * How fast this machine's fresh memory is today. A fresh browser touches hundreds of megabytes of new pages as it starts
 * and loads a page. On 2026-12-01 a first touch cost over 11 µs a page (a minor fault usually costs about 1 µs) while an
 * argon2id verify, CPU alone, took 11.4 ms, no slower than on 11-30 (12.0 ms, 81 of 99 budgets met), and 59 of 99
 * budgets were met. So a record names both figures, and is compared with another at like figures.
 */
import { figure, type Figure } from './stats';

const MIB = 1024 * 1024;
const PAGE = 4096;

/** Microseconds per 4 KiB page to touch 256 MiB of freshly mapped memory, five times. */
export function freshMemoryTime(): Figure {
  const samples: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    // allocUnsafeSlow maps new memory outside the pool: each page is first touched here.
    const blocks = [Buffer.allocUnsafeSlow(128 * MIB), Buffer.allocUnsafeSlow(128 * MIB)];
    for (const block of blocks) for (let at = 0; at < block.length; at += PAGE) block[at] = 1;
    samples.push(((performance.now() - t) * 1000) / ((256 * MIB) / PAGE));
  }
  return figure(samples);
}

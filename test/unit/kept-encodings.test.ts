/**
 * A kept page's compressed forms (ADR 190): the first request gets the fast form at once, a second starts the hardest
 * form in the background, and later requests get it; every form decompresses to the page.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { compress, KeptEncodings } from '../../server/http/compression';

/** A body like a drawn page: 100 KB of markup with enough variety that brotli's top level finds more than level 5. */
const body = Buffer.from(
  Array.from({ length: 600 }, (_, i) =>
    `<li class="card card--${i % 7}"><a href="/articles/${(i * 7919).toString(36)}">Embodied carbon note ${i}</a><p>Stage A${i % 5} of EN 15978, ${(i * 37) % 1000} kgCO2e/m²</p></li>`).join(''),
);

async function hardestIn(kept: KeptEncodings, encoding: 'br' | 'gzip', hardest: Buffer): Promise<Buffer> {
  for (let tries = 0; tries < 200; tries++) {
    const sent = await kept.get(encoding);
    if (sent.equals(hardest)) return sent;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the hardest ${encoding} form never took the first one's place`);
}

it('sends the fast brotli form first and the hardest once a second request has asked for it', async () => {
  const once = await compress(body, 'br', 'once');
  const hardest = await compress(body, 'br', 'hardest');
  expect(hardest.length).toBeLessThan(once.length);

  const kept = new KeptEncodings(body);
  expect((await kept.get('br')).equals(once)).toBe(true);
  // The second request starts the hardest form and is not kept waiting for it.
  expect((await kept.get('br')).equals(once)).toBe(true);
  const later = await hardestIn(kept, 'br', hardest);
  expect(brotliDecompressSync(later).equals(body)).toBe(true);
});

it('keeps each encoding apart, and a page read once is compressed once', async () => {
  const kept = new KeptEncodings(body);
  const gzipOnce = await compress(body, 'gzip', 'once');
  expect((await kept.get('gzip')).equals(gzipOnce)).toBe(true);
  // Asking for brotli does not start gzip's hardest form.
  await kept.get('br');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await kept.get('gzip')).equals(gzipOnce)).toBe(true);
  const gzipHardest = await compress(body, 'gzip', 'hardest');
  expect(gunzipSync(await hardestIn(kept, 'gzip', gzipHardest)).equals(body)).toBe(true);
});

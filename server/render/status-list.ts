/**
 * The bitstring of a W3C Bitstring Status List v1.0: one bit per status-list index, the first index the left-most
 * bit of the first byte, GZIP-compressed and written as multibase base64url without padding ('u' and the text).
 */
import { gunzipSync, gzipSync } from 'node:zlib';

/** The encodedList of a list `length` bits long (a multiple of 8) with the bits at `set` on. */
export function encodeStatusList(length: number, set: readonly number[]): string {
  const bytes = new Uint8Array(Math.ceil(length / 8));
  for (const index of set) bytes[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** Whether the bit at `index` of an encodedList is on. */
export function statusBitOf(encodedList: string, index: number): boolean {
  if (!encodedList.startsWith('u')) throw new Error('encodedList is not multibase base64url');
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  return ((bytes[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;
}

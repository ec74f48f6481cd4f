/**
 * CSV for the staff console's exports (RFC 4180): every field quoted, CRLF line ends, UTF-8 with a byte-order mark so
 * spreadsheet programs read names with accents right. A field a spreadsheet would run as a formula (starting with =,
 * +, -, @, a tab or a carriage return) is prefixed with an apostrophe (OWASP's advice on CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): Buffer {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

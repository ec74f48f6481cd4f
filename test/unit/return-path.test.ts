/**
 * The remembered page after sign-in (ADR 124): the attacks issue 34 reproduced, and a property over arbitrary strings
 * that the answer is always a path on this site, printable ASCII only, and that the rule never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/domain/return-path';

const SITE = 'https://sustainlearn.example';
const landsOnThisSite = (path: string) => {
  const url = new URL(path, `${SITE}/login?from=x`);
  return url.origin === SITE && /^\/(?!\/)[\x21-\x7e]*$/.test(path);
};

describe('safeReturnPath', () => {
  it.each([
    ['/\\evil.example'],
    ['%2F%5Cevil.example'],
    ['/%5Cevil.example'],
    ['/%255Cevil.example'],
    ['/\t/evil.example'],
    ['/%09/evil.example'],
    ['/\\\\evil.example'],
    ['//evil.example'],
    ['/..//evil.example'],
    ['/./%2F/evil.example'],
    ['/%2E%2E//evil.example'],
    ['/%2Fevil.example'],
    ['/%252Fevil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    [' /courses'],
    ['/profile\r\nSet-Cookie: a=b'],
    ['/profile%0d%0aSet-Cookie:%20a=b'],
    ['/profile\u0000'],
    ['/%E0%A4%A'],
    ['/%25%25%25%25%25%2525'],
    [`/${'a'.repeat(3000)}`],
    [''],
    [null],
    [undefined],
  ])('sends %j home', (from) => {
    expect(safeReturnPath(from)).toBe('/');
  });

  it.each([
    ['/profile', '/profile'],
    ['/discussion?category=climate-action&subcategory=embodied-carbon', '/discussion?category=climate-action&subcategory=embodied-carbon'],
    ['/articles/abc#comments', '/articles/abc#comments'],
    ['/search?q=caf%C3%A9', '/search?q=caf%C3%A9'],
  ])('keeps the same-site path %j', (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });

  it('percent-encodes characters outside printable ASCII, so the answer can stand in Location', () => {
    expect(safeReturnPath('/search?q=café ok')).toBe('/search?q=caf%C3%A9%20ok');
    expect(safeReturnPath('/\uD800')).toBe('/');
  });

  it('answers a same-site ASCII path for any string, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.webPath(), fc.webUrl(), fc.string().map((s) => `/${s}`)), (from) => {
        const path = safeReturnPath(from);
        expect(landsOnThisSite(path)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers the same for a same-site path and its own answer (the rule is stable)', () => {
    fc.assert(
      fc.property(fc.webPath(), (from) => {
        const once = safeReturnPath(from);
        expect(safeReturnPath(once)).toBe(once);
      }),
      { numRuns: 2_000 },
    );
  });
});

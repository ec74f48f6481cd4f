/**
 * Unit tests of keeping content for offline reading (src/domain/offline.ts, issue 42 items 2 and 3, ADR 174): sizes
 * as a file manager says them, the storage estimate's sentence, each kept item's key and cache name, the texts the
 * shelf announces, and the same-site addresses a page needs offline (scripts and styles under /static/, pictures
 * under /files/ and /media/, every srcset candidate), never other pages nor other sites.
 */
import { describe, expect, it } from 'vitest';
import {
  assetsOf, bytesLabel, estimateText, KEPT_CACHE_PREFIX, keptAnnouncement, keptCacheName, keptKey, keptKindLabel, removedAnnouncement,
} from '../../src/domain/offline';

describe('bytesLabel', () => {
  it('says whole bytes below a kilobyte, never less than none', () => {
    expect(bytesLabel(0)).toBe('0 bytes');
    expect(bytesLabel(1)).toBe('1 bytes');
    expect(bytesLabel(999)).toBe('999 bytes');
    expect(bytesLabel(412.4)).toBe('412 bytes');
    expect(bytesLabel(-5)).toBe('0 bytes');
  });

  it('counts a kilobyte as 1000 bytes, with one decimal below 100 and none from 100', () => {
    expect(bytesLabel(1000)).toBe('1 KB');
    expect(bytesLabel(1500)).toBe('1.5 KB');
    expect(bytesLabel(10_000)).toBe('10 KB');
    expect(bytesLabel(12_340)).toBe('12.3 KB');
    expect(bytesLabel(99_949)).toBe('99.9 KB');
    expect(bytesLabel(99_950)).toBe('100 KB');
    expect(bytesLabel(820_000)).toBe('820 KB');
    expect(bytesLabel(820_600)).toBe('821 KB');
    expect(bytesLabel(999_499)).toBe('999 KB');
  });

  it('goes up a unit at each thousand: MB, GB, then TB however large', () => {
    expect(bytesLabel(1_000_000)).toBe('1 MB');
    expect(bytesLabel(1_234_567)).toBe('1.2 MB');
    expect(bytesLabel(3_400_000)).toBe('3.4 MB');
    expect(bytesLabel(3_460_000)).toBe('3.5 MB');
    expect(bytesLabel(150_000_000)).toBe('150 MB');
    expect(bytesLabel(1_000_000_000)).toBe('1 GB');
    expect(bytesLabel(1_200_000_000)).toBe('1.2 GB');
    expect(bytesLabel(64_000_000_000)).toBe('64 GB');
    expect(bytesLabel(2_000_000_000_000)).toBe('2 TB');
    expect(bytesLabel(5_000_000_000_000_000)).toBe('5000 TB');
  });
});

describe('estimateText', () => {
  it('says what this site uses of what the browser allows it', () => {
    expect(estimateText({ usage: 3_400_000, quota: 1_200_000_000 })).toBe('Using 3.4 MB of about 1.2 GB this browser allows this site.');
    expect(estimateText({ usage: 0, quota: 820_000 })).toBe('Using 0 bytes of about 820 KB this browser allows this site.');
  });
});

describe('kept items: keys, caches and words', () => {
  it('keys an item by its kind and id, whatever else it carries', () => {
    expect(keptKey({ kind: 'course', id: 'c1' })).toBe('course:c1');
    expect(keptKey({ kind: 'article', id: '665f1a2b3c4d5e6f7a8b9c0d' })).toBe('article:665f1a2b3c4d5e6f7a8b9c0d');
    const item = { kind: 'document' as const, id: '/files/library/guide.pdf', title: 'Guide', href: '/files/library/guide.pdf', bytes: 1, keptAt: '' };
    expect(keptKey(item)).toBe('document:/files/library/guide.pdf');
    expect(keptKey({ kind: 'course', id: 'c1' })).not.toBe(keptKey({ kind: 'article', id: 'c1' }));
  });

  it("names one cache per item, under the prefix only kept items' caches have", () => {
    expect(KEPT_CACHE_PREFIX).toBe('kept:');
    expect(keptCacheName({ kind: 'course', id: 'c1' })).toBe('kept:course:c1');
    expect(keptCacheName({ kind: 'document', id: '/files/library/guide.pdf' })).toBe('kept:document:/files/library/guide.pdf');
  });

  it('announces a keep and a removal by title, and labels each kind', () => {
    expect(keptAnnouncement('Daylight in deep plans')).toBe('Daylight in deep plans is kept on this device.');
    expect(removedAnnouncement('Timber at height')).toBe('Timber at height was removed from this device.');
    expect([keptKindLabel('course'), keptKindLabel('article'), keptKindLabel('document')]).toEqual(['Course', 'Article', 'Document']);
  });
});

describe('assetsOf', () => {
  it("keeps a page's scripts and styles under /static/", () => {
    const html = [
      '<head><link rel="stylesheet" href="/static/css/app.4f1c.css">',
      '<link rel="preload" as="font" href="/static/fonts/inter.woff2" crossorigin>',
      '<script defer src="/static/js/app.3f2a.js"></script></head>',
    ].join('\n');
    expect(assetsOf(html)).toEqual(['/static/css/app.4f1c.css', '/static/fonts/inter.woff2', '/static/js/app.3f2a.js']);
  });

  it('keeps pictures under /files/ and /media/, lazy ones and icons too', () => {
    const html = '<p><img src="/files/uploads/plan.jpg" alt="Plan"><img alt="" src="/media/figures/section.png"></p>'
      + '<img data-src="/files/uploads/lazy.webp"><link rel="icon" href="/icons/icon-192.png">';
    expect(assetsOf(html)).toEqual(['/files/uploads/plan.jpg', '/media/figures/section.png', '/files/uploads/lazy.webp', '/icons/icon-192.png']);
  });

  it('keeps every srcset candidate, whatever its descriptor, besides the src', () => {
    const html = '<img src="/files/a-960.jpg" srcset="/files/a-480.jpg 480w, /files/a-960.jpg 960w,/files/a-1920.jpg 1920w" sizes="50vw">'
      + "<img srcset='/media/b.png, /media/b@2x.png 2x'>";
    expect(assetsOf(html)).toEqual(['/files/a-960.jpg', '/files/a-480.jpg', '/files/a-1920.jpg', '/media/b.png', '/media/b@2x.png']);
  });

  it('decodes &amp; in an address, in a src and in a srcset', () => {
    const html = '<img src="/media/render?w=480&amp;h=320" srcset="/media/render?w=960&amp;h=640 2x">';
    expect(assetsOf(html)).toEqual(['/media/render?w=480&h=320', '/media/render?w=960&h=640']);
  });

  it('reads single-quoted attributes, any case of attribute name, and attributes on a new line', () => {
    const html = "<img src='/files/q.jpg'><SCRIPT SRC=\"/static/js/upper.js\"></SCRIPT><link\nhref='/static/css/next-line.css'>";
    expect(assetsOf(html)).toEqual(['/files/q.jpg', '/static/js/upper.js', '/static/css/next-line.css']);
  });

  it('does not follow links to pages, nor take anything from another site', () => {
    const html = [
      '<a href="/courses/x">Course</a><a href="/articles/y?from=/static/">Article</a><a href="/">Home</a>',
      '<script src="https://cdn.example/static/x.js"></script><img src="http://example.com/files/a.jpg">',
      '<img src="//evil.example/static/x.js"><img srcset="//evil.example/files/a.jpg 1x, https://evil.example/media/b.jpg 2x">',
      '<img src="data:image/png;base64,AAAA"><img src="files/relative.jpg"><img src="/staticky/x.js"><img src="/Static/x.js">',
      '<a href="#top">Top</a><a href="mailto:a@b.example">Mail</a>',
    ].join('');
    expect(assetsOf(html)).toEqual([]);
  });

  it('lists each address once, in the order first met', () => {
    const html = '<img src="/files/a.jpg"><img src="/files/b.jpg"><img src="/files/a.jpg" srcset="/files/b.jpg 1x, /files/a.jpg 2x">'
      + '<img src="/files/a.jpg?v=2">';
    expect(assetsOf(html)).toEqual(['/files/a.jpg', '/files/b.jpg', '/files/a.jpg?v=2']);
  });

  it('reads only src, href, srcset and data-src attribute values, not other attributes nor escaped text', () => {
    const html = '<img data-full="/files/full.jpg" poster="/media/p.jpg" xsrc="/files/x.jpg" src="/files/real.jpg">'
      + '<video poster="/media/poster.jpg"></video><p>Put src=&quot;/static/in-text.js&quot; in the template</p>';
    expect(assetsOf(html)).toEqual(['/files/real.jpg']);
  });

  it('finds nothing in a page without assets', () => {
    expect(assetsOf('')).toEqual([]);
    expect(assetsOf('<main><h1>Offline</h1><p>Nothing here.</p></main>')).toEqual([]);
  });

  it('reads a candidate list only from srcset itself: an address with "srcset" in it is one address', () => {
    expect(assetsOf('<img src="/files/srcset,1.jpg" alt="">')).toEqual(['/files/srcset,1.jpg']);
  });
});

describe('bytesLabel at the edge of a unit', () => {
  it('never says 1000 of a unit: what would round to 1000 is the next unit', () => {
    expect(bytesLabel(999.6)).toBe('1 KB');
    expect(bytesLabel(999_500)).toBe('1 MB');
    expect(bytesLabel(999_999)).toBe('1 MB');
    expect(bytesLabel(999_999_999)).toBe('1 GB');
    expect(bytesLabel(999_400)).toBe('999 KB');
  });
});

// @vitest-environment jsdom
/**
 * What a long comment thread renders from (issue 16): the reply tree shared with the last one where nothing changed,
 * the reading order a thread renders in slices by, the sanitiser's shortcut for bare rich markup, and the day cache.
 */
import { describe, expect, it } from 'vitest';
import { buildCommentTree, type Comment } from '../../src/domain/discussion';
import { sanitizeHtml } from '../../src/ui/components/safe-html';
import { commentHtml, threadTree } from '../../src/ui/pages/discussion/comment-render';
import { OWASP_XSS } from '../support/xss-payloads';

const comment = (id: string, parent: string | null, over: Partial<Comment> = {}): Comment => ({
  _id: id,
  content: `<p>comment ${id}</p>`,
  discussionId: 'd1',
  parentCommentId: parent,
  likes: [],
  likeCount: 0,
  deleted: false,
  createdBy: { _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.org' } as Comment['createdBy'],
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  ...over,
});

// a ─ b ─ c      reading order: a b c d e
//   └ d
// e
const FLAT = [comment('a', null), comment('b', 'a'), comment('c', 'b'), comment('d', 'a'), comment('e', null)];

describe('threadTree', () => {
  it('is buildCommentTree with each comment placed in reading order and its subtree ending before `end`', () => {
    const tree = threadTree(FLAT, null);
    expect(tree.roots).toEqual(buildCommentTree(FLAT));
    expect(tree.total).toBe(5);
    expect([...tree.order]).toEqual([['a', 0], ['b', 1], ['c', 2], ['d', 3], ['e', 4]]);
    expect(Object.fromEntries(tree.end)).toEqual({ a: 4, b: 3, c: 3, d: 4, e: 5 });
  });

  it('keeps every node, and the roots array, when the comments read again are the same', () => {
    const first = threadTree(FLAT, null);
    const again = threadTree(FLAT.map((c) => ({ ...c, likes: [...c.likes] })), first);
    expect(again.roots).toBe(first.roots);
    for (const id of ['a', 'b', 'c', 'd', 'e']) expect(again.byId.get(id)).toBe(first.byId.get(id));
  });

  it('gives a liked comment and its ancestors new nodes, and keeps its siblings, its replies and the other trees', () => {
    const first = threadTree(FLAT, null);
    const liked = FLAT.map((c) => (c._id === 'b' ? { ...c, likes: ['u2'], likeCount: 1 } : c));
    const next = threadTree(liked, first);
    expect(next.byId.get('b')).not.toBe(first.byId.get('b'));
    expect(next.byId.get('b')!.likeCount).toBe(1);
    expect(next.byId.get('a')).not.toBe(first.byId.get('a'));
    expect(next.roots).not.toBe(first.roots);
    expect(next.byId.get('c')).toBe(first.byId.get('c'));
    expect(next.byId.get('d')).toBe(first.byId.get('d'));
    expect(next.byId.get('e')).toBe(first.byId.get('e'));
  });

  it('gives the parent a new node when a reply is added, with the reply in place', () => {
    const first = threadTree(FLAT, null);
    const next = threadTree([...FLAT, comment('f', 'e')], first);
    expect(next.byId.get('e')).not.toBe(first.byId.get('e'));
    expect(next.byId.get('e')!.replies.map((r) => r._id)).toEqual(['f']);
    expect(next.byId.get('a')).toBe(first.byId.get('a'));
    expect(next.total).toBe(6);
  });
});

describe('commentHtml', () => {
  it.each(OWASP_XSS)('answers what the sanitiser answers for anything but bare rich tags: %s', (payload) => {
    expect(commentHtml(payload)).toBe(sanitizeHtml(payload, 'rich'));
  });

  it.each([
    '<p>Plain <strong>bold</strong> and <em>italic</em></p><ul><li>one</li><li>two</li></ul>',
    '<h2>Title</h2><blockquote>quote</blockquote><p>a &lt;b&gt; b</p>',
    '<p>unclosed <b>bold',
  ])('uses bare rich markup as it is: %s', (html) => {
    expect(commentHtml(html)).toBe(html);
  });

  it.each([
    '<p onclick="x()">attribute</p>',
    '<a href="javascript:alert(1)">link</a>',
    '<p>comment <!-- hidden --></p>',
    '<P>upper case</P>',
    '<p >spaced</p>',
  ])('sends anything else through the sanitiser: %s', (html) => {
    expect(commentHtml(html)).toBe(sanitizeHtml(html, 'rich'));
  });
});

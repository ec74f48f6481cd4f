/**
 * Discussion rules (src/domain/discussion.ts and discussion.schema.ts): the shapes of posts, comments and the SDG
 * constants the API answers with (what they keep, what they refuse, the types they match), the reply tree built from a
 * flat list (nesting, order, depth, orphans), who is a post's author, a like press with and without the server's
 * answer, the two blank rules (plain text and rich HTML), and a plain-text comment turned into safe paragraphs.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  applyLike,
  type Author,
  buildCommentTree,
  type Comment,
  type CommentNode,
  DELETED_COMMENT_LABEL,
  type Discussion,
  isAuthor,
  isBlank,
  isBlankText,
  plainTextToHtml,
  type SdgConstants,
} from '../../src/domain/discussion';
import { type authorSchema, commentSchema, discussionSchema, sdgConstantsSchema } from '../../src/domain/discussion.schema';

const post: Discussion = {
  _id: 'p1',
  title: 'Heat pumps in old houses',
  content: '<p>How?</p>',
  category: 'affordable-and-clean-energy',
  subcategory: 'heat-pumps',
  likes: ['u2', 'u3'],
  likeCount: 2,
  commentCount: 1,
  comments: ['c1'],
  createdBy: { _id: 'u1', name: 'Ada Lovelace' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  editedAt: null,
};

const comment = (id: string, parent: string | null = null, extra: Partial<Comment> = {}): Comment => ({
  _id: id,
  content: `<p>${id}</p>`,
  discussionId: 'p1',
  parentCommentId: parent,
  likes: [],
  likeCount: 0,
  deleted: false,
  createdBy: { _id: 'u1', name: 'Ada', email: 'ada@example.org' },
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  ...extra,
});

/** The tree as nested ids and depths, easy to compare. */
type Shape = { id: string; depth: number; replies: Shape[] };
const shape = (nodes: CommentNode[]): Shape[] => nodes.map((n) => ({ id: n._id, depth: n.depth, replies: shape(n.replies) }));

describe('the shapes the API answers with', () => {
  it('keeps every field of a post, its author and its comment ids', () => {
    expect(discussionSchema.parse(post)).toEqual(post);
  });

  it.each(['title', 'content', 'category', 'subcategory', 'likes', 'likeCount', 'commentCount', 'comments', 'createdBy', 'createdAt', 'updatedAt', '_id'])(
    'refuses a post without %s',
    (field) => {
      const { [field as keyof Discussion]: _gone, ...rest } = post;
      expect(discussionSchema.safeParse(rest).success).toBe(false);
    },
  );

  it('refuses a post whose author has no name', () => {
    expect(discussionSchema.safeParse({ ...post, createdBy: { _id: 'u1' } }).success).toBe(false);
  });

  it('keeps every field of a comment, its author with email included', () => {
    const reply = comment('c2', 'c1');
    expect(commentSchema.parse(reply)).toEqual(reply);
    expect(commentSchema.parse(comment('c1'))).toEqual(comment('c1'));
  });

  it('refuses a comment whose author has no email, or without its deleted flag', () => {
    const c = comment('c1');
    expect(commentSchema.safeParse({ ...c, createdBy: { _id: 'u1', name: 'Ada' } }).success).toBe(false);
    const { deleted: _deleted, ...noFlag } = c;
    expect(commentSchema.safeParse(noFlag).success).toBe(false);
    expect(commentSchema.safeParse({ ...c, parentCommentId: undefined }).success).toBe(false);
  });

  it('keeps the SDG constants and refuses subcategories without labels', () => {
    const constants = {
      categories: { sdg_7: 'affordable-and-clean-energy' },
      categoryLabels: { 'affordable-and-clean-energy': 'Energy' },
      subcategories: { 'affordable-and-clean-energy': [{ value: 'heat-pumps', label: 'Heat Pumps' }] },
    };
    expect(sdgConstantsSchema.parse(constants)).toEqual(constants);
    expect(sdgConstantsSchema.safeParse({ ...constants, subcategories: { x: [{ value: 'v' }] } }).success).toBe(false);
    expect(sdgConstantsSchema.safeParse({ categories: {}, categoryLabels: {} }).success).toBe(false);
  });
});

describe('the reply tree', () => {
  it('nests replies under their parents, in list order, with their depth', () => {
    const tree = buildCommentTree([comment('a'), comment('a1', 'a'), comment('b'), comment('a2', 'a'), comment('a1x', 'a1'), comment('a1xy', 'a1x')]);
    expect(shape(tree)).toEqual([
      {
        id: 'a', depth: 0, replies: [
          { id: 'a1', depth: 1, replies: [{ id: 'a1x', depth: 2, replies: [{ id: 'a1xy', depth: 3, replies: [] }] }] },
          { id: 'a2', depth: 1, replies: [] },
        ],
      },
      { id: 'b', depth: 0, replies: [] },
    ]);
  });

  it('keeps every field of each comment on its node', () => {
    const reply = comment('r', 'a', { likes: ['u9'], likeCount: 1, deleted: true });
    const [root] = buildCommentTree([comment('a'), reply]);
    expect(root).toEqual({ ...comment('a'), depth: 0, replies: [{ ...reply, depth: 1, replies: [] }] });
  });

  it('places a reply listed before its parent under that parent', () => {
    expect(shape(buildCommentTree([comment('child', 'parent'), comment('parent')]))).toEqual([
      { id: 'parent', depth: 0, replies: [{ id: 'child', depth: 1, replies: [] }] },
    ]);
  });

  it('shows orphans (parent missing) at the top level', () => {
    expect(shape(buildCommentTree([comment('x', 'gone'), comment('y')]))).toEqual([
      { id: 'x', depth: 0, replies: [] },
      { id: 'y', depth: 0, replies: [] },
    ]);
  });

  it('builds nothing from nothing, and leaves the list it was given unchanged', () => {
    expect(buildCommentTree([])).toEqual([]);
    const list = [comment('a'), comment('b', 'a')];
    const copy = structuredClone(list);
    buildCommentTree(list);
    expect(list).toEqual(copy);
  });
});

describe('who wrote it', () => {
  const item = { createdBy: { _id: 'u1' } };
  it('is the author when the ids match', () => {
    expect(isAuthor('u1', item)).toBe(true);
    expect(isAuthor('u2', item)).toBe(false);
  });
  it('is never a visitor who is not signed in, even against an author without an id', () => {
    expect(isAuthor(undefined, item)).toBe(false);
    expect(isAuthor('', { createdBy: { _id: '' } })).toBe(false);
  });
});

describe('a like press', () => {
  const liked = { likes: ['u2', 'me'], likeCount: 2 };
  const notLiked = { likes: ['u2'], likeCount: 1 };

  it('before the answer: a press on a post not yet liked adds the member and one like', () => {
    expect(applyLike(notLiked, 'me')).toEqual({ likes: ['u2', 'me'], likeCount: 2 });
  });

  it('before the answer: a press on a post already liked takes the member and one like away', () => {
    expect(applyLike(liked, 'me')).toEqual({ likes: ['u2'], likeCount: 1 });
  });

  it('never counts below zero', () => {
    expect(applyLike({ likes: ['me'], likeCount: 0 }, 'me')).toEqual({ likes: [], likeCount: 0 });
  });

  it('with the server\'s answer: its liked state and its count win', () => {
    expect(applyLike(notLiked, 'me', true, 7)).toEqual({ likes: ['u2', 'me'], likeCount: 7 });
    expect(applyLike(liked, 'me', false, 0)).toEqual({ likes: ['u2'], likeCount: 0 });
  });

  it('with the server\'s liked state alone: the count moves only when the state changes', () => {
    expect(applyLike(liked, 'me', true)).toEqual({ likes: ['u2', 'me'], likeCount: 2 });
    expect(applyLike(notLiked, 'me', false)).toEqual({ likes: ['u2'], likeCount: 1 });
    expect(applyLike(notLiked, 'me', true)).toEqual({ likes: ['u2', 'me'], likeCount: 2 });
    expect(applyLike(liked, 'me', false)).toEqual({ likes: ['u2'], likeCount: 1 });
  });

  it('leaves the item it was given unchanged', () => {
    const item = { likes: ['u2'], likeCount: 1 };
    applyLike(item, 'me');
    applyLike({ likes: ['me'], likeCount: 1 }, 'me');
    expect(item).toEqual({ likes: ['u2'], likeCount: 1 });
  });
});

describe('blank text', () => {
  it.each([['', true], ['   ', true], ['\n\t ', true], [' a ', false], ['<p></p>', false]])('plain text %j is blank: %s', (text, blank) => {
    expect(isBlankText(text)).toBe(blank);
  });

  it.each([
    ['', true],
    ['  ', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p class="x">&nbsp;</p>', true],
    ['&nbsp;&nbsp; <p> </p>', true],
    ['<p>a</p>', false],
    ['x', false],
    ['<p>&nbsp;x</p>', false],
    ['<>', true],
    ['a > b', false],
    ['<p>>', false],
  ])('rich HTML %j is blank: %s', (html, blank) => {
    expect(isBlank(html)).toBe(blank);
  });
});

describe('a deleted comment that still has replies', () => {
  it('shows [deleted] in place of its text and author (ADR 041)', () => {
    expect(DELETED_COMMENT_LABEL).toBe('[deleted]');
  });
});

describe('a plain-text comment as HTML', () => {
  it('makes one paragraph per block separated by blank lines, with single line breaks kept', () => {
    expect(plainTextToHtml('first line\nsecond line\n\nnext paragraph')).toBe('<p>first line<br>second line</p><p>next paragraph</p>');
  });

  it('reads Windows and old Mac line ends as line ends', () => {
    expect(plainTextToHtml('a\r\nb\r\n\r\nc')).toBe('<p>a<br>b</p><p>c</p>');
    expect(plainTextToHtml('a\rb\r\rc')).toBe('<p>a<br>b</p><p>c</p>');
  });

  it('treats a line of spaces as a blank line, trims paragraphs and drops empty ones', () => {
    expect(plainTextToHtml('  one  \n   \t \n\n\n two ')).toBe('<p>one</p><p>two</p>');
    expect(plainTextToHtml('a\n\nb')).toBe('<p>a</p><p>b</p>');
    expect(plainTextToHtml('\n\n  \n\n')).toBe('');
    expect(plainTextToHtml('')).toBe('');
  });

  it('shows markup as typed, never as markup', () => {
    expect(plainTextToHtml('<script>alert("x")</script> & <b>')).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;</p>');
    expect(plainTextToHtml('&lt; "a" > & b')).toBe('<p>&amp;lt; &quot;a&quot; &gt; &amp; b</p>');
  });
});

describe('the types the rules use', () => {
  it('are exactly what the schemas read (typecheck)', () => {
    expectTypeOf<z.infer<typeof authorSchema>>().toEqualTypeOf<Author>();
    expectTypeOf<z.infer<typeof discussionSchema>>().toEqualTypeOf<Discussion>();
    expectTypeOf<z.infer<typeof commentSchema>>().toEqualTypeOf<Comment>();
    expectTypeOf<z.infer<typeof sdgConstantsSchema>>().toEqualTypeOf<SdgConstants>();
  });
});

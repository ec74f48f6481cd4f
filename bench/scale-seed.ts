/**
 * The scale bench's data (issue 40, item 8), generated inside PostgreSQL with generate_series: 100,000 members,
 * 100,000 posts, 1,000,000 comments, 5,000,000 likes (2,000,000 of posts, 3,000,000 of comments), 1,000,000
 * notifications, and the rows the app derives on each write (every post and comment in the search index, the author
 * and each commenter following the post). `scale` multiplies every count (0.01 while developing).
 *
 * Ids are md5 of a name (member i: md5('m' || i)), so each table can point at another without a join. Post j's
 * comments and likes fall off as 1/√j (post 1 has the longest thread); the posts' dates are a permutation of j, so the
 * busiest threads are spread over the feed. Foreign-key triggers are off while loading (session_replication_role =
 * replica): every reference is built to exist, and `checkReferences` counts the orphans afterwards. The secondary
 * indexes are dropped and built again from their own definitions once the rows are in.
 */
import type pg from 'pg';
import { hashPassword } from '../server/services/passwords';
import { SDG_CONSTANTS } from '../src/domain/sdg-topics';

export const SCALE_PASSWORD = 'benchmark password';

export interface ScaleCounts {
  members: number;
  posts: number;
  comments: number;
  postLikes: number;
  commentLikes: number;
  notifications: number;
}

export const FULL: ScaleCounts = { members: 100_000, posts: 100_000, comments: 1_000_000, postLikes: 2_000_000, commentLikes: 3_000_000, notifications: 1_000_000 };

export function countsAt(scale: number): ScaleCounts {
  const of = (n: number) => Math.max(10, Math.round(n * scale));
  return {
    members: of(FULL.members), posts: of(FULL.posts), comments: of(FULL.comments), postLikes: of(FULL.postLikes),
    commentLikes: of(FULL.commentLikes), notifications: of(FULL.notifications),
  };
}

export interface ScaleSeed {
  counts: ScaleCounts;
  /** Rows per table once loaded, and the seconds each step took. */
  rows: Record<string, number>;
  steps: { step: string; seconds: number }[];
  seconds: number;
  /** The longest thread (post 1) and how many comments it has. */
  longThread: { id: string; comments: number };
}

/** The constant that makes Σ_{j=1..n} c/√j reach `total`, with 1 % to spare (the excess is cut by LIMIT). */
function zipf(total: number, n: number): number {
  let sum = 0;
  for (let j = 1; j <= n; j++) sum += 1 / Math.sqrt(j);
  return (total / sum) * 1.01;
}

const TABLES = ['discussions', 'comments', 'discussion_likes', 'comment_likes', 'notifications', 'search_documents', 'follows'];

// Words the text is made of: sentences "<subject> <verb> <object> <place>." picked by the bytes of an md5.
const SUBJECTS = ['Embodied carbon', 'A heat pump', 'The timber frame', 'Retrofit insulation', 'Rainwater harvesting', 'Solar shading',
  'A green roof', 'Cross-laminated timber', 'Low-carbon concrete', 'The ventilation strategy', 'Passivhaus detailing', 'A district heat network',
  'Reclaimed steel', 'Hempcrete walling', 'The daylight design', 'Permeable paving'];
const VERBS = ['cuts', 'raises', 'halves', 'shifts', 'changes', 'lowers', 'improves', 'complicates'];
const OBJECTS = ['running costs', 'the fabric-first approach', 'overheating risk', 'biodiversity net gain', 'whole-life carbon', 'tenant comfort',
  'the planning case', 'air tightness', 'flood resilience', 'the maintenance budget', 'thermal bridging', 'water use', 'the payback period',
  'indoor air quality', 'construction waste', 'the energy bill'];
const PLACES = ['in social housing', 'on mid-rise blocks', 'for primary schools', 'in hot climates', 'on a tight budget', 'in a deep retrofit',
  'for listed buildings', 'in new-build offices'];
const FIRST = ['Amara', 'Ben', 'Chen', 'Dana', 'Emeka', 'Farah', 'Gita', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Luis', 'Maya', 'Nils', 'Olu', 'Priya'];
const LAST = ['Adeyemi', 'Bauer', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Larsen', 'Mensah', 'Novak', 'Okafor', 'Patel'];

/** A sentence from bytes `at`..`at+3` of `h` (a bytea md5). */
const sentence = (h: string, at: number) =>
  `($1::text[])[1 + get_byte(${h}, ${at}) % 16] || ' ' || ($2::text[])[1 + get_byte(${h}, ${at + 1}) % 8] || ' ' || ($3::text[])[1 + get_byte(${h}, ${at + 2}) % 16] || ' ' || ($4::text[])[1 + get_byte(${h}, ${at + 3}) % 8] || '.'`;
const WORD_PARAMS = [SUBJECTS, VERBS, OBJECTS, PLACES];

export async function seedScale(client: pg.Client, counts: ScaleCounts, log: (line: string) => void = console.log): Promise<ScaleSeed> {
  const started = performance.now();
  const steps: { step: string; seconds: number }[] = [];
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const result = await client.query(sql, params);
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name}: ${seconds.toFixed(1)} s${result.rowCount ? ` (${result.rowCount.toLocaleString('en')} rows)` : ''}`);
  };
  const { members: M, posts: N } = counts;
  await client.query(`set session_replication_role = replica; set synchronous_commit = off; set maintenance_work_mem = '512MB'; set work_mem = '64MB'`);
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where schemaname = 'public' and tablename = any($1)
       and indexname not in (select conname from pg_constraint)`,
    [TABLES],
  );
  await step('drop the secondary indexes', indexes.map((i) => `drop index "${i.name}";`).join('\n'));

  const hash = await hashPassword(SCALE_PASSWORD);
  await step('members', `
    insert into users (id, email, password_hash, first_name, last_name, headline, tokens_valid_after, created_at)
    select md5('m' || i)::uuid, 'member-' || i || '@example.com', $3, ($1::text[])[1 + i % 16], ($2::text[])[1 + (i / 16) % 16],
      'Member ' || i, 'epoch', now() - (($4 - i) * interval '5 minutes')
    from generate_series(1, $4::int) i`, [FIRST, LAST, hash, M]);

  const pairs = Object.values(SDG_CONSTANTS.categories).flatMap((c) => (SDG_CONSTANTS.subcategories[c] ?? []).map((s) => [c, s.value] as const));
  // Post j: its date a permutation of j over N × 10 minutes up to now, its topic j mod the 68 subcategories.
  await step('posts', `
    insert into discussions (id, title, content, category, subcategory, created_by, created_at, updated_at)
    select md5('p' || j)::uuid, ($1::text[])[1 + get_byte(h, 0) % 16] || ' ' || ($4::text[])[1 + get_byte(h, 1) % 8] || ': what have you seen?',
      '<p>' || ${sentence('h', 2)} || ' ' || ${sentence('h', 6)} || ' ' || ${sentence('h', 10)} || '</p>',
      ($5::text[])[1 + j % $7], ($6::text[])[1 + j % $7], md5('m' || (1 + (j::bigint * 7919) % $8))::uuid, at, at
    from generate_series(1, $9::int) j,
      lateral (select decode(md5('p' || j), 'hex') as h, now() - ($9 - (j::bigint * 7919) % $9) * interval '10 minutes' as at) x`,
  [...WORD_PARAMS, pairs.map((p) => p[0]), pairs.map((p) => p[1]), pairs.length, M, N]);

  // Post j has about c/√j comments, one in four at the top, the rest replying to an earlier one of the same thread.
  await step('comments', `
    insert into comments (id, discussion_id, parent_comment_id, content, created_by, created_at)
    select md5('c' || j || '-' || n)::uuid, md5('p' || j)::uuid,
      case when n % 4 = 1 then null else md5('c' || j || '-' || (1 + (get_byte(h, 0) * 256 + get_byte(h, 1)) % (n - 1)))::uuid end,
      '<p>' || ${sentence('h', 2)} || ' ' || ${sentence('h', 6)} || '</p>',
      md5('m' || (1 + (j::bigint * 31 + n::bigint * 7919) % $5))::uuid,
      least(now(), d.created_at + n * interval '3 minutes')
    from generate_series(1, $6::int) j
      join discussions d on d.id = md5('p' || j)::uuid,
      generate_series(1, greatest(1, round($7 / sqrt(j)))::int) n,
      lateral (select decode(md5('c' || j || '-' || n), 'hex') as h) x
    limit $8`, [...WORD_PARAMS, M, N, zipf(counts.comments, N), counts.comments]);

  // Like n of post j is member (j·104729 + n·7919) mod M: distinct for n < M, so (post, member) is unique.
  await step('post likes', `
    insert into discussion_likes (discussion_id, user_id, created_at)
    select md5('p' || j)::uuid, md5('m' || (1 + (j::bigint * 104729 + n::bigint * 7919) % $1))::uuid, now() - n * interval '1 minute'
    from generate_series(1, $2::int) j, generate_series(1, least($1 - 1, greatest(1, round($3 / sqrt(j))))::int) n
    limit $4`, [M, N, zipf(counts.postLikes, N), counts.postLikes]);

  // Each comment 0–7 likes (3.5 on average, cut at the count).
  await step('comment likes', `
    insert into comment_likes (comment_id, user_id, created_at)
    select c.id, md5('m' || (1 + (abs(hashtext(c.id::text))::bigint + n::bigint * 7919) % $1))::uuid, c.created_at + n * interval '1 minute'
    from comments c, generate_series(1, abs(hashtext(c.id::text || 'likes')) % 8) n
    limit $2`, [M, counts.commentLikes]);

  // Member i's notifications are about posts j ≤ N/2, which all have comments 1..5: one in five a grouped like, one a
  // followed post, the rest replies; a third read.
  const perMember = Math.ceil(counts.notifications / M);
  const P = Math.max(1, Math.floor(N / 2));
  await step('notifications', `
    insert into notifications (user_id, kind, actor_id, actor_count, discussion_id, comment_id, group_key, created_at, updated_at, read_at)
    select md5('m' || i)::uuid, case k % 5 when 0 then 'like' when 1 then 'followed_post' else 'reply_post' end,
      md5('m' || (1 + (i::bigint * 13 + k * 101) % $1))::uuid, case when k % 5 = 0 then 1 + k % 4 else 1 end,
      md5('p' || p)::uuid, case when k % 5 = 0 then null else md5('c' || p || '-' || (1 + k % 5))::uuid end,
      case when k % 5 = 0 then 'like:discussion:' || md5('p' || p)::uuid else null end, at, at, case when k % 3 = 0 then at else null end
    from generate_series(1, $1::int) i, generate_series(1, $2::int) k,
      lateral (select 1 + (i::bigint * 37 + k::bigint * 7919) % $3 as p, now() - ($2 - k) * interval '7 hours' - i * interval '1 second' as at) x
    limit $4`, [M, perMember, P, counts.notifications]);

  // What the app writes with each post and comment: its search document (data/search.ts), with the post's or comment's
  // own time (ADR 178), in the order the app would have written them (so the table lies in time order, as it does when
  // members write), and its follows.
  await step('search documents (posts and comments)', `
    insert into search_documents (kind, ref_id, page, title, body, url, visibility, parent_id, created_at)
    select kind, ref_id, 0, title, body, url, 'members', parent_id, created_at from (
      select 'discussion' as kind, id::text as ref_id, title, substr(content, 4, length(content) - 7) as body,
        '/discussion?category=' || category || '&subcategory=' || subcategory as url, null::text as parent_id, created_at
      from discussions
      union all
      select 'comment', c.id::text, 'Comment on: ' || d.title, substr(c.content, 4, length(c.content) - 7),
        '/discussion?category=' || d.category || '&subcategory=' || d.subcategory, c.discussion_id::text, c.created_at
      from comments c join discussions d on d.id = c.discussion_id
    ) written
    order by created_at, ref_id`);
  await step('follows', `
    insert into follows (user_id, target_type, target_id, created_at)
    select created_by, 'discussion', id::text, created_at from discussions
    union all
    select created_by, 'discussion', discussion_id::text, min(created_at) from comments group by created_by, discussion_id
    on conflict do nothing`);

  await step('build the secondary indexes', indexes.map((i) => `${i.def};`).join('\n'));
  await client.query('set session_replication_role = origin');
  await step('vacuum analyze', `vacuum (analyze) users, ${TABLES.join(', ')}`);
  const rows: Record<string, number> = {};
  for (const table of ['users', ...TABLES]) {
    const { rows: [r] } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    rows[table] = Number(r!.n);
  }
  const { rows: [thread] } = await client.query<{ id: string; n: string }>(`select md5('p1')::uuid as id, (select count(*) from comments where discussion_id = md5('p1')::uuid) as n`);
  return { counts, rows, steps, seconds: (performance.now() - started) / 1000, longThread: { id: thread!.id, comments: Number(thread!.n) } };
}

/** Rows whose reference points at nothing (foreign keys were not checked while loading); all must be 0. */
export async function checkReferences(client: pg.Client): Promise<Record<string, number>> {
  const checks: Record<string, string> = {
    'posts → members': 'select count(*) from discussions d where not exists (select 1 from users u where u.id = d.created_by)',
    'comments → posts': 'select count(*) from comments c where not exists (select 1 from discussions d where d.id = c.discussion_id)',
    'comments → parent': 'select count(*) from comments c where c.parent_comment_id is not null and not exists (select 1 from comments p where p.id = c.parent_comment_id)',
    'comments → members': 'select count(*) from comments c where not exists (select 1 from users u where u.id = c.created_by)',
    'post likes → members': 'select count(*) from discussion_likes l where not exists (select 1 from users u where u.id = l.user_id)',
    'comment likes → members': 'select count(*) from comment_likes l where not exists (select 1 from users u where u.id = l.user_id)',
    'notifications → comments': 'select count(*) from notifications n where n.comment_id is not null and not exists (select 1 from comments c where c.id = n.comment_id)',
    'notifications → posts': 'select count(*) from notifications n where not exists (select 1 from discussions d where d.id = n.discussion_id)',
  };
  const orphans: Record<string, number> = {};
  for (const [name, sql] of Object.entries(checks)) orphans[name] = Number((await client.query<{ count: string }>(sql)).rows[0]!.count);
  return orphans;
}

/**
 * The role matrix of issue 36, generated from a contract module: every call that names `staff` roles, tried as a
 * visitor (401), a member (403 with the console's refusal) and each role (2xx where `mayAct` allows, else 403).
 * Each staff test file runs it over its own module with `requestFor` giving a request the call accepts.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Call } from '../../src/contract/define';
import { mayAct, NOT_STAFF, STAFF_ROLES, type StaffRole } from '../../src/domain/staff';
import { staffRoles } from '../../server/data/schema';
import { isCall, send } from './api';
import type { TestContext } from './fixture';
import { type Member, member } from './members';

export type Who = 'visitor' | 'member' | StaffRole;
export type StaffPeople = Record<Exclude<Who, 'visitor'>, Member>;

export function staffCallsOf(module: Record<string, unknown>): (Call & { staff: readonly StaffRole[] })[] {
  return (Object.values(module) as unknown[]).filter(isCall).filter((c) => Boolean(c.staff)) as (Call & { staff: readonly StaffRole[] })[];
}

export async function grant(ctx: TestContext, who: Member, ...roles: StaffRole[]) {
  await ctx.database.db.insert(staffRoles).values(roles.map((role) => ({ userId: who.id, role }))).onConflictDoNothing();
}

/** A plain member and one member per role (emails under `prefix`), made once for the file. */
export function staffPeople(ctx: () => TestContext, prefix: string): StaffPeople {
  const people = {} as StaffPeople;
  beforeAll(async () => {
    const c = ctx();
    people.member = await member(c, `${prefix}-plain@example.com`, 'Plain', 'Member');
    for (const role of STAFF_ROLES) {
      people[role] = await member(c, `${prefix}-${role}@example.com`, 'Staff', role);
      await grant(c, people[role], role);
    }
  }, 120_000);
  return people;
}

/**
 * One test per call and person. `requestFor` is read when the test runs (after the file's beforeAll), so it may use
 * what beforeAll made. A call whose 2xx is not 200 names it in `okStatus`.
 */
export function roleMatrix(
  ctx: () => TestContext,
  calls: readonly (Call & { staff: readonly StaffRole[] })[],
  people: StaffPeople,
  requestFor: (c: Call) => { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = () => ({}),
  okStatus: (c: Call) => number = () => 200,
) {
  for (const c of calls) {
    for (const who of ['visitor', 'member', ...STAFF_ROLES] as Who[]) {
      const allowed = who !== 'visitor' && who !== 'member' && mayAct([who], c.staff);
      const expected = who === 'visitor' ? 401 : allowed ? okStatus(c) : 403;
      it(`${c.name} as ${who}: ${expected}`, async () => {
        const token = who === 'visitor' ? undefined : people[who].token;
        const res = await send(ctx(), c, { ...(requestFor(c) as object), token } as never);
        expect(res.statusCode, res.body).toBe(expected);
        if (expected === 403) expect(res.json().message).toBe(NOT_STAFF);
      });
    }
  }
}

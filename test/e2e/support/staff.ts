/**
 * Staff for end-to-end tests (issue 36): one member per role, made in the run's seeded data folder before any server
 * starts (as `npm run staff -- grant` would on a stopped server), so every server of the run has them. Tests sign them
 * in through the real login. A test that changes these members' roles must put them back; a test that needs a member
 * to change makes its own with createUser.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Db } from '../../../server/data/client';
import { ensureUser, setPasswordHash } from '../../../server/data/users';
import { ConsoleMailer } from '../../../server/mail/console-mailer';
import { hashPassword } from '../../../server/services/passwords';
import { StaffService } from '../../../server/services/staff';
import type { StaffRole } from '../../../src/domain/staff';
import type { TestUser } from './accounts';

const PASSWORD = 'staff console e2e password';

/** Names are test personas (illustrative), one per role. */
export const STAFF_ACCOUNTS: Record<StaffRole, Omit<TestUser, 'token'>> = {
  admin: { email: 'admin@staff.e2e.example.com', password: PASSWORD, firstName: 'Ines', lastName: 'Admin' },
  editor: { email: 'editor@staff.e2e.example.com', password: PASSWORD, firstName: 'Eda', lastName: 'Editor' },
  moderator: { email: 'moderator@staff.e2e.example.com', password: PASSWORD, firstName: 'Mo', lastName: 'Moderator' },
};

/** Called by makeSeededDataDir on the seeded database. */
export async function seedStaff(db: Db): Promise<void> {
  const staff = new StaffService(db, new ConsoleMailer(), { staffEmail: undefined, publicUrl: 'http://localhost', now: Date.now, onMailFailure: () => undefined });
  for (const [role, account] of Object.entries(STAFF_ACCOUNTS) as [StaffRole, Omit<TestUser, 'token'>][]) {
    const user = await ensureUser(db, account.email);
    await setPasswordHash(db, user.id, await hashPassword(account.password), new Date(0), '', { firstName: account.firstName, lastName: account.lastName });
    await staff.setRoles(null, user.id, [role]);
  }
}

/** The staff member of `role`, signed in through the API: a fresh token each call. */
export async function staffUser(request: APIRequestContext, role: StaffRole, baseUrl = ''): Promise<TestUser> {
  const account = STAFF_ACCOUNTS[role];
  const response = await request.post(`${baseUrl}/api/auth/login`, { data: { email: account.email, password: account.password } });
  if (!response.ok()) throw new Error(`staff login as ${role} answered ${response.status()}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { ...account, token };
}

/** Signs the page's context in as the staff member of `role`. */
export async function signInAsStaff(page: Page, role: StaffRole, baseURL = process.env.E2E_BASE_URL!): Promise<TestUser> {
  const user = await staffUser(page.request, role, baseURL);
  await page.context().addCookies([{ name: 'token', value: user.token, url: baseURL, sameSite: 'Strict' }]);
  return user;
}

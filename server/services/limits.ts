/**
 * Rate limits, sized for a person (ADR 060): every write of the contract has a budget per member and per address, the
 * code requests and verifies also per email, and wrong passwords slow down the pair (email, address) and the address
 * but never the right password from another address. Counters live in the database (data/rate-limits.ts), so every
 * server process on it counts the same requests. A refusal is a `too-many` DomainError with the wait in seconds.
 */
import type { Db } from '../data/client';
import { hitCounters, refundCounters, resetCounter } from '../data/rate-limits';
import { tooMany } from './errors';

export type Scope = 'member' | 'address' | 'email';

export interface LimitRule {
  scope: Scope;
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const perMember = (max: number, windowSeconds: number): LimitRule => ({ scope: 'member', max, windowSeconds });
const perAddress = (max: number, windowSeconds: number): LimitRule => ({ scope: 'address', max, windowSeconds });
const perEmail = (max: number, windowSeconds: number): LimitRule => ({ scope: 'email', max, windowSeconds });

/**
 * The budget of every write, by the contract call's name. An address budget is a few members' worth (an office or a
 * school behind one address). `test/server/limits.test.ts` fails when a write of the contract has no entry here.
 */
export const WRITE_LIMITS: Record<string, readonly LimitRule[]> = {
  'auth.requestSignupOtp': [perAddress(20, HOUR), perEmail(6, HOUR)],
  'auth.forgotPassword': [perAddress(20, HOUR), perEmail(6, HOUR)],
  'auth.signup': [perAddress(30, 15 * MINUTE), perEmail(10, 15 * MINUTE)],
  'auth.verifyResetOtp': [perAddress(30, 15 * MINUTE), perEmail(10, 15 * MINUTE)],
  // Wrong passwords are counted by the account service (LOGIN_FAILURES); these bound the attempts themselves.
  'auth.login': [perAddress(100, 15 * MINUTE)],
  'auth.setPassword': [perMember(10, HOUR), perAddress(30, HOUR)],
  'auth.updatePassword': [perMember(10, HOUR), perAddress(30, HOUR)],
  'auth.updateProfile': [perMember(30, HOUR), perAddress(100, HOUR)],
  'auth.logout': [perMember(30, MINUTE), perAddress(100, MINUTE)],
  'account.endSession': [perMember(30, 10 * MINUTE), perAddress(100, 10 * MINUTE)],
  'account.endOtherSessions': [perMember(10, 10 * MINUTE), perAddress(50, 10 * MINUTE)],
  // A code request checks the current password and mails the new address: the budgets of a code request and of a
  // password check at once.
  'account.requestEmailChange': [perMember(6, HOUR), perAddress(20, HOUR), perEmail(6, HOUR)],
  'account.confirmEmailChange': [perMember(10, 15 * MINUTE), perAddress(30, 15 * MINUTE)],
  // Each upload is decoded and encoded twice by sharp (issue 35).
  'account.uploadAvatar': [perMember(20, HOUR), perAddress(60, HOUR)],
  'account.removeAvatar': [perMember(30, HOUR), perAddress(90, HOUR)],
  // Continuing-education credit (issue 39): a member edits their numbers now and then; each activity may carry a file.
  'cpd.saveMemberships': [perMember(30, HOUR), perAddress(90, HOUR)],
  'cpd.addActivity': [perMember(30, HOUR), perAddress(90, HOUR)],
  'feedback.submit': [perAddress(5, HOUR)],
  'contact.send': [perAddress(5, HOUR)],
  'staff.markHandled': [perMember(300, HOUR)],
  'staff.setRoles': [perMember(60, HOUR)],
  'staffWorkshops.markAttended': [perMember(300, HOUR)],
  // A message mails every registrant: a few an hour is what an organiser needs.
  'staffWorkshops.message': [perMember(10, HOUR)],
  // Issue 38: each upload is decoded and encoded up to three times by sharp, or read whole by pdf.js.
  'authoring.upload': [perMember(120, HOUR)],
  // Moving or cancelling a session mails everyone on it.
  'staffWorkshops.move': [perMember(20, HOUR)],
  'staffWorkshops.cancel': [perMember(20, HOUR)],
  // An export marks every ready completion at once: a few an hour is plenty (issue 39, ADR 156).
  'staffCpd.export': [perMember(20, HOUR)],
  'staffMembers.suspend': [perMember(60, HOUR)],
  'staffMembers.lift': [perMember(60, HOUR)],
  // Authoring (issue 38, ADR 157): an editor saves often while writing; publishing rewrites the search words.
  'authoring.create': [perMember(60, HOUR)],
  'authoring.save': [perMember(600, HOUR)],
  'authoring.publish': [perMember(120, HOUR)],
  'authoring.unpublish': [perMember(120, HOUR)],
  'authoring.restore': [perMember(120, HOUR)],
  // Reports and moderation (issue 37, ADR 149).
  'reports.create': [perMember(30, HOUR), perAddress(90, HOUR)],
  'moderation.act': [perMember(300, HOUR)],
  'moderation.silence': [perMember(60, HOUR)],
  'moderation.pin': [perMember(60, HOUR)],
  'analytics.pageView': [perAddress(120, MINUTE)],
  'discussions.create': [perMember(10, HOUR), perAddress(30, HOUR)],
  'discussions.update': [perMember(30, 10 * MINUTE), perAddress(90, 10 * MINUTE)],
  'discussions.delete': [perMember(30, 10 * MINUTE), perAddress(90, 10 * MINUTE)],
  'discussions.like': [perMember(60, MINUTE), perAddress(180, MINUTE)],
  'comments.create': [perMember(10, MINUTE), perMember(100, HOUR), perAddress(30, MINUTE)],
  'comments.update': [perMember(30, 10 * MINUTE), perAddress(90, 10 * MINUTE)],
  'comments.delete': [perMember(30, 10 * MINUTE), perAddress(90, 10 * MINUTE)],
  'comments.like': [perMember(60, MINUTE), perAddress(180, MINUTE)],
  'notifications.read': [perMember(120, MINUTE), perAddress(360, MINUTE)],
  'notifications.updatePreferences': [perMember(30, 10 * MINUTE), perAddress(90, 10 * MINUTE)],
  'push.subscribe': [perMember(30, 10 * MINUTE), perAddress(90, 10 * MINUTE)],
  'push.unsubscribe': [perMember(30, 10 * MINUTE), perAddress(90, 10 * MINUTE)],
  // A mail program's one-click POST carries no session: counted per address.
  'notifications.unsubscribe': [perAddress(30, 10 * MINUTE)],
  'follows.set': [perMember(60, MINUTE), perAddress(180, MINUTE)],
  // Saving and unsaving is cheap and personal: generous, yet bounded (issue 37).
  'bookmarks.set': [perMember(120, MINUTE), perAddress(360, MINUTE)],
  'quizzes.start': [perMember(60, HOUR), perAddress(180, HOUR)],
  'quizzes.answer': [perMember(120, MINUTE), perAddress(360, MINUTE)],
  'quizzes.complete': [perMember(30, MINUTE), perAddress(90, MINUTE)],
  'learning.enrol': [perMember(60, HOUR), perAddress(180, HOUR)],
  'learning.completeLesson': [perMember(120, HOUR), perAddress(360, HOUR)],
  'learning.startAssessment': [perMember(30, HOUR), perAddress(90, HOUR)],
  'learning.answerAssessment': [perMember(120, MINUTE), perAddress(360, MINUTE)],
  'learning.completeAssessment': [perMember(30, MINUTE), perAddress(90, MINUTE)],
  'learning.issueCertificate': [perMember(30, MINUTE), perAddress(90, MINUTE)],
  'content.answerArticleQuiz': [perMember(30, MINUTE), perAddress(90, MINUTE)],
  'workshops.register': [perMember(30, HOUR), perAddress(90, HOUR)],
  'workshops.cancel': [perMember(30, HOUR), perAddress(90, HOUR)],
  // A member's data (ADR 134): an export renders every PDF they have, so a few an hour; the delete's password
  // guesses are bounded by its own budget.
  'account.export': [perMember(3, HOUR), perAddress(20, HOUR)],
  'account.requestDeleteCode': [perMember(5, HOUR), perAddress(30, HOUR)],
  'account.delete': [perMember(10, HOUR), perAddress(30, HOUR)],
  // The newsletter (ADR 139): a subscribe mails a confirmation, so few per address and fewer per email.
  'newsletter.subscribe': [perAddress(10, HOUR), perEmail(3, HOUR)],
  'newsletter.confirm': [perAddress(30, HOUR)],
  'newsletter.unsubscribe': [perAddress(30, HOUR)],
  'newsletter.createIssue': [perMember(60, HOUR)],
  'newsletter.updateIssue': [perMember(120, HOUR)],
  'newsletter.preview': [perMember(120, HOUR)],
  'newsletter.testSend': [perMember(20, HOUR)],
  'newsletter.send': [perMember(10, HOUR)],
  // A GET with a budget of its own: each export reads the whole table.
  'newsletter.exportSubscribers': [perMember(10, HOUR)],
};

/**
 * Reads that must reach the database, per address (ADR 125): a search whose answer is not kept, and a page drawn for a
 * visitor that is not kept. Counted in this process's memory, so a refusal costs no query: N processes allow N times
 * the budget, which still bounds what one address can make each of them do.
 */
export const READ_LIMITS = {
  search: { max: 120, windowSeconds: MINUTE },
  visitorPage: { max: 120, windowSeconds: MINUTE },
  // A mention's suggestions, asked as a member types (ADR 150).
  memberSuggest: { max: 240, windowSeconds: MINUTE },
} as const;
export type ReadBudget = keyof typeof READ_LIMITS;

/** Fixed-window counters in memory, pruned as they expire. */
class MemoryCounters {
  readonly #windows = new Map<string, { count: number; expiresAt: number }>();
  #nextPrune = 0;

  hit(key: string, windowMs: number, now: number): { count: number; expiresAt: number } {
    if (now >= this.#nextPrune) {
      for (const [k, w] of this.#windows) if (w.expiresAt <= now) this.#windows.delete(k);
      this.#nextPrune = now + windowMs;
    }
    let window = this.#windows.get(key);
    if (!window || window.expiresAt <= now) {
      window = { count: 0, expiresAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window;
  }
}

/** Wrong passwords: a pair (email, address) gets 10 in 15 minutes, an address 50; the right password resets its pair. */
export const LOGIN_FAILURES = { perPair: { max: 10, windowSeconds: 15 * MINUTE }, perAddress: { max: 50, windowSeconds: 15 * MINUTE } };

export interface Who {
  memberId?: string | undefined;
  address: string;
  email?: string | undefined;
}

export class LimitService {
  readonly #reads = new MemoryCounters();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    readonly enabled: boolean,
  ) {}

  /** Counts a call against each of its budgets; refuses once past any of them. */
  async check(callName: string, who: Who): Promise<void> {
    const rules = WRITE_LIMITS[callName];
    if (!this.enabled || !rules) return;
    const now = new Date(this.now());
    // Every budget of the call is counted in one statement (one round trip per write, ADR 060).
    const counted = rules.flatMap((rule, index) => {
      const id = rule.scope === 'member' ? who.memberId : rule.scope === 'address' ? who.address : who.email?.trim().toLowerCase();
      return id ? [{ rule, key: `${callName}:${index}:${rule.scope}:${id}` }] : [];
    });
    const counters = await hitCounters(this.db, counted.map(({ rule, key }) => ({ key, windowMs: rule.windowSeconds * 1000 })), now);
    let wait = 0;
    for (const { rule, key } of counted) {
      const counter = counters.get(key);
      if (counter && counter.count > rule.max) wait = Math.max(wait, (counter.expiresAt.getTime() - now.getTime()) / 1000);
    }
    if (wait > 0) throw tooMany(wait);
  }

  /** Counts a read that must reach the database against its address's budget; refuses once past it. */
  checkRead(budget: ReadBudget, address: string): void {
    if (!this.enabled) return;
    const rule = READ_LIMITS[budget];
    const now = this.now();
    const window = this.#reads.hit(`${budget}:${address}`, rule.windowSeconds * 1000, now);
    if (window.count > rule.max) throw tooMany((window.expiresAt - now) / 1000);
  }

  private loginKeys(email: string, address: string) {
    return { pair: `login-failure:pair:${email.trim().toLowerCase()}:${address}`, address: `login-failure:address:${address}` };
  }

  /**
   * Takes a slot for one password check before the check is made (ADR 123): one atomic increment per budget, so
   * attempts sent at once can never all read a count under the budget. Past either budget the slot is given back and
   * the attempt refused; the caller gives it back too when the password was right (`loginSucceeded`).
   */
  async takeLoginSlot(email: string, address: string): Promise<void> {
    if (!this.enabled) return;
    const now = new Date(this.now());
    const keys = this.loginKeys(email, address);
    const counters = await hitCounters(this.db, [
      { key: keys.pair, windowMs: LOGIN_FAILURES.perPair.windowSeconds * 1000 },
      { key: keys.address, windowMs: LOGIN_FAILURES.perAddress.windowSeconds * 1000 },
    ], now);
    const pair = counters.get(keys.pair);
    const byAddress = counters.get(keys.address);
    const waits = [
      pair && pair.count > LOGIN_FAILURES.perPair.max ? pair.expiresAt : null,
      byAddress && byAddress.count > LOGIN_FAILURES.perAddress.max ? byAddress.expiresAt : null,
    ].filter((d): d is Date => d !== null);
    if (waits.length === 0) return;
    // A refused attempt checks no password, so it costs no slot: an office's other members keep their address budget.
    await refundCounters(this.db, [keys.pair, keys.address]);
    throw tooMany(Math.max(...waits.map((d) => (d.getTime() - now.getTime()) / 1000)));
  }

  /** The right password: its pair starts over, and its slot of the address budget is given back. */
  async loginSucceeded(email: string, address: string): Promise<void> {
    if (!this.enabled) return;
    const keys = this.loginKeys(email, address);
    await Promise.all([resetCounter(this.db, keys.pair), refundCounters(this.db, [keys.address])]);
  }
}

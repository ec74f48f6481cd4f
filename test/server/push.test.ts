/**
 * Web Push (issue 42 item 4, ADR 169), against a stand-in push service that decrypts what it receives: a device's
 * subscription is stored; a reply by another member is pushed, signed with the server's VAPID key, and opens the
 * comment; a kind the device did not choose is not; a device the push service calls gone is removed; a device turned
 * off gets nothing more; an address that is not a push service is refused.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs, pushSubscriptions } from '../../server/data/schema';
import { likeDiscussion } from '../../src/contract/discussions';
import * as calls from '../../src/contract/push';
import { PUSH_TEXT } from '../../src/domain/push';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { members } from './members';
import { postBy, replyBy } from './notification-support';
import { startPushStandIn } from './push-stand-in';

const standIn = await startPushStandIn();
afterAll(() => standIn.close());

async function runJobs(ctx: TestContext) {
  while ((await ctx.app.jobs.tick()) > 0);
}
const devicesOf = (ctx: TestContext, userId: string) =>
  ctx.database.db.select({ endpoint: pushSubscriptions.endpoint, kinds: pushSubscriptions.kinds }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describeWithApp('push notifications', { env: { JOB_POLL_SECONDS: '0', PUSH_SERVICE_ORIGINS: standIn.origin, PUBLIC_URL: 'https://learn.example' } }, (ctx) => {
  beforeAll(() => {
    standIn.received.length = 0;
  });

  it('pushes a reply to the devices that chose replies, signed and encrypted, and removes a device the service calls gone', async () => {
    const [a, b] = await members(ctx(), 2, 'push');
    const phone = standIn.device(`phone-${a!.id}`);
    const laptop = standIn.device(`laptop-${a!.id}`);
    const { publicKey } = (await send(ctx(), calls.getPushKey, { token: a!.token })).json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const on = await send(ctx(), calls.subscribePush, { token: a!.token, body: { ...phone.subscription, kinds: ['reply_post', 'mention'] } });
    expect(on.json()).toEqual({ success: true, message: PUSH_TEXT.saved, kinds: ['reply_post', 'mention'] });
    await send(ctx(), calls.subscribePush, { token: a!.token, body: { ...laptop.subscription, kinds: ['reply_post'] } });
    const kindsOf = async (token: string, endpoint: string) => (await send(ctx(), calls.getPushSubscription, { token, query: { endpoint } })).json().kinds;
    expect(await kindsOf(a!.token, phone.subscription.endpoint)).toEqual(['reply_post', 'mention']);
    // Another member cannot read what a device of A's receives.
    expect(await kindsOf(b!.token, phone.subscription.endpoint)).toBeNull();
    expect((await devicesOf(ctx(), a!.id)).map((d) => d.endpoint).sort()).toEqual([laptop.subscription.endpoint, phone.subscription.endpoint].sort());

    const post = await postBy(ctx(), a!, 'Thermal bridges at balcony slabs');
    const comment = await replyBy(ctx(), b!, post);
    await runJobs(ctx());
    const toPhone = standIn.received.filter((r) => r.device === phone.name);
    expect(toPhone).toHaveLength(1);
    const { key, claims } = await standIn.vapidOf(toPhone[0]!.headers);
    expect(key).toBe(publicKey);
    expect(claims.sub).toBe('mailto:hello@sustainlearn.example');
    expect(toPhone[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(toPhone[0]!.headers.ttl)).toBeGreaterThan(0);
    expect(phone.read(toPhone[0]!.body)).toEqual({
      title: 'SustainLearn',
      body: 'Push No1 replied to your post “Thermal bridges at balcony slabs”',
      url: `https://learn.example/discussion/${post}#comment-${comment}`,
      tag: expect.stringMatching(/^notification-[0-9a-f-]{36}$/),
    });
    expect(standIn.received.filter((r) => r.device === laptop.name)).toHaveLength(1);

    // A like is not a kind either device chose: nothing is pushed.
    const before = standIn.received.length;
    expect((await send(ctx(), likeDiscussion, { token: b!.token, params: { id: post } })).statusCode).toBe(200);
    await runJobs(ctx());
    expect(standIn.received.length).toBe(before);

    // The laptop's subscription ends at the push service: the next push removes it, and the phone still gets it.
    standIn.gone(laptop.name);
    await replyBy(ctx(), b!, post);
    await runJobs(ctx());
    expect((await devicesOf(ctx(), a!.id)).map((d) => d.endpoint)).toEqual([phone.subscription.endpoint]);
    expect(standIn.received.filter((r) => r.device === phone.name)).toHaveLength(2);
    const failed = await ctx().database.db.select({ error: jobs.lastError }).from(jobs).where(and(eq(jobs.kind, 'notification-push')));
    expect(failed.filter((j) => j.error)).toEqual([]);

    // Turned off on the phone: nothing more.
    const off = await send(ctx(), calls.unsubscribePush, { token: a!.token, body: { endpoint: phone.subscription.endpoint } });
    expect(off.json()).toEqual({ success: true, message: PUSH_TEXT.removed });
    const count = standIn.received.length;
    await replyBy(ctx(), b!, post);
    await runJobs(ctx());
    expect(standIn.received.length).toBe(count);
    expect(await devicesOf(ctx(), a!.id)).toEqual([]);
  });

  it('refuses an address that is not a push service, and a visitor', async () => {
    const [a] = await members(ctx(), 1, 'pushrefused');
    const device = standIn.device('refused');
    for (const endpoint of ['https://example.com/push/1', 'http://fcm.googleapis.com/fcm/send/1', 'https://fcm.googleapis.com.evil.example/x', 'https://fcm.googleapis.com:8443/x']) {
      const res = await send(ctx(), calls.subscribePush, { token: a!.token, body: { ...device.subscription, endpoint, kinds: ['like'] } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toContain(PUSH_TEXT.notAPushService);
    }
    expect((await send(ctx(), calls.subscribePush, { token: a!.token, body: { ...device.subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc', kinds: ['like'] } })).statusCode).toBe(200);
    expect((await send(ctx(), calls.getPushKey, {})).statusCode).toBe(401);
    expect((await send(ctx(), calls.subscribePush, { body: { ...device.subscription, kinds: ['like'] } })).statusCode).toBe(401);
  });

  it('a device that signs in to another account moves with it: one subscription per device', async () => {
    const [a, b] = await members(ctx(), 2, 'pushmove');
    const tablet = standIn.device(`tablet-${a!.id}`);
    await send(ctx(), calls.subscribePush, { token: a!.token, body: { ...tablet.subscription, kinds: ['like'] } });
    await send(ctx(), calls.subscribePush, { token: b!.token, body: { ...tablet.subscription, kinds: ['reply_post'] } });
    expect(await devicesOf(ctx(), a!.id)).toEqual([]);
    expect(await devicesOf(ctx(), b!.id)).toEqual([{ endpoint: tablet.subscription.endpoint, kinds: ['reply_post'] }]);
  });
});

/**
 * PGlite's bounded queue (ADR 125), on a stand-in client whose queries finish when the test says: a request is
 * refused at its first query once the queue is full, never halfway, and work outside requests always goes through.
 */
import { describe, expect, it } from 'vitest';
import { DatabaseBusy, QueryQueue } from '../../server/data/query-queue';

class HeldClient {
  readonly held: (() => void)[] = [];
  async query(text: string): Promise<string> {
    await new Promise<void>((resolve) => this.held.push(resolve));
    return text;
  }
  release() {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

/** Runs `work` as one request of the queue, as the server's onRequest hook does. */
const asRequest = <T>(queue: QueryQueue, work: () => Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => queue.request(() => void work().then(resolve, reject)));

describe('QueryQueue', () => {
  it('refuses a new request once maxWaiting queries wait, and admits again when they finish', async () => {
    const client = new HeldClient();
    const queue = new QueryQueue(2);
    queue.wrap(client, ['query']);
    const first = asRequest(queue, () => client.query('a'));
    const second = asRequest(queue, () => client.query('b'));
    expect(queue.waiting).toBe(2);
    await expect(asRequest(queue, () => client.query('c'))).rejects.toBeInstanceOf(DatabaseBusy);
    expect(queue.waiting).toBe(2);
    client.release();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(queue.waiting).toBe(0);
    const third = asRequest(queue, () => client.query('d'));
    client.release();
    expect(await third).toBe('d');
  });

  it('never refuses a request it admitted, however full the queue is when its next query comes', async () => {
    const client = new HeldClient();
    const queue = new QueryQueue(1);
    queue.wrap(client, ['query']);
    let refusedLater = false;
    const admitted = asRequest(queue, async () => {
      const one = client.query('one');
      client.release();
      await one;
      // Another request fills the queue before this one's second query.
      const other = asRequest(queue, () => client.query('other'));
      try {
        const two = client.query('two');
        client.release();
        return [await one, await two, await other];
      } catch {
        refusedLater = true;
        throw new Error('refused halfway');
      }
    });
    expect(await admitted).toEqual(['one', 'two', 'other']);
    expect(refusedLater).toBe(false);
  });

  it('lets work outside any request through (jobs, start-up) and counts it', async () => {
    const client = new HeldClient();
    const queue = new QueryQueue(1);
    queue.wrap(client, ['query']);
    const job1 = client.query('job 1');
    const job2 = client.query('job 2');
    expect(queue.waiting).toBe(2);
    await expect(asRequest(queue, () => client.query('page'))).rejects.toThrow('The server is busy');
    client.release();
    expect(await Promise.all([job1, job2])).toEqual(['job 1', 'job 2']);
  });

  it('treats a request made from inside another (an in-process render call) as the same request', async () => {
    const client = new HeldClient();
    const queue = new QueryQueue(1);
    queue.wrap(client, ['query']);
    const outer = asRequest(queue, async () => {
      queue.admit();
      const blocker = asRequest(queue, () => client.query('inner 1'));
      const inner = asRequest(queue, () => client.query('inner 2'));
      client.release();
      await Promise.resolve();
      client.release();
      return Promise.all([blocker, inner]);
    });
    expect(await outer).toEqual(['inner 1', 'inner 2']);
  });
});

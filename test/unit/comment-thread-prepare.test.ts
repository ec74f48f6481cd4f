/**
 * The discussion page readies the comment calls while the browser is idle (AppMachines.prepareCommentThread): the
 * first Comments press then sends its request in its own task, without first loading and building the contract's
 * schemas. Its own file: the readied module is shared state of the effects module, fresh here. Also: a thread read
 * ahead of its press.
 */
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { prepareCommentThread, provideCommentThread, readCommentThreadAhead } from '../../src/application/comment-thread.effects';
import { ScriptedApi } from '../../src/application/testing/fakes';
import type { ApiClient } from '../../src/application/ports';

function recordingApi() {
  const paths: string[] = [];
  const api = {
    call: (call: { path: string }) => {
      paths.push(call.path);
      return new Promise(() => {});
    },
    clearCache() {},
    prepare() {},
    onUnauthorized: () => () => {},
  } as unknown as ApiClient;
  return { api, paths };
}

describe('opening a thread after the comment calls were readied', () => {
  it('before, the request waits for the contract; once readied, it leaves in the press itself', async () => {
    const before = recordingApi();
    const first = createActor(provideCommentThread({ api: before.api, log: () => {} }), { input: { discussionId: 'd1' } }).start();
    // Nothing readied yet: the contract module is still to load, so no request has left in this task.
    expect(before.paths).toEqual([]);
    first.stop();

    await prepareCommentThread();
    const after = recordingApi();
    const second = createActor(provideCommentThread({ api: after.api, log: () => {} }), { input: { discussionId: 'd2' } }).start();
    expect(after.paths).toEqual(['/comments/:id/list']);
    second.stop();
  });
});

describe('reading a thread ahead of its press (AppMachines.readCommentThreadAhead)', () => {
  it("reads that post's comment list ahead, and calls nothing", async () => {
    const api = new ScriptedApi();
    readCommentThreadAhead(api, 'd7');
    await vi.waitFor(() => expect(api.prefetched).toEqual([{ name: 'comments.list', input: { params: { id: 'd7' } } }]));
    expect(api.calls).toEqual([]);
  });
});

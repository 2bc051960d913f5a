import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { encryptJson } from '@cipherspace/crypto';

import { createApiHarness, type ApiHarness } from '../testing/harness.ts';

describe('smoke', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates a space, registers, saves and streams', async () => {
    const space = await h.createSpace();
    const alice = await h.join(space, 'alice');
    expect(alice.role).toBe('admin');
    const bob = await h.join(space, 'bob');
    expect(bob.role).toBe('member');
    const ac = new AbortController();
    const stream = await h
      .caller(bob.token, { signal: ac.signal })
      .realtime.onEvent({ space_name: space.name });
    const envelope = await encryptJson({ hello: 'world' }, space.key);
    const saved = await h
      .caller(alice.token)
      .content.save({ space_name: space.name, tool: 'kanban', encrypted_data: envelope });
    expect(saved.content_metadata.version).toBe(1);
    const first = await (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
    expect(JSON.stringify(first.value)).toContain('"version":1');
    ac.abort();
  });
});

/**
 * The once-per-event serialisation of live events (./broadcast.ts): the frames
 * it writes are, once parsed, exactly the frames tRPC's default transformer and encoder would
 * write, for every subscriber; a marked payload is walked once per event; anything else takes
 * the default path.
 */
import { tracked } from '@trpc/server';
import { jsonEncoder } from '@trpc/server/adapters/ws';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';

import { broadcastTransformer, broadcastWsEncoder, markBroadcast } from './broadcast.ts';

/** What tRPC's WebSocket adapter hands its encoder for one yielded `tracked(id, payload)`. */
function dataMessage(
  requestId: number | string,
  trackedId: string,
  payload: object,
  serialize: (value: unknown) => unknown,
): unknown {
  const [id, data] = tracked(trackedId, payload);
  return {
    id: requestId,
    jsonrpc: '2.0',
    result: { type: 'data', id, data: serialize({ id, data }) },
  };
}

const contentUpdate = () => ({
  type: 'content_update',
  space_name: 'Team Ä "quoted" \\ \u2028',
  timestamp: '2026-11-27T16:00:00.000Z',
  data: { tool: 'kanban', version: 7, user_id: 'u1', username: 'ann', operation: null },
});

function frameOf(message: unknown): unknown {
  return JSON.parse(broadcastWsEncoder.encode(message) as string);
}

describe('broadcastTransformer and broadcastWsEncoder', () => {
  it('write every subscriber the frame the default transformer and encoder would', () => {
    const payload = markBroadcast(contentUpdate());
    for (const requestId of [1, 2, 'sub-3']) {
      const ours = dataMessage(
        requestId,
        'event-1',
        payload,
        broadcastTransformer.output.serialize,
      );
      const theirs = dataMessage(requestId, 'event-1', payload, (v) => superjson.serialize(v));
      expect(frameOf(ours)).toEqual(JSON.parse(jsonEncoder.encode(theirs) as string));
    }
  });

  it('serialise a marked payload once per event: every subscriber gets the same result', () => {
    const payload = markBroadcast(contentUpdate());
    const first = broadcastTransformer.output.serialize({ id: 'event-2', data: payload });
    const second = broadcastTransformer.output.serialize({ id: 'event-2', data: payload });
    expect(second).toBe(first);
    expect(superjson.deserialize(first as never)).toEqual({ id: 'event-2', data: contentUpdate() });
  });

  it('serialise the same payload again under another tracked id', () => {
    const payload = markBroadcast(contentUpdate());
    const first = broadcastTransformer.output.serialize({ id: 'event-3', data: payload });
    const other = broadcastTransformer.output.serialize({ id: 'event-4', data: payload });
    expect(other).not.toBe(first);
    expect(superjson.deserialize(other as never)).toEqual({ id: 'event-4', data: contentUpdate() });
  });

  it('serialise an unmarked payload afresh each time (it may have changed)', () => {
    const payload = contentUpdate();
    const before = broadcastTransformer.output.serialize({ id: 'event-5', data: payload });
    payload.data.version = 8;
    const after = broadcastTransformer.output.serialize({ id: 'event-5', data: payload });
    expect(after).not.toBe(before);
    expect(superjson.deserialize(after as never)).toMatchObject({ data: { data: { version: 8 } } });
    const message = dataMessage(1, 'event-5', payload, broadcastTransformer.output.serialize);
    expect(broadcastWsEncoder.encode(message)).toBe(jsonEncoder.encode(message));
  });

  it('keep superjson for what is not JSON (dates), marked or not', () => {
    const payload = markBroadcast({ type: 'x', at: new Date('2026-11-27T00:00:00Z') });
    const message = dataMessage(9, 'event-6', payload, broadcastTransformer.output.serialize);
    const frame = frameOf(message) as { result: { data: unknown } };
    expect(superjson.deserialize(frame.result.data as never)).toEqual({
      id: 'event-6',
      data: payload,
    });
  });

  it('encode every other message as plain JSON and decode like tRPC', () => {
    for (const message of [
      { id: 1, jsonrpc: '2.0', result: { type: 'started' } },
      { id: 2, result: { type: 'stopped' } },
      { id: 3, error: { json: { message: 'no', code: -32600 } } },
      'PONG',
    ])
      expect(broadcastWsEncoder.encode(message)).toBe(JSON.stringify(message));
    expect(broadcastWsEncoder.decode('{"id":1,"method":"subscription"}')).toEqual({
      id: 1,
      method: 'subscription',
    });
    expect(() => broadcastWsEncoder.decode(new Uint8Array([123, 125]))).toThrow();
  });

  it('input is superjson', () => {
    const value = { when: new Date('2026-11-27T00:00:00Z'), n: 1 };
    expect(broadcastTransformer.input.deserialize(superjson.serialize(value))).toEqual(value);
  });
});

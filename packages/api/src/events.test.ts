/**
 * `EventBus.events()` within one process (events.ts): what every subscription and raw socket
 * relies on — nothing published after subscribing is missed, order is kept, and a subscription
 * that ends (abort or stop) leaves no listener behind, whether or not it was ever iterated — and
 * the `resync_needed` events that tell subscribers to catch up when the transport drops or returns.
 */
import type { DbNotifier, ListenState } from '@cipherspace/db';
import { describe, expect, it } from 'vitest';

import { EventBus, type BusEvent, type NewBusEvent } from './events.ts';

const SPACE = 'space-1';

const joined = (username: string, spaceId = SPACE): NewBusEvent => ({
  spaceId,
  origin: null,
  payload: {
    type: 'user_joined',
    space_name: 'Team',
    timestamp: new Date(0).toISOString(),
    data: { user_id: '00000000-0000-4000-8000-000000000000', username },
  },
});

async function nextEvent(iterator: AsyncIterator<BusEvent>): Promise<BusEvent> {
  const result = await iterator.next();
  if (result.done) throw new Error('the event iterator ended');
  return result.value;
}

describe('EventBus.events', () => {
  it('delivers, in order, what was published after the call and before the first next()', async () => {
    const bus = new EventBus();
    const controller = new AbortController();
    const events = bus.events(SPACE, controller.signal);
    const first = await bus.publish(joined('a'));
    const second = await bus.publish(joined('b'));
    await bus.publish(joined('elsewhere', 'space-2'));
    const third = await bus.publish(joined('c'));
    expect(await nextEvent(events)).toEqual(first);
    expect(await nextEvent(events)).toEqual(second);
    expect(await nextEvent(events)).toEqual(third);
    controller.abort();
  });

  it('wakes a waiting reader when an event arrives', async () => {
    const bus = new EventBus();
    const controller = new AbortController();
    const events = bus.events(SPACE, controller.signal);
    const pending = nextEvent(events);
    const published = await bus.publish(joined('late'));
    expect(await pending).toEqual(published);
    controller.abort();
  });

  it('ends with an AbortError on abort, after the events already queued, and removes its listener', async () => {
    const bus = new EventBus();
    const controller = new AbortController();
    const events = bus.events(SPACE, controller.signal);
    const queued = await bus.publish(joined('queued'));
    controller.abort();
    expect(bus.listenerCount(SPACE)).toBe(0);
    expect(await nextEvent(events)).toEqual(queued);
    await expect(events.next()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects a reader that is waiting when the signal aborts', async () => {
    const bus = new EventBus();
    const controller = new AbortController();
    const events = bus.events(SPACE, controller.signal);
    const pending = events.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(bus.listenerCount(SPACE)).toBe(0);
  });

  it('removes the listener of a subscription that is aborted without ever being read', () => {
    const bus = new EventBus();
    const controllers = Array.from({ length: 3 }, () => new AbortController());
    for (const controller of controllers) bus.events(SPACE, controller.signal);
    expect(bus.listenerCount(SPACE)).toBe(3);
    for (const controller of controllers) controller.abort();
    expect(bus.listenerCount(SPACE)).toBe(0);
  });

  it('removes the listener when the reader stops (break out of for await)', async () => {
    const bus = new EventBus();
    const events = bus.events(SPACE);
    await bus.publish(joined('only'));
    for await (const event of events) {
      expect(event.payload.type).toBe('user_joined');
      break;
    }
    expect(bus.listenerCount(SPACE)).toBe(0);
  });

  it('throws an AbortError at once for a signal that already aborted, adding no listener', () => {
    const bus = new EventBus();
    const controller = new AbortController();
    controller.abort();
    expect(() => bus.events(SPACE, controller.signal)).toThrow(
      expect.objectContaining({ name: 'AbortError' }),
    );
    expect(bus.listenerCount(SPACE)).toBe(0);
  });
});

/** A transport whose connection state the test sets; records what it was asked to send. */
function scriptedNotifier() {
  let setState: ((state: ListenState) => void) | null = null;
  const sent: { topic: string | undefined; payload: BusEvent['payload'] }[] = [];
  const notifier: DbNotifier = {
    kind: 'nats',
    notify(_channel, payload, topic) {
      const envelope = JSON.parse(payload) as { event: BusEvent };
      sent.push({ topic, payload: envelope.event.payload });
      return Promise.resolve();
    },
    listen(_channel, _onPayload, onState) {
      setState = (state) => onState?.(state);
      setState('listening');
      return Promise.resolve({ unlisten: () => Promise.resolve() });
    },
  };
  return {
    notifier,
    sent,
    state(state: ListenState) {
      if (!setState) throw new Error('the bus is not listening');
      setState(state);
    },
  };
}

describe('EventBus resync', () => {
  const resyncs = (events: BusEvent[]) =>
    events.flatMap((event) =>
      event.payload.type === 'resync_needed' ? [`${event.spaceId}:${event.payload.reason}`] : [],
    );

  it("tells every local space's subscribers when the transport drops and returns, not at start", async () => {
    const transport = scriptedNotifier();
    const bus = new EventBus(transport.notifier);
    const seen: BusEvent[] = [];
    bus.subscribe('space-a', (event) => seen.push(event));
    bus.subscribe('space-b', (event) => seen.push(event));
    await bus.start();
    expect(seen).toEqual([]);

    transport.state('reconnecting');
    transport.state('listening');
    expect(resyncs(seen)).toEqual([
      'space-a:event_bus_disconnected',
      'space-b:event_bus_disconnected',
      'space-a:event_bus_reconnected',
      'space-b:event_bus_reconnected',
    ]);
    // Nothing was published here meanwhile: the other instances have nothing to catch up on.
    expect(transport.sent).toEqual([]);
    await bus.close();
  });

  it('once back, tells the other instances about the spaces it published to during the outage or just before', async () => {
    const transport = scriptedNotifier();
    const bus = new EventBus(transport.notifier, { resyncLookbackMs: 60_000 });
    await bus.start();
    await bus.publish(joined('before', 'space-before'));
    transport.state('reconnecting');
    await bus.publish(joined('during', 'space-during'));
    await bus.publish(joined('again', 'space-during'));
    transport.sent.length = 0;
    transport.state('listening');
    expect(transport.sent).toEqual([
      {
        topic: 'space-before',
        payload: { type: 'resync_needed', reason: 'event_bus_reconnected' },
      },
      {
        topic: 'space-during',
        payload: { type: 'resync_needed', reason: 'event_bus_reconnected' },
      },
    ]);
    await bus.close();
  });

  it('forgets publishes older than the lookback before the loss', async () => {
    const transport = scriptedNotifier();
    const bus = new EventBus(transport.notifier, { resyncLookbackMs: 0 });
    await bus.start();
    await bus.publish(joined('long ago', 'space-old'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    transport.state('reconnecting');
    await bus.publish(joined('during', 'space-new'));
    transport.sent.length = 0;
    transport.state('listening');
    expect(transport.sent.map((entry) => entry.topic)).toEqual(['space-new']);
    await bus.close();
  });
});

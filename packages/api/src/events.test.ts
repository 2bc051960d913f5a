/**
 * `EventBus.events()` within one process (events.ts): what every subscription and raw socket
 * relies on — nothing published after subscribing is missed, order is kept, and a subscription
 * that ends (abort or stop) leaves no listener behind, whether or not it was ever iterated.
 */
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

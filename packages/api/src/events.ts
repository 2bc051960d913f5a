/**
 * The one event bus (spec §3 Real-time messages): every tRPC subscription and every raw
 * WebSocket of this instance listens here, and every procedure that changes something publishes
 * here. With a `DbNotifier` (PostgreSQL) events also travel to the other server instances on
 * the same database through LISTEN/NOTIFY — one listening connection per instance, metadata
 * only (never ciphertext), well under NOTIFY's 8000-byte payload limit.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter, on } from 'node:events';

import type { DbNotifier } from '@cipherspace/db';

/** NOTIFY channel shared by all instances. */
export const EVENTS_CHANNEL = 'cipherspace_events';

/** content_update data (spec §3): which tool changed, to which version, by whom. */
export interface ContentUpdateData {
  tool: string;
  /** hex SHA-256 of the stored envelope; null when the content was deleted. */
  content_hash: string | null;
  modified_by: string;
  /** The new version; 0 when the content was deleted. */
  version: number;
}

export interface PresenceData {
  tool: string;
  user_id: string;
  username: string;
  data: { tool: string; status: string; last_seen: string; [key: string]: unknown };
}

/** The messages members receive (spec §3), as sent on the wire. */
export type RealtimeMessage =
  | { type: 'content_update'; space_name: string; timestamp: string; data: ContentUpdateData }
  | { type: 'presence_update'; space_name: string; timestamp: string; data: PresenceData }
  | {
      type: 'user_joined';
      space_name: string;
      timestamp: string;
      data: { user_id: string; username: string };
    };

/** Server-internal events that end connections (user removed, session revoked, space deleted). */
export type ControlEvent =
  | { type: 'member_removed'; user_id: string }
  | { type: 'session_revoked'; session_id: string }
  | { type: 'space_deleted' };

export interface BusEvent {
  /** Unique id (used as the tRPC `tracked()` id). */
  id: string;
  spaceId: string;
  /** The connection that caused it, if any: it is not echoed back there. */
  origin: string | null;
  payload: RealtimeMessage | ControlEvent;
}

export type NewBusEvent = Omit<BusEvent, 'id'>;

interface Envelope {
  instance: string;
  event: BusEvent;
}

/**
 * In-process fan-out plus optional cross-instance transport.
 * `publish` delivers to local subscribers at once and NOTIFYs the other instances; events that
 * come back from this instance's own NOTIFY are ignored (they were delivered already).
 */
export class EventBus {
  readonly instanceId = randomUUID();
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly notifier: DbNotifier | null = null) {
    this.emitter.setMaxListeners(0);
  }

  /** Starts listening for other instances' events (no-op without a notifier). Idempotent. */
  async start(): Promise<void> {
    if (!this.notifier || this.unlisten) return;
    const subscription = await this.notifier.listen(EVENTS_CHANNEL, (raw) => {
      this.receive(raw);
    });
    this.unlisten = () => subscription.unlisten();
  }

  /** Publishes an event to every subscriber of its space on every instance. */
  async publish(event: NewBusEvent): Promise<BusEvent> {
    const full: BusEvent = { ...event, id: randomUUID() };
    this.emitter.emit(full.spaceId, full);
    if (this.notifier) {
      const envelope: Envelope = { instance: this.instanceId, event: full };
      await this.notifier.notify(EVENTS_CHANNEL, JSON.stringify(envelope));
    }
    return full;
  }

  /** Calls `listener` for every event of `spaceId` until the returned function is called. */
  subscribe(spaceId: string, listener: (event: BusEvent) => void): () => void {
    this.emitter.on(spaceId, listener);
    return () => this.emitter.off(spaceId, listener);
  }

  /**
   * The events of `spaceId` as an async iterable. The listener is registered when this is
   * called (not on the first `next()`), so nothing published afterwards is missed; iteration
   * ends with an AbortError when `signal` aborts.
   */
  events(spaceId: string, signal?: AbortSignal): AsyncGenerator<BusEvent> {
    const source = on(this.emitter, spaceId, signal ? { signal } : {});
    return (async function* () {
      for await (const [event] of source) yield event as BusEvent;
    })();
  }

  /** Number of local listeners of a space (for tests and metrics). */
  listenerCount(spaceId: string): number {
    return this.emitter.listenerCount(spaceId);
  }

  /** Stops listening for other instances. */
  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch(() => undefined);
    this.emitter.removeAllListeners();
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.instance === this.instanceId) return;
    this.emitter.emit(envelope.event.spaceId, envelope.event);
  }
}

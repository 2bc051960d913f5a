/**
 * The one event bus (spec §3 Real-time messages): every tRPC subscription and every raw
 * WebSocket of this instance listens here, and every procedure that changes something publishes
 * here. With a `DbNotifier` events also travel to the other server instances on the same
 * database — through PostgreSQL LISTEN/NOTIFY, or a broker when EVENT_BUS_URL names one (NATS or
 * Redis pub/sub, one subject per space) — one listening connection per instance, metadata only
 * (never a content snapshot; at most INLINE_OPERATIONS_MAX_CHARS of encrypted operation
 * envelopes), well under NOTIFY's 8000-byte payload limit.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

import type { DbNotifier } from '@cipherspace/db';

/** NOTIFY channel shared by all instances; on a broker the prefix of the per-space subjects. */
export const EVENTS_CHANNEL = 'cipherspace_events';

/**
 * content_update data (spec §3): which tool changed, to which version, by whom — plus, only
 * when the save carried encrypted operations (issue 15), what a receiver needs to apply the
 * change without loading the snapshot. A save without operations (a replacement, e.g. a
 * third-party PUT) and a deletion carry exactly the four spec fields: receivers load the
 * snapshot.
 */
export interface ContentUpdateData {
  tool: string;
  /** hex SHA-256 of the stored envelope; null when the content was deleted. */
  content_hash: string | null;
  modified_by: string;
  /** The new version; 0 when the content was deleted. */
  version: number;
  /** Operations saves only: the version the operations apply to (`version − 1`). */
  base_version?: number;
  /** Operations saves only: always `'operations'` (a replacement carries no `kind`). */
  kind?: 'operations';
  /**
   * Operations saves only, and only when their envelopes total at most
   * INLINE_OPERATIONS_MAX_CHARS characters: the encrypted operation envelopes, in order.
   * Otherwise receivers fetch them with `content.changes` since their version.
   */
  operations?: string[];
}

export interface PresenceData {
  tool: string;
  user_id: string;
  username: string;
  data: { tool: string; status: string; last_seen: string; [key: string]: unknown };
}

/**
 * content_pending data (issue 15, not a spec §3 message): a member is saving a change made of
 * these encrypted operations on top of `base_version`. Receivers may show it at once and drop it
 * once a content_update brings the same operations, or when it never does. Only app clients that
 * ask for it receive it (`realtime.onEvent` with `pending: true`); the raw WebSocket never does.
 */
export interface ContentPendingData {
  tool: string;
  base_version: number;
  modified_by: string;
  /** The encrypted operation envelopes, in order; at most INLINE_OPERATIONS_MAX_CHARS in all. */
  operations: string[];
}

/** The messages members receive (spec §3, plus content_pending for app clients), as sent on the wire. */
export type RealtimeMessage =
  | { type: 'content_update'; space_name: string; timestamp: string; data: ContentUpdateData }
  | { type: 'content_pending'; space_name: string; timestamp: string; data: ContentPendingData }
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
  | { type: 'space_deleted' }
  /** A member's name or role or the space's settings changed: cached sessions are re-read. */
  | { type: 'space_updated' };

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
 * State of the cross-instance transport: `local` (no transport: embedded PGlite, one process),
 * `listening`, or `reconnecting` (the LISTEN or broker connection was lost; events of other
 * instances published until it is back are missed).
 */
export type TransportState = 'local' | 'listening' | 'reconnecting';

/** What carries events between instances: `local` (none), or the notifier's kind. */
export type TransportKind = 'local' | DbNotifier['kind'];

/**
 * In-process fan-out plus optional cross-instance transport.
 * `publish` delivers to local subscribers at once and NOTIFYs the other instances; events that
 * come back from this instance's own NOTIFY are ignored (they were delivered already).
 *
 * The transport is the `DbNotifier` given to the constructor — PostgreSQL's, or a broker's
 * (NATS, Redis pub/sub) when NOTIFY's global commit lock becomes the bottleneck; nothing else
 * changes. Each event is sent with its space id as topic (a broker's subject per space).
 */
export class EventBus {
  readonly instanceId = randomUUID();
  private readonly emitter = new EventEmitter();
  private readonly allListeners = new Set<(event: BusEvent) => void>();
  private unlisten: (() => Promise<void>) | null = null;
  private state: TransportState;
  private readonly stateListeners = new Set<(state: TransportState, error?: unknown) => void>();

  constructor(private readonly notifier: DbNotifier | null = null) {
    this.emitter.setMaxListeners(0);
    this.state = notifier ? 'reconnecting' : 'local';
  }

  /**
   * Starts listening for other instances' events (no-op without a notifier). Idempotent.
   * @throws when the database cannot be reached.
   */
  async start(): Promise<void> {
    if (!this.notifier || this.unlisten) return;
    const subscription = await this.notifier.listen(
      EVENTS_CHANNEL,
      (raw) => this.receive(raw),
      (state, error) => this.setTransportState(state, error),
    );
    this.unlisten = () => subscription.unlisten();
  }

  /** The cross-instance transport's state (for the health check). */
  get transportState(): TransportState {
    return this.state;
  }

  /** What carries events to the other instances (for the health check). */
  get transportKind(): TransportKind {
    return this.notifier?.kind ?? 'local';
  }

  /** Calls `listener` on every change of {@link transportState}; returns the unsubscribe function. */
  onTransportState(listener: (state: TransportState, error?: unknown) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Publishes an event to every subscriber of its space on every instance. */
  async publish(event: NewBusEvent): Promise<BusEvent> {
    const full: BusEvent = { ...event, id: randomUUID() };
    this.emitter.emit(full.spaceId, full);
    for (const listener of this.allListeners) listener(full);
    if (this.notifier) {
      const envelope: Envelope = { instance: this.instanceId, event: full };
      await this.notifier.notify(EVENTS_CHANNEL, JSON.stringify(envelope), full.spaceId);
    }
    return full;
  }

  /** Calls `listener` for every event of `spaceId` until the returned function is called. */
  subscribe(spaceId: string, listener: (event: BusEvent) => void): () => void {
    this.emitter.on(spaceId, listener);
    return () => this.emitter.off(spaceId, listener);
  }

  /**
   * Calls `listener` for every event of every space, this instance's and (once delivered by the
   * transport) the other instances', until the returned function is called. For per-instance
   * state that control events invalidate (the validated-session cache).
   */
  subscribeAll(listener: (event: BusEvent) => void): () => void {
    this.allListeners.add(listener);
    return () => this.allListeners.delete(listener);
  }

  /**
   * The events of `spaceId` as an async iterable. The listener is registered when this is
   * called (not on the first `next()`), so nothing published afterwards is missed; iteration
   * ends with an AbortError when `signal` aborts (after the events already queued), and the
   * listener is removed then or when iteration stops. @throws AbortError if `signal` already
   * aborted.
   *
   * The queue is a plain array: node:events `on()` allocates two 2,048-slot ring buffers per
   * iterator (~32 KB), ~320 MB for 10,000 idle sockets (bench/RESULTS.md, sockets).
   */
  events(spaceId: string, signal?: AbortSignal): AsyncGenerator<BusEvent> {
    if (signal?.aborted) throw abortError(signal);
    const emitter = this.emitter;
    const queue: BusEvent[] = [];
    let wake: (() => void) | null = null;
    const listener = (event: BusEvent) => {
      queue.push(event);
      wake?.();
    };
    const stop = () => {
      emitter.off(spaceId, listener);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      wake?.();
    };
    emitter.on(spaceId, listener);
    signal?.addEventListener('abort', onAbort, { once: true });
    return (async function* () {
      try {
        for (;;) {
          const event = queue.shift();
          if (event !== undefined) {
            yield event;
          } else if (signal?.aborted) {
            throw abortError(signal);
          } else {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = null;
          }
        }
      } finally {
        stop();
      }
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
    this.allListeners.clear();
  }

  private setTransportState(state: TransportState, error?: unknown): void {
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state, error);
  }

  private receive(raw: string): void {
    let envelope: Partial<Envelope> | null;
    try {
      envelope = JSON.parse(raw) as Partial<Envelope> | null;
    } catch {
      return;
    }
    if (!envelope || envelope.instance === this.instanceId) return;
    const spaceId = envelope.event?.spaceId;
    if (typeof spaceId !== 'string' || !envelope.event) return;
    const event = envelope.event;
    this.emitter.emit(spaceId, event);
    for (const listener of this.allListeners) listener(event);
  }
}

/** What an aborted {@link EventBus.events} iteration ends with (as node:events `on()` does). */
function abortError(signal: AbortSignal): Error {
  const error = new Error('The operation was aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

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
 * content_update data (spec §3): which tool changed, to which version, by whom — plus, only when
 * the save carried encrypted operations, what a receiver needs to apply the change without loading
 * the snapshot. A save without operations (a replacement, e.g. a third-party PUT) and a deletion
 * carry exactly the four spec fields: receivers load the snapshot — and a replacement made from
 * an older version than the one before it adds `base_version`, that version.
 */
export interface ContentUpdateData {
  tool: string;
  /**
   * hex SHA-256 of the stored envelope; null when the content was deleted or the save sent
   * operations alone (the envelope did not change).
   */
  content_hash: string | null;
  modified_by: string;
  /** The new version; 0 when the content was deleted. */
  version: number;
  /**
   * Operations saves: the version the operations apply to (`version − 1`). A replacement made
   * from an older version than `version − 1`: that version — the operations after it up to
   * `version − 1` are not in the replacement, and members apply them again on top of it.
   */
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
 * content_pending data (not a spec §3 message): a member is saving a change made of these encrypted
 * operations on top of `base_version`. Receivers may show it at once and drop it once a
 * content_update brings the same operations, or when it never does. Only app clients that ask for
 * it receive it (`realtime.onEvent` with `pending: true`); the raw WebSocket never does.
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
    }
  | {
      /**
       * A connection of a member ended (it sent `leave`, or its socket closed and
       * PRESENCE_DEPARTURE_GRACE_MS passed): drop the presence that `client_id` announced. Not a
       * spec §3 type: additive, clients that do not know it may ignore it.
       */
      type: 'user_left';
      space_name: string;
      timestamp: string;
      data: { user_id: string; username: string; client_id: string };
    };

/**
 * Why subscribers are told to catch up (the `resync` message of realtime.onEvent):
 * `event_bus_disconnected` — this instance lost its cross-instance connection, so live updates
 * saved through other instances may be missing until it is back; `event_bus_reconnected` — a
 * cross-instance connection (this instance's, or that of an instance that published in the
 * space while its own was down) is back, so what was missed meanwhile can now be fetched.
 */
export type ResyncReason = 'event_bus_disconnected' | 'event_bus_reconnected';

/**
 * Server-internal events: those that end connections (user removed, session revoked, space
 * deleted), and `resync_needed`, which subscribers turn into a `resync` message.
 */
export type ControlEvent =
  | { type: 'member_removed'; user_id: string }
  | { type: 'session_revoked'; session_id: string }
  | { type: 'space_deleted' }
  /** A member's name or role or the space's settings changed: cached sessions are re-read. */
  | { type: 'space_updated' }
  /** Live updates of the space may have been lost between instances: catch up. */
  | { type: 'resync_needed'; reason: ResyncReason };

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
  /** The publishing instance; the first key, so that it can recognise its own envelopes. */
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
 * How far back before a lost cross-instance connection was noticed this instance's own
 * publishes count as possibly undelivered, in ms: a connection that dies silently is noticed
 * only after its probes go unanswered (LISTEN and broker probes: 5 s interval plus 5 s timeout
 * by default; NATS: two missed 5 s pings).
 */
export const RESYNC_LOOKBACK_MS = 20_000;

/** Options of {@link EventBus}. */
export interface EventBusOptions {
  /** See {@link RESYNC_LOOKBACK_MS} (the default), in ms. */
  resyncLookbackMs?: number;
}

/**
 * In-process fan-out plus optional cross-instance transport.
 * `publish` delivers to local subscribers at once and NOTIFYs the other instances; events that
 * come back from this instance's own NOTIFY are ignored (they were delivered already).
 *
 * The transport is the `DbNotifier` given to the constructor — PostgreSQL's, or a broker's
 * (NATS, Redis pub/sub) when NOTIFY's global commit lock becomes the bottleneck; nothing else
 * changes. Each event is sent with its space id as topic (a broker's subject per space).
 *
 * No live update is lost silently when the transport fails (docs/websocket.md, `resync`): when
 * it drops, and again when it is back, every local subscriber of every space gets a
 * `resync_needed` event (reason `event_bus_disconnected`, then `event_bus_reconnected`); once
 * it is back, the other instances' subscribers of every space this instance published to during
 * the outage (or RESYNC_LOOKBACK_MS before it was noticed) get one too, since those events may
 * never have left. Local subscribers keep receiving this instance's own events throughout.
 */
export class EventBus {
  readonly instanceId = randomUUID();
  /** How this instance's own envelopes begin (`instance` is their first key): see receive. */
  private readonly ownPrefix = `{"instance":${JSON.stringify(this.instanceId)},`;
  private readonly emitter = new EventEmitter();
  private readonly allListeners = new Set<(event: BusEvent) => void>();
  private unlisten: (() => Promise<void>) | null = null;
  private state: TransportState;
  private readonly stateListeners = new Set<(state: TransportState, error?: unknown) => void>();
  /** Whether the transport has been `listening` once (the first time is the start, not a return). */
  private listenedOnce = false;
  /** When the transport was noticed lost (ms since the epoch), while it is. */
  private lostAtMs: number | null = null;
  /** Spaces this instance published to, with the last time (ms), oldest first; see publish. */
  private readonly recentPublishes = new Map<string, number>();
  private readonly resyncLookbackMs: number;

  constructor(
    private readonly notifier: DbNotifier | null = null,
    options: EventBusOptions = {},
  ) {
    this.emitter.setMaxListeners(0);
    this.state = notifier ? 'reconnecting' : 'local';
    this.resyncLookbackMs = options.resyncLookbackMs ?? RESYNC_LOOKBACK_MS;
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
    this.deliver(full);
    if (this.notifier) {
      this.rememberPublish(full.spaceId);
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
    const previous = this.state;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state, error);
    if (state === previous) return;
    if (state === 'reconnecting' && this.listenedOnce) {
      this.lostAtMs = Date.now();
      this.resyncLocal('event_bus_disconnected');
    } else if (state === 'listening') {
      if (this.listenedOnce) {
        this.resyncLocal('event_bus_reconnected');
        this.resyncPeers();
      }
      this.listenedOnce = true;
      this.lostAtMs = null;
    }
  }

  /** Hands `event` to the local subscribers of its space and to every `subscribeAll` listener. */
  private deliver(event: BusEvent): void {
    this.emitter.emit(event.spaceId, event);
    for (const listener of this.allListeners) listener(event);
  }

  /**
   * Records a publish to `spaceId` and forgets spaces not published to since the lookback
   * window before now (or before the loss, while the transport is lost): O(1) amortised, and
   * at most one entry per space.
   */
  private rememberPublish(spaceId: string): void {
    const nowMs = Date.now();
    this.recentPublishes.delete(spaceId);
    this.recentPublishes.set(spaceId, nowMs);
    const cutoffMs = (this.lostAtMs ?? nowMs) - this.resyncLookbackMs;
    for (const [space, atMs] of this.recentPublishes) {
      if (atMs >= cutoffMs) break;
      this.recentPublishes.delete(space);
    }
  }

  /** Tells every local subscriber of every space to catch up. */
  private resyncLocal(reason: ResyncReason): void {
    for (const spaceId of this.emitter.eventNames()) {
      if (typeof spaceId !== 'string') continue;
      this.deliver({
        id: randomUUID(),
        spaceId,
        origin: null,
        payload: { type: 'resync_needed', reason },
      });
    }
  }

  /**
   * Back from an outage: tells the other instances' subscribers of each space this instance
   * published to during it (or shortly before it was noticed) to catch up, as those events may
   * never have reached them.
   */
  private resyncPeers(): void {
    const notifier = this.notifier;
    if (!notifier || this.lostAtMs === null) return;
    const cutoffMs = this.lostAtMs - this.resyncLookbackMs;
    for (const [spaceId, atMs] of this.recentPublishes) {
      if (atMs < cutoffMs) continue;
      const event: BusEvent = {
        id: randomUUID(),
        spaceId,
        origin: null,
        payload: { type: 'resync_needed', reason: 'event_bus_reconnected' },
      };
      const envelope: Envelope = { instance: this.instanceId, event };
      notifier.notify(EVENTS_CHANNEL, JSON.stringify(envelope), spaceId).catch(() => undefined);
    }
  }

  private receive(raw: string): void {
    // This instance's own events were delivered when published: not parsed again.
    if (raw.startsWith(this.ownPrefix)) return;
    let envelope: Partial<Envelope> | null;
    try {
      envelope = JSON.parse(raw) as Partial<Envelope> | null;
    } catch {
      return;
    }
    if (!envelope || envelope.instance === this.instanceId) return;
    const spaceId = envelope.event?.spaceId;
    if (typeof spaceId !== 'string' || !envelope.event) return;
    this.deliver(envelope.event);
  }
}

/** What an aborted {@link EventBus.events} iteration ends with (as node:events `on()` does). */
function abortError(signal: AbortSignal): Error {
  const error = new Error('The operation was aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

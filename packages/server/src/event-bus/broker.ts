/**
 * What the two broker notifiers (nats.ts, redis.ts) share: their options, how a channel and a
 * topic become a subject, and the fan-out of the connection's state to every listener.
 */
import type { DbNotifier, ListenState } from '@cipherspace/db';

/** A `DbNotifier` over a broker connection of its own; `close()` ends that connection. */
export interface BrokerNotifier extends DbNotifier {
  readonly kind: 'nats' | 'redis';
  /** Unsubscribes and closes the broker connections. Idempotent. */
  close(): Promise<void>;
}

export interface BrokerOptions {
  /** How often the subscriber connection is proven alive, in ms. Default 5000. */
  probeIntervalMs?: number | undefined;
  /** How long connecting or a probe may take, in ms. Default 5000. */
  probeTimeoutMs?: number | undefined;
  /** The client name the broker shows for this instance's connections (CLIENT LIST, connz). */
  connectionName?: string | undefined;
  /**
   * Put before every subject (e.g. `test-1234.`; letters, digits, `_`, `-`, ending in `.`), so
   * that users of one broker who must not hear each other (test runs, benchmarks) do not.
   * Default none.
   */
  subjectPrefix?: string | undefined;
}

/** Default of {@link BrokerOptions.probeIntervalMs} (as LISTEN_PROBE_INTERVAL_MS). */
export const BROKER_PROBE_INTERVAL_MS = 5000;
/** Default of {@link BrokerOptions.probeTimeoutMs} (as LISTEN_PROBE_TIMEOUT_MS). */
export const BROKER_PROBE_TIMEOUT_MS = 5000;
/** Longest wait between two attempts to reach the broker again, in ms. */
export const BROKER_RETRY_MAX_DELAY_MS = 2000;

/** A topic that can be a subject token on both brokers (no `.`, `*`, `>` or spaces). */
const TOPIC = /^[\w-]+$/;

/**
 * The subject (NATS) or channel (Redis) of `topic` on `channel`: `<channel>.<topic>`, e.g.
 * `cipherspace_events.6f1c…` for a space; a missing or unusable topic becomes `_`.
 */
export function subjectFor(channel: string, topic: string | undefined): string {
  return `${channel}.${topic !== undefined && TOPIC.test(topic) ? topic : '_'}`;
}

/**
 * The connection state of one broker client, told to every `listen()` callback on each change
 * (`reconnecting` with the reason, then `listening` once the subscriptions are back).
 */
export class StateFanOut {
  private current: ListenState = 'listening';
  private readonly listeners = new Set<(state: ListenState, error?: unknown) => void>();

  /**
   * Adds `listener` and tells it the current state at once (as a LISTEN reports `listening` once
   * it listens); returns the function that removes it.
   */
  add(listener: ((state: ListenState, error?: unknown) => void) | undefined): () => void {
    if (!listener) return () => undefined;
    this.listeners.add(listener);
    tell(listener, this.current);
    return () => this.listeners.delete(listener);
  }

  set(state: ListenState, error?: unknown): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of [...this.listeners]) tell(listener, state, error);
  }
}

function tell(
  listener: (state: ListenState, error?: unknown) => void,
  state: ListenState,
  error?: unknown,
): void {
  try {
    listener(state, error);
  } catch {
    // A listener's failure must never reach the broker client's event handlers.
  }
}

/** Hands `payload` to `onPayload`; a consumer's exception never reaches the broker client. */
export function deliver(onPayload: (payload: string) => void, payload: string): void {
  try {
    onPayload(payload);
  } catch {
    // The consumer is responsible for its own errors (as in packages/db/src/listener.ts).
  }
}

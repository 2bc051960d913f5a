/**
 * A PostgreSQL LISTEN that survives database outages: the server reconnects by itself, its pool
 * and its LISTEN connection alike.
 *
 * postgres.js re-issues LISTEN when its listening connection closes, but gives up for good when
 * the database refuses connections at that moment (a restart), and a half-open TCP connection is
 * never noticed at all. So the LISTEN is proven to work instead: every `probeIntervalMs` the
 * instance NOTIFYs a probe on the very channel it listens on and expects it back within
 * `probeTimeoutMs` (every instance receives the probes and drops them unseen; they are a few
 * bytes every few seconds). When a probe fails, a fresh connection LISTENs again (retried with
 * backoff until the database answers); the old connection is closed only after the new one
 * listens, so a notification may then arrive twice but none is dropped by the swap.
 * Notifications sent while no connection listens are lost: NOTIFY is not durable.
 */
import { randomBytes } from 'node:crypto';

import type postgres from 'postgres';

/** `listening`: notifications arrive; `reconnecting`: the LISTEN is being re-established. */
export type ListenState = 'listening' | 'reconnecting';

export interface SupervisedListenerOptions {
  /** Opens a dedicated postgres.js client for one listening generation. */
  connect(): postgres.Sql;
  /** Sends a notification through the instance's pool (used for the probes). */
  notify(channel: string, payload: string): Promise<void>;
  /** The channel whose payloads are handed to `onPayload`. */
  channel: string;
  onPayload(payload: string): void;
  /** Called on every change of state; `error` is why the LISTEN was lost. */
  onState?: ((state: ListenState, error?: unknown) => void) | undefined;
  /** Time between two probes, in ms. */
  probeIntervalMs: number;
  /** How long a probe (and an attempt to LISTEN again) may take, in ms. */
  probeTimeoutMs: number;
}

/** Payloads starting with this are probes, never handed to a consumer (whose payloads are JSON). */
const PROBE_PREFIX = '#probe:';

/** Longest wait between two attempts to LISTEN again, in ms. */
const RETRY_MAX_DELAY_MS = 5000;
/** First wait between two attempts to LISTEN again, in ms (doubles per attempt). */
const RETRY_BASE_DELAY_MS = 100;

/** One supervised LISTEN: {@link SupervisedListener.start}, then {@link SupervisedListener.close}. */
export class SupervisedListener {
  /** This listener's probe payloads start with this (random, so that instances tell theirs apart). */
  private readonly probeTag = `${PROBE_PREFIX}${randomBytes(8).toString('hex')}:`;
  private sql: postgres.Sql | null = null;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private probeSeq = 0;
  private pendingProbe: { token: string; answered: () => void } | null = null;
  private closed = false;
  private current: ListenState = 'reconnecting';

  constructor(private readonly options: SupervisedListenerOptions) {}

  /** The current state. */
  get state(): ListenState {
    return this.current;
  }

  /** Listens for the first time. @throws when the database cannot be reached. */
  async start(): Promise<void> {
    this.sql = await this.open();
    this.setState('listening');
    this.scheduleProbe();
  }

  /** Stops probing and closes the listening connection. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake?.();
    const sql = this.sql;
    this.sql = null;
    if (sql) await end(sql);
  }

  private async open(): Promise<postgres.Sql> {
    const sql = this.options.connect();
    try {
      await withTimeout(
        sql.listen(this.options.channel, (payload) => this.deliver(payload)),
        this.options.probeTimeoutMs,
      );
      return sql;
    } catch (error) {
      await end(sql);
      throw error;
    }
  }

  private deliver(payload: string): void {
    if (payload.startsWith(PROBE_PREFIX)) {
      this.answer(payload);
      return;
    }
    try {
      this.options.onPayload(payload);
    } catch {
      // A consumer's failure must never reach the driver's socket handler (it would crash the
      // process); the consumer is responsible for its own errors.
    }
  }

  private answer(payload: string): void {
    if (this.pendingProbe?.token !== payload) return;
    this.pendingProbe.answered();
    this.pendingProbe = null;
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.probe(), this.options.probeIntervalMs);
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    if (this.closed) return;
    const token = `${this.probeTag}${++this.probeSeq}`;
    const answered = new Promise<void>((resolve) => {
      this.pendingProbe = { token, answered: resolve };
    });
    try {
      await withTimeout(
        Promise.all([this.options.notify(this.options.channel, token), answered]),
        this.options.probeTimeoutMs,
      );
      this.scheduleProbe();
    } catch (error) {
      this.pendingProbe = null;
      await this.reconnect(error);
    }
  }

  private async reconnect(cause: unknown): Promise<void> {
    this.setState('reconnecting', cause);
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        const next = await this.open();
        if (this.isClosed()) {
          await end(next);
          return;
        }
        const previous = this.sql;
        this.sql = next;
        if (previous) void end(previous);
        this.setState('listening');
        this.scheduleProbe();
        return;
      } catch {
        await this.sleep(Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** `closed` as a call, so that a check after an `await` is not narrowed away. */
  private isClosed(): boolean {
    return this.closed;
  }

  private setState(state: ListenState, error?: unknown): void {
    if (state === this.current) return;
    this.current = state;
    try {
      this.options.onState?.(state, error);
    } catch {
      // see deliver()
    }
  }
}

async function end(sql: postgres.Sql): Promise<void> {
  try {
    await sql.end({ timeout: 0 });
  } catch {
    // already gone
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

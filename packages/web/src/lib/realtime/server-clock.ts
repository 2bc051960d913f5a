/**
 * The server's clock as this tab sees it: what members show and stamp from a shared time (the
 * Scrum Poker round timer, operation times) must not depend on each computer's own clock, which
 * can be minutes off. Each heartbeat pong carries the server's `timestamp` (ISO, ms; spec §3
 * heartbeat); with the local send and receive times it gives the offset NTP-style, assuming the
 * way there and back took equally long. The sample with the shortest round trip of the latest
 * {@link SERVER_CLOCK_SAMPLES} is kept (its error is at most half that round trip). Before any
 * sample the offset is 0: the local clock.
 */
/** How many of the latest samples the offset is chosen from. */
export const SERVER_CLOCK_SAMPLES = 8;

/**
 * One measurement: `offsetMs` is server time minus local time (ms; positive when the local clock
 * is behind), `roundTripMs` the time from sending the ping to receiving the pong.
 */
export interface ClockSample {
  offsetMs: number;
  roundTripMs: number;
}

/**
 * The pong's `timestamp`, or null. Checked by hand: one field is not worth a validation library
 * in the connection's chunk.
 */
function timestampOf(pong: unknown): string | null {
  if (typeof pong !== 'object' || pong === null || !('timestamp' in pong)) return null;
  return typeof pong.timestamp === 'string' ? pong.timestamp : null;
}

/**
 * The sample a pong gives: `pong` is the server's heartbeat answer `{timestamp: ISO, …}`,
 * `sentMs` and `receivedMs` the local epoch ms of the ping and the pong. Null for a pong without
 * a readable timestamp or a round trip below 0 (the local clock was set back meanwhile).
 */
export function clockSample(pong: unknown, sentMs: number, receivedMs: number): ClockSample | null {
  const timestamp = timestampOf(pong);
  if (timestamp === null) return null;
  const serverMs = Date.parse(timestamp);
  const roundTripMs = receivedMs - sentMs;
  if (Number.isNaN(serverMs) || !(roundTripMs >= 0)) return null;
  return { offsetMs: serverMs - (sentMs + receivedMs) / 2, roundTripMs };
}

/** The estimate of one tab; `localNow` is its own clock (epoch ms). */
export class ServerClock {
  private samples: ClockSample[] = [];

  constructor(private readonly localNow: () => number = () => Date.now()) {}

  /** Takes one sample into account (see {@link clockSample}); null is ignored. */
  record(sample: ClockSample | null): void {
    if (sample === null) return;
    this.samples = [...this.samples, sample].slice(-SERVER_CLOCK_SAMPLES);
  }

  /** Server minus local time in ms, from the quickest recent sample; 0 before any. */
  offsetMs(): number {
    let best: ClockSample | undefined;
    for (const sample of this.samples)
      if (best === undefined || sample.roundTripMs < best.roundTripMs) best = sample;
    return best === undefined ? 0 : Math.round(best.offsetMs);
  }

  /** The server's time now, epoch ms. */
  now(): number {
    return this.localNow() + this.offsetMs();
  }
}

/** This tab's estimate, fed by the real-time connection's heartbeats (./connection.ts). */
export const serverClock = new ServerClock();

/** The server's time now as this tab estimates it, epoch ms. */
export function serverNow(): number {
  return serverClock.now();
}

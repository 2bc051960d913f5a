/**
 * The server's clock as this tab sees it: what members show and stamp from a shared time (the
 * Scrum Poker round timer, operation times) must not depend on each computer's own clock, which
 * can be minutes off. Each heartbeat pong carries the server's `timestamp` (ISO, ms; spec §3
 * heartbeat); with the local send and receive times it gives the offset NTP-style, assuming the
 * way there and back took equally long. The sample with the shortest round trip of the latest
 * {@link SERVER_CLOCK_SAMPLES} is kept (its error is at most half that round trip). Until the first
 * pong, the `Date` header of the page's first API answer gives a coarser sample
 * ({@link httpDateSample}), so that a member who acts at once does not stamp a shared time with
 * a computer's clock minutes off. Before any sample the offset is 0: the local clock.
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

/**
 * How much an HTTP `Date` header can be behind the server's clock, in ms: it gives whole seconds,
 * cut off (RFC 9110 §5.6.7).
 */
export const HTTP_DATE_RESOLUTION_MS = 1_000;

/**
 * The sample an HTTP answer's `Date` header gives (`date` as the header has it, or null without
 * one), with the local epoch ms of sending the request and receiving the answer. The server's
 * time then lies within the header's second, so the sample takes the middle of it and counts the
 * second as part of the round trip: its error is at most half of `roundTripMs`, as for a pong, and
 * any pong that came back within a second outweighs it. Null for a missing or unreadable date or
 * a round trip below 0.
 */
export function httpDateSample(
  date: string | null,
  sentMs: number,
  receivedMs: number,
): ClockSample | null {
  const serverMs = date === null ? NaN : Date.parse(date);
  const roundTripMs = receivedMs - sentMs;
  if (Number.isNaN(serverMs) || !(roundTripMs >= 0)) return null;
  return {
    offsetMs: serverMs + HTTP_DATE_RESOLUTION_MS / 2 - (sentMs + receivedMs) / 2,
    roundTripMs: roundTripMs + HTTP_DATE_RESOLUTION_MS,
  };
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

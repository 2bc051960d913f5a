import { describe, expect, it } from 'vitest';

import {
  clockSample,
  HTTP_DATE_RESOLUTION_MS,
  httpDateSample,
  SERVER_CLOCK_SAMPLES,
  ServerClock,
} from './server-clock.ts';

const pongAt = (iso: string) => ({
  type: 'heartbeat',
  space_name: 'Team',
  timestamp: iso,
  data: { response: 'pong' },
});
const T = Date.parse('2026-03-05T10:00:00.000Z');

describe('clockSample (NTP-style offset from one heartbeat)', () => {
  it('takes the server time as of the middle of the round trip', () => {
    // Sent at T, answered by a server 90 s ahead 40 ms later, received 100 ms after sending.
    const sample = clockSample(pongAt('2026-03-05T10:01:30.050Z'), T, T + 100);
    expect(sample).toEqual({ offsetMs: 90_000, roundTripMs: 100 });
    // A local clock ahead of the server: a negative offset.
    expect(clockSample(pongAt('2026-03-05T09:59:00.010Z'), T, T + 20)?.offsetMs).toBe(-60_000);
  });

  it('ignores a pong without a readable time and a clock set back during the trip', () => {
    expect(clockSample({ response: 'pong' }, T, T + 10)).toBeNull();
    expect(clockSample(pongAt('soon'), T, T + 10)).toBeNull();
    expect(clockSample(null, T, T + 10)).toBeNull();
    expect(clockSample(pongAt('2026-03-05T10:00:00.000Z'), T, T - 1)).toBeNull();
  });
});

describe('httpDateSample (the Date header of an API answer, before the first pong)', () => {
  it('takes the middle of the header second and counts the second as part of the round trip', () => {
    // Sent at T, received 60 ms later; the server's clock read 10:01:30.xxx when it answered.
    const sample = httpDateSample('Thu, 05 Mar 2026 10:01:30 GMT', T, T + 60);
    expect(sample).toEqual({
      offsetMs: 90_000 + 500 - 30,
      roundTripMs: 60 + HTTP_DATE_RESOLUTION_MS,
    });
    // Whatever the server's milliseconds were (000–999), the estimate is within half the round trip.
    const { offsetMs, roundTripMs } = sample ?? { offsetMs: NaN, roundTripMs: NaN };
    for (const trueOffset of [90_000 - 30, 90_999 - 30])
      expect(Math.abs(offsetMs - trueOffset)).toBeLessThanOrEqual(roundTripMs / 2);
  });

  it('ignores an answer without a readable date and a clock set back during the request', () => {
    expect(httpDateSample(null, T, T + 10)).toBeNull();
    expect(httpDateSample('yesterday', T, T + 10)).toBeNull();
    expect(httpDateSample('Thu, 05 Mar 2026 10:00:00 GMT', T, T - 1)).toBeNull();
  });

  it('gives way to the first pong that came back within a second', () => {
    const clock = new ServerClock(() => T);
    clock.record(httpDateSample('Thu, 05 Mar 2026 10:01:30 GMT', T - 200, T - 100));
    expect(clock.offsetMs()).toBe(90_650);
    clock.record(clockSample(pongAt('2026-03-05T10:01:29.940Z'), T - 80, T - 40));
    expect(clock.offsetMs()).toBe(90_000);
  });
});

describe('ServerClock', () => {
  it('is the local clock before any sample', () => {
    const clock = new ServerClock(() => T);
    expect(clock.offsetMs()).toBe(0);
    expect(clock.now()).toBe(T);
    clock.record(null);
    expect(clock.now()).toBe(T);
  });

  it('trusts the quickest recent round trip, whatever order samples came in', () => {
    let local = T;
    const clock = new ServerClock(() => local);
    clock.record({ offsetMs: 5_300, roundTripMs: 600 });
    clock.record({ offsetMs: 5_010, roundTripMs: 20 });
    clock.record({ offsetMs: 4_800, roundTripMs: 400 });
    expect(clock.offsetMs()).toBe(5_010);
    local += 1_000;
    expect(clock.now()).toBe(T + 1_000 + 5_010);
  });

  it('forgets samples older than the latest few, so a changed clock is followed', () => {
    const clock = new ServerClock(() => T);
    clock.record({ offsetMs: 1_000, roundTripMs: 1 });
    for (let n = 0; n < SERVER_CLOCK_SAMPLES; n++)
      clock.record({ offsetMs: -2_000, roundTripMs: 50 });
    expect(clock.offsetMs()).toBe(-2_000);
  });
});

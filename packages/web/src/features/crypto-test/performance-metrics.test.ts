import { describe, expect, it } from 'vitest';

import {
  formatDurationMs,
  PERFORMANCE_HISTORY_LIMIT,
  recordMeasurements,
  summarizeMeasurements,
  type Measurement,
} from './performance-metrics.ts';

const m = (operation: Measurement['operation'], durationMs: number): Measurement => ({
  operation,
  durationMs,
});

describe('recordMeasurements', () => {
  it('appends new measurements after the old ones', () => {
    expect(recordMeasurements([m('encrypt-10kb', 1)], [m('decrypt-10kb', 2)])).toEqual([
      m('encrypt-10kb', 1),
      m('decrypt-10kb', 2),
    ]);
  });

  it('keeps only the last 100', () => {
    let history: Measurement[] = [];
    for (let run = 0; run < 30; run += 1) {
      history = recordMeasurements(history, [
        m('encrypt-10kb', run),
        m('decrypt-10kb', run),
        m('key-derivation', run),
        m('encrypt-100kb', run),
        m('decrypt-100kb', run),
      ]);
    }
    expect(PERFORMANCE_HISTORY_LIMIT).toBe(100);
    expect(history).toHaveLength(100);
    expect(history[0]).toEqual(m('encrypt-10kb', 10));
    expect(history[99]).toEqual(m('decrypt-100kb', 29));
  });

  it('keeps the newest when one batch alone exceeds the limit', () => {
    const batch = Array.from({ length: 5 }, (_, index) => m('key-derivation', index));
    expect(recordMeasurements([], batch, 2)).toEqual([
      m('key-derivation', 3),
      m('key-derivation', 4),
    ]);
  });

  it('does not change its inputs', () => {
    const history = [m('encrypt-10kb', 1)];
    recordMeasurements(history, [m('encrypt-10kb', 2)], 1);
    expect(history).toEqual([m('encrypt-10kb', 1)]);
  });

  it('keeps nothing with a limit of 0', () => {
    expect(recordMeasurements([m('encrypt-10kb', 1)], [], 0)).toEqual([]);
  });
});

describe('summarizeMeasurements', () => {
  it('gives count, last, min, average and max per operation in display order', () => {
    const stats = summarizeMeasurements([
      m('key-derivation', 5),
      m('encrypt-10kb', 4),
      m('encrypt-10kb', 2),
      m('encrypt-10kb', 6),
      m('encrypt-10kb', 3),
    ]);
    expect(stats).toEqual([
      { operation: 'encrypt-10kb', count: 4, lastMs: 3, minMs: 2, avgMs: 3.75, maxMs: 6 },
      { operation: 'key-derivation', count: 1, lastMs: 5, minMs: 5, avgMs: 5, maxMs: 5 },
    ]);
  });

  it('is empty without measurements', () => {
    expect(summarizeMeasurements([])).toEqual([]);
  });
});

describe('formatDurationMs', () => {
  it('shows one decimal in the language of the page', () => {
    expect(formatDurationMs(12.345, 'en')).toBe('12.3');
    expect(formatDurationMs(12.345, 'de')).toBe('12,3');
    expect(formatDurationMs(1234, 'en')).toBe('1,234.0');
  });
});

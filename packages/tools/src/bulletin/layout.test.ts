import { describe, expect, it } from 'vitest';

import {
  DEFAULT_NOTE_SIZE,
  POSITION_SYNC_DEBOUNCE_MS,
  clampPosition,
  displayedNoteSize,
  droppedPosition,
  isTooClose,
  maxPositionPercent,
  noteScale,
  positionFromPixels,
  randomNotePosition,
} from './layout.ts';

/** A random source returning `values` in turn (then repeating the last one). */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0;
}

describe('constants (spec §9 Bulletin layout, Timings)', () => {
  it('has a default note size of 250x250 and a 500 ms position sync debounce', () => {
    expect(DEFAULT_NOTE_SIZE).toEqual({ width: 250, height: 250 });
    expect(POSITION_SYNC_DEBOUNCE_MS).toBe(500);
  });
});

describe('noteScale (spec §9: 0.8 under 576, 0.9 under 768, 0.95 under 992, else 1)', () => {
  it.each([
    [320, 0.8],
    [575, 0.8],
    [576, 0.9],
    [767, 0.9],
    [768, 0.95],
    [991, 0.95],
    [992, 1],
    [1920, 1],
  ])('at %i px is %f', (width, scale) => {
    expect(noteScale(width)).toBe(scale);
  });
});

describe('displayedNoteSize (spec §9: scaled, clamped 188..438)', () => {
  it('scales the default size by the viewport', () => {
    expect(displayedNoteSize(DEFAULT_NOTE_SIZE, 575)).toEqual({ width: 200, height: 200 });
    expect(displayedNoteSize(DEFAULT_NOTE_SIZE, 576)).toEqual({ width: 225, height: 225 });
    expect(displayedNoteSize(DEFAULT_NOTE_SIZE, 800)).toEqual({ width: 237.5, height: 237.5 });
    expect(displayedNoteSize(DEFAULT_NOTE_SIZE, 1200)).toEqual({ width: 250, height: 250 });
  });

  it('clamps each side to at least 188 px', () => {
    // 200 * 0.8 = 160 → 188; 235 * 0.8 = 188 exactly stays.
    expect(displayedNoteSize({ width: 200, height: 235 }, 400)).toEqual({
      width: 188,
      height: 188,
    });
    expect(displayedNoteSize({ width: 100, height: 188 }, 1200)).toEqual({
      width: 188,
      height: 188,
    });
  });

  it('clamps each side to at most 438 px', () => {
    expect(displayedNoteSize({ width: 500, height: 438 }, 1200)).toEqual({
      width: 438,
      height: 438,
    });
    // 540 * 0.8 = 432 stays under the maximum.
    expect(displayedNoteSize({ width: 540, height: 600 }, 500)).toEqual({
      width: 432,
      height: 438,
    });
  });
});

describe('maxPositionPercent / clampPosition (spec §9: 0..85, 75 under 576, 80 under 768)', () => {
  it.each([
    [575, 75],
    [576, 80],
    [767, 80],
    [768, 85],
    [1400, 85],
  ])('at %i px allows up to %i percent', (width, max) => {
    expect(maxPositionPercent(width)).toBe(max);
    expect(clampPosition({ x: 100, y: max }, width)).toEqual({ x: max, y: max });
  });

  it('clamps negative positions to 0 and keeps positions inside the range', () => {
    expect(clampPosition({ x: -5, y: 42.5 }, 1200)).toEqual({ x: 0, y: 42.5 });
    expect(clampPosition({ x: 0, y: 85 }, 1200)).toEqual({ x: 0, y: 85 });
  });

  it('uses the widest range 0..85 without a viewport width', () => {
    expect(clampPosition({ x: 90, y: 80 })).toEqual({ x: 85, y: 80 });
  });

  it('turns non-finite coordinates into 0', () => {
    expect(clampPosition({ x: Number.NaN, y: Number.POSITIVE_INFINITY })).toEqual({ x: 0, y: 0 });
  });
});

describe('positionFromPixels', () => {
  it('converts offsets to percent of the canvas', () => {
    expect(positionFromPixels({ left: 250, top: 100 }, { width: 1000, height: 400 }, 1200)).toEqual(
      { x: 25, y: 25 },
    );
  });

  it('clamps to the viewport range and treats a zero canvas as 0', () => {
    expect(positionFromPixels({ left: 900, top: -10 }, { width: 1000, height: 400 }, 500)).toEqual({
      x: 75,
      y: 0,
    });
    expect(positionFromPixels({ left: 50, top: 50 }, { width: 0, height: 0 }, 1200)).toEqual({
      x: 0,
      y: 0,
    });
  });
});

describe('isTooClose (spec §9: 15 percent spacing)', () => {
  it('is true only when closer than 15 on both axes', () => {
    expect(isTooClose({ x: 10, y: 10 }, { x: 24.9, y: 24.9 })).toBe(true);
    expect(isTooClose({ x: 10, y: 10 }, { x: 25, y: 10 })).toBe(false);
    expect(isTooClose({ x: 10, y: 10 }, { x: 10, y: 25 })).toBe(false);
    expect(isTooClose({ x: 30, y: 30 }, { x: 15, y: 30 })).toBe(false);
  });
});

describe('randomNotePosition (spec §9: 5..75 percent, 10 tries for 15 percent spacing)', () => {
  it('maps the random range [0, 1) onto 5..75 percent', () => {
    expect(randomNotePosition([], sequence(0, 0))).toEqual({ x: 5, y: 5 });
    expect(randomNotePosition([], sequence(0.5, 1))).toEqual({ x: 40, y: 75 });
  });

  it('takes the first spot far enough from every other note', () => {
    const existing = [{ x: 5, y: 5 }];
    // Try 1 lands on the existing note, try 2 is 35 percent away.
    expect(randomNotePosition(existing, sequence(0, 0, 0.5, 0.5))).toEqual({ x: 40, y: 40 });
  });

  it('gives up after 10 tries and takes the last spot drawn', () => {
    let calls = 0;
    const random = (): number => {
      calls++;
      // Every try lands near (5, 5) except the values of the 10th try.
      return calls >= 19 ? 0.01 * calls : 0;
    };
    const position = randomNotePosition([{ x: 5, y: 5 }], random);
    expect(calls).toBe(20);
    expect(position.x).toBeCloseTo(5 + 0.19 * 70);
    expect(position.y).toBeCloseTo(5 + 0.2 * 70);
  });

  it('uses exactly 10 tries when every spot is taken', () => {
    let calls = 0;
    randomNotePosition([{ x: 40, y: 40 }], () => {
      calls++;
      return 0.5;
    });
    expect(calls).toBe(20);
  });
});

describe('droppedPosition (spec §4 drag, §9 clamps)', () => {
  const canvas = { width: 1000, height: 500 };

  it('moves the note by the dragged pixels in percent of the canvas', () => {
    expect(droppedPosition({ x: 10, y: 20 }, { x: 100, y: -50 }, canvas, 1200)).toEqual({
      x: 20,
      y: 10,
    });
  });

  it('clamps to 0..85 percent on wide viewports and 0..75 under 576 px', () => {
    expect(droppedPosition({ x: 80, y: 5 }, { x: 400, y: -400 }, canvas, 1200)).toEqual({
      x: 85,
      y: 0,
    });
    expect(droppedPosition({ x: 70, y: 70 }, { x: 400, y: 400 }, canvas, 400)).toEqual({
      x: 75,
      y: 75,
    });
  });

  it('keeps the start on a canvas without size', () => {
    const unmeasured = { width: 0, height: 0 };
    expect(droppedPosition({ x: 30, y: 40 }, { x: 50, y: 50 }, unmeasured, 1200)).toEqual({
      x: 30,
      y: 40,
    });
  });
});

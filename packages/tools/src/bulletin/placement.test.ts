/**
 * Tidy placement of new Pinboard notes (spec §2 /tools/bulletin, §3 positions in percent of the
 * canvas, §9 Bulletin layout): examples of where notes land and fast-check properties — a placed
 * note lies inside the canvas, and it overlaps no note while free space exists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DEFAULT_NOTE_SIZE, displayedNoteSize, POSITION_MAX_PERCENT } from './layout.ts';
import {
  BOARD_MIN_HEIGHT_PX,
  boardWidthFor,
  canvasHeightFor,
  isStackedLayout,
  NOTE_GAP_PX,
  overlappingPairs,
  placeNewPost,
  placeNote,
  readingOrder,
  type LaidOutNote,
  type PlacementCanvas,
} from './placement.ts';

const NOTE = { width: 250, height: 250 };
const WIDE: PlacementCanvas = { width: 1200, minHeight: 576 };

/** Places `count` notes of `size` one after another, as members pressing Add Note would. */
function placeMany(
  count: number,
  size: { width: number; height: number },
  canvas: PlacementCanvas,
  start: LaidOutNote[] = [],
): { notes: LaidOutNote[]; allFree: boolean } {
  const notes = [...start];
  let allFree = true;
  for (let i = 0; i < count; i++) {
    const placed = placeNote(notes, size, canvas);
    allFree &&= placed.free;
    notes.push({ position: placed.position, size });
  }
  return { notes, allFree };
}

/** Whether `note` lies wholly inside a canvas `width` wide and as tall as the notes need. */
function inside(note: LaidOutNote, notes: readonly LaidOutNote[], canvas: PlacementCanvas) {
  const height = canvasHeightFor(notes, canvas.minHeight);
  const left = (note.position.x / 100) * canvas.width;
  const top = (note.position.y / 100) * height;
  return (
    note.position.x >= 0 &&
    note.position.y >= 0 &&
    note.position.x <= POSITION_MAX_PERCENT &&
    note.position.y <= POSITION_MAX_PERCENT &&
    left + note.size.width <= canvas.width + 1e-6 &&
    top + note.size.height <= height + 1e-6
  );
}

describe('placeNote', () => {
  it('puts the first note in the top left corner', () => {
    expect(placeNote([], NOTE, WIDE)).toEqual({ position: { x: 0, y: 0 }, free: true });
  });

  it('puts the next note right of the first, keeping the gap', () => {
    const { position } = placeNote([{ position: { x: 0, y: 0 }, size: NOTE }], NOTE, WIDE);
    expect(position.y).toBe(0);
    expect((position.x / 100) * WIDE.width).toBeGreaterThanOrEqual(NOTE.width + NOTE_GAP_PX);
    expect((position.x / 100) * WIDE.width).toBeLessThan(NOTE.width + NOTE_GAP_PX + 1);
  });

  it('places ten notes beside the welcome note at 1280 px without overlap, growing the canvas', () => {
    const welcome: LaidOutNote = { position: { x: 25, y: 20 }, size: { width: 312, height: 250 } };
    const { notes, allFree } = placeMany(10, NOTE, WIDE, [welcome]);
    expect(allFree).toBe(true);
    expect(overlappingPairs(notes, WIDE)).toEqual([]);
    for (const note of notes) expect(inside(note, notes, WIDE)).toBe(true);
    expect(canvasHeightFor(notes, WIDE.minHeight)).toBeGreaterThan(WIDE.minHeight);
  });

  it('keeps a note wider than the space left inside the right edge', () => {
    const canvas = { width: 300, minHeight: 400 };
    const { position } = placeNote([], NOTE, canvas);
    expect((position.x / 100) * canvas.width + NOTE.width).toBeLessThanOrEqual(canvas.width);
  });

  it('reports a full canvas and still stays inside it', () => {
    const canvas = { width: 260, minHeight: 260 };
    const { notes } = placeMany(4, NOTE, canvas);
    const placed = placeNote(notes, NOTE, canvas);
    expect(placed.free).toBe(false);
    expect(placed.position.y).toBeLessThanOrEqual(POSITION_MAX_PERCENT);
    const note = { position: placed.position, size: NOTE };
    expect(inside(note, [...notes, note], canvas)).toBe(true);
  });
});

describe('placeNewPost: tidy on every width', () => {
  const welcome: LaidOutNote = { position: { x: 25, y: 20 }, size: { width: 312, height: 250 } };

  /** The notes as a screen `viewport` px wide lays them out: its §9 sizes on its board. */
  function laidOutAt(notes: readonly LaidOutNote[], viewport: number) {
    // The tool page keeps 66 px around the canvas (paddings and borders).
    const board = { width: boardWidthFor(viewport - 66), minHeight: BOARD_MIN_HEIGHT_PX };
    const shown = notes.map((note) => ({
      position: note.position,
      size: displayedNoteSize(note.size, viewport),
    }));
    return { board, shown };
  }

  it('ten notes added from screens of any width overlap nowhere and stay on the board at any width', () => {
    for (const adders of [
      [1280, 390],
      [800, 1000],
      [601, 1920],
      [700, 700],
    ]) {
      const notes: LaidOutNote[] = [welcome];
      for (let n = 0; n < 10; n++) {
        const placed = placeNewPost(notes, DEFAULT_NOTE_SIZE, adders[n % 2] ?? 1280);
        expect(placed.free).toBe(true);
        notes.push({ position: placed.position, size: DEFAULT_NOTE_SIZE });
      }
      for (let viewport = 601; viewport <= 2400; viewport += 13) {
        const { board, shown } = laidOutAt(notes, viewport);
        expect(overlappingPairs(shown, board), `${adders.join('/')} at ${viewport}`).toEqual([]);
        for (const note of shown) expect(inside(note, shown, board)).toBe(true);
      }
    }
  });

  it('does not depend on the width of the member adding, only on their §9 clamp', () => {
    const notes = [welcome];
    const at = (viewport: number) => placeNewPost(notes, DEFAULT_NOTE_SIZE, viewport).position;
    expect(at(800)).toEqual(at(1920));
    expect(at(390)).toEqual(at(1280));
  });
});

describe('canvasHeightFor', () => {
  it('is the smallest height when every note fits', () => {
    expect(canvasHeightFor([{ position: { x: 0, y: 10 }, size: NOTE }], 600)).toBe(600);
  });

  it('grows so a low note is not cut off', () => {
    expect(canvasHeightFor([{ position: { x: 0, y: 75 }, size: NOTE }], 600)).toBe(1000);
  });

  it('takes a top edge past the spec §9 clamp as 85 %', () => {
    expect(canvasHeightFor([{ position: { x: 0, y: 200 }, size: NOTE }], 0)).toBeCloseTo(
      250 / 0.15,
    );
  });
});

describe('layout helpers', () => {
  it('stacks notes on viewports up to 600 px', () => {
    expect(isStackedLayout(390)).toBe(true);
    expect(isStackedLayout(600)).toBe(true);
    expect(isStackedLayout(601)).toBe(false);
  });

  it('orders notes by top edge, then left edge', () => {
    const items = [
      { id: 'c', position: { x: 50, y: 40 } },
      { id: 'b', position: { x: 60, y: 0 } },
      { id: 'a', position: { x: 10, y: 0 } },
    ];
    expect(readingOrder(items).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('finds overlapping pairs', () => {
    const notes = [
      { position: { x: 0, y: 0 }, size: NOTE },
      { position: { x: 10, y: 10 }, size: NOTE },
      { position: { x: 70, y: 0 }, size: NOTE },
    ];
    expect(overlappingPairs(notes, WIDE)).toEqual([[0, 1]]);
  });
});

describe('placeNote properties', () => {
  const size = fc.record({
    width: fc.integer({ min: 150, max: 440 }),
    height: fc.integer({ min: 150, max: 440 }),
  });
  const canvas = fc.record({
    width: fc.integer({ min: 450, max: 2000 }),
    minHeight: fc.integer({ min: 300, max: 1200 }),
  });
  const existing = fc.array(
    fc.record({
      position: fc.record({
        x: fc.double({ min: 0, max: 85, noNaN: true }),
        y: fc.double({ min: 0, max: 85, noNaN: true }),
      }),
      size,
    }),
    { maxLength: 12 },
  );

  it('a placed note lies inside the canvas, also when the canvas is crowded', () => {
    fc.assert(
      fc.property(existing, size, canvas, (notes, newSize, box) => {
        const placed = placeNote(notes, newSize, box);
        const note = { position: placed.position, size: newSize };
        expect(inside(note, [...notes, note], box)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('a note placed as free overlaps no other note, nor do the others come to overlap', () => {
    fc.assert(
      fc.property(existing, size, canvas, (notes, newSize, box) => {
        const placed = placeNote(notes, newSize, box);
        fc.pre(placed.free);
        const all = [...notes, { position: placed.position, size: newSize }];
        const before = overlappingPairs(notes, box).length;
        const withNew = overlappingPairs(all, box);
        expect(withNew.filter(([, j]) => j === notes.length)).toEqual([]);
        expect(withNew.length).toBeLessThanOrEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('while free space exists, notes added one by one never overlap', () => {
    // As many notes as fit in the top row are always free, so none of them may overlap.
    fc.assert(
      fc.property(size, canvas, (newSize, box) => {
        const fit = Math.floor((box.width + NOTE_GAP_PX) / (newSize.width + NOTE_GAP_PX));
        const { notes, allFree } = placeMany(Math.max(1, fit), newSize, box);
        expect(allFree).toBe(true);
        expect(overlappingPairs(notes, box)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

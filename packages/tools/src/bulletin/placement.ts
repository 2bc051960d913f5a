/**
 * Tidy placement on the Pinboard canvas (spec §2 /tools/bulletin, §3 note positions are percent
 * of the canvas, §9 Bulletin layout): where a new note goes so it overlaps no visible note and
 * stays inside the canvas, how tall the canvas must be so that no note is cut off, and which
 * notes overlap. Positions are percent of the canvas; sizes are displayed CSS px.
 *
 * Every member sees the same percent positions on their own screen, so a spot is chosen where it
 * is tidy on all of them: the board the notes sit on is never narrower than
 * {@link BOARD_MIN_WIDTH_PX} nor lower than {@link BOARD_MIN_HEIGHT_PX} (a narrower canvas scrolls
 * sideways), and notes are placed on the smallest such board at their largest (§9 scale 1) size.
 * A wider or taller board only moves notes apart, and the §9 scales below 1 shrink notes and the
 * board's note-driven height alike, so no two placed notes overlap or leave the board at any width.
 */
import {
  displayedNoteSize,
  LARGE_VIEWPORT_MAX_PX,
  maxPositionPercent,
  POSITION_MAX_PERCENT,
} from './layout.ts';
import type { NotePosition, NoteSize } from './types.ts';

/** A note as laid out: left/top in percent of the canvas, displayed size in CSS px. */
export interface LaidOutNote {
  position: NotePosition;
  size: NoteSize;
}

/** The canvas a note is placed on: its width and its smallest height, in CSS px. */
export interface PlacementCanvas {
  width: number;
  minHeight: number;
}

/** Where {@link placeNote} put a note; `free` is false when no free spot was left. */
export interface Placement {
  position: NotePosition;
  free: boolean;
}

/** Free space kept between two notes, in CSS px. */
export const NOTE_GAP_PX = 8;

/** The step of the row search (top edge), in percent of the canvas height. */
export const PLACEMENT_STEP_PERCENT = 0.5;

/**
 * A narrow screen stacks the notes as a list (spec §2 canvas on wide screens); viewports at most
 * this wide (CSS px) get the list.
 */
export const STACKED_LAYOUT_MAX_PX = 600;

/**
 * The narrowest the board of notes is laid out, in CSS px: a canvas narrower than this (viewports
 * below about 1266 px that show the canvas) keeps the board this wide and scrolls sideways, so
 * percent positions never bring notes closer than they were placed.
 */
export const BOARD_MIN_WIDTH_PX = 1200;

/** The lowest the board of notes is, in CSS px (the canvas's 36rem less its 2 px of borders). */
export const BOARD_MIN_HEIGHT_PX = 574;

/** The board new notes are placed on: the smallest any screen lays out. */
export const PLACEMENT_BOARD: Readonly<PlacementCanvas> = {
  width: BOARD_MIN_WIDTH_PX,
  minHeight: BOARD_MIN_HEIGHT_PX,
};

/** The size in CSS px a board `canvasWidthPx` wide (inside its borders) lays notes out on. */
export function boardWidthFor(canvasWidthPx: number): number {
  return Math.max(BOARD_MIN_WIDTH_PX, canvasWidthPx);
}

/** Whether a viewport `viewportWidthPx` wide shows the notes as a stacked list. */
export function isStackedLayout(viewportWidthPx: number): boolean {
  return viewportWidthPx <= STACKED_LAYOUT_MAX_PX;
}

// A top edge is kept at most at the spec §9 clamp, so the height below stays finite.
function topPercent(position: NotePosition): number {
  return Number.isFinite(position.y) ? Math.min(POSITION_MAX_PERCENT, Math.max(0, position.y)) : 0;
}

function leftPercent(position: NotePosition): number {
  return Number.isFinite(position.x) ? Math.max(0, position.x) : 0;
}

/**
 * The height in CSS px a canvas needs so that every note lies wholly inside it: at least
 * `minHeight`, and for each note with top edge y % and height h px at least h / (1 − y/100)
 * (top edges are taken at most at 85 %, the spec §9 clamp).
 */
export function canvasHeightFor(notes: readonly LaidOutNote[], minHeight: number): number {
  let height = Math.max(0, minHeight);
  for (const note of notes)
    height = Math.max(height, note.size.height / (1 - topPercent(note.position) / 100));
  return height;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function boxOf(position: NotePosition, size: NoteSize, width: number, height: number): Box {
  const left = (leftPercent(position) / 100) * width;
  const top = (topPercent(position) / 100) * height;
  return { left, top, right: left + size.width, bottom: top + size.height };
}

// Closer than `gap` px on both axes counts as touching.
function touches(a: Box, b: Box, gap: number): boolean {
  return (
    a.left < b.right + gap &&
    b.left < a.right + gap &&
    a.top < b.bottom + gap &&
    b.top < a.bottom + gap
  );
}

function overlapArea(a: Box, b: Box): number {
  const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return x > 0 && y > 0 ? x * y : 0;
}

/**
 * Where a new note of displayed `size` (CSS px) goes among the visible `notes` on `canvas`: the
 * first spot in reading order (rows every 0.5 % from the top, then left to right, jumping past
 * each note in the way) where it keeps {@link NOTE_GAP_PX} from every note and lies inside the
 * canvas — its right edge within the width, both position axes within 0..`maxPercent` (spec §9
 * clamp). A low spot may make the canvas taller ({@link canvasHeightFor}); a taller canvas only
 * moves notes apart, so no two notes that were apart come to overlap. When no spot is free, the
 * spot inside the canvas overlapping the least area, with `free` false.
 */
export function placeNote(
  notes: readonly LaidOutNote[],
  size: NoteSize,
  canvas: PlacementCanvas,
  maxPercent: number = POSITION_MAX_PERCENT,
): Placement {
  const width = Math.max(1, canvas.width);
  const baseHeight = canvasHeightFor(notes, canvas.minHeight);
  const maxX = Math.max(0, Math.min(maxPercent, 100 * (1 - size.width / width)));
  const percentOfWidth = (px: number): number => (px / width) * 100;
  let best: Placement | null = null;
  let bestArea = Infinity;
  const rows = Math.floor(maxPercent / PLACEMENT_STEP_PERCENT);
  for (let row = 0; row <= rows; row++) {
    const y = row * PLACEMENT_STEP_PERCENT;
    const height = Math.max(baseHeight, size.height / (1 - y / 100));
    const boxes = notes.map((note) => boxOf(note.position, note.size, width, height));
    let x = 0;
    while (x <= maxX) {
      const candidate = boxOf({ x, y }, size, width, height);
      const blocking = boxes.filter((box) => touches(candidate, box, NOTE_GAP_PX));
      if (blocking.length === 0) return { position: { x, y }, free: true };
      const area = blocking.reduce((sum, box) => sum + overlapArea(candidate, box), 0);
      if (area < bestArea) {
        bestArea = area;
        best = { position: { x, y }, free: false };
      }
      if (x === maxX) break;
      // Past the nearest note in the way, rounded up to 0.01 % so the gap is kept.
      const next = Math.min(...blocking.map((box) => box.right + NOTE_GAP_PX));
      x = Math.min(maxX, Math.max(x + 0.01, Math.ceil(percentOfWidth(next) * 100) / 100));
    }
  }
  return best ?? { position: { x: 0, y: 0 }, free: false };
}

/**
 * The pairs of notes (indexes into `notes`, lower first) whose boxes overlap on a canvas
 * `width` px wide and {@link canvasHeightFor} tall with `minHeight`.
 */
export function overlappingPairs(
  notes: readonly LaidOutNote[],
  canvas: PlacementCanvas,
): [number, number][] {
  const height = canvasHeightFor(notes, canvas.minHeight);
  const boxes = notes.map((note) => boxOf(note.position, note.size, canvas.width, height));
  const pairs: [number, number][] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      if (overlapArea(boxes[i] as Box, boxes[j] as Box) > 0) pairs.push([i, j]);
  return pairs;
}

/**
 * `items` in reading order of their positions (top edge, then left edge), for the stacked list
 * of narrow screens; equal positions keep their order.
 */
export function readingOrder<T extends { position: NotePosition }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      topPercent(a.position) - topPercent(b.position) ||
      leftPercent(a.position) - leftPercent(b.position),
  );
}

/**
 * Where a new note of stored `size` goes among the `visible` notes (positions in percent, stored
 * sizes), added by a member on a viewport `viewportWidthPx` wide: on {@link PLACEMENT_BOARD} with
 * every note at its §9 size on wide screens (scale 1, the largest), whatever the member's own
 * width, so the spot is tidy on every screen (see the module comment). Positions stay within the
 * member's §9 clamp (85 % for a stacked screen, which places for the canvas the others see). See
 * {@link placeNote}.
 */
export function placeNewPost(
  visible: readonly LaidOutNote[],
  size: NoteSize,
  viewportWidthPx: number,
): Placement {
  const notes = visible.map((note) => ({
    position: note.position,
    size: displayedNoteSize(note.size, LARGE_VIEWPORT_MAX_PX),
  }));
  const maxPercent = isStackedLayout(viewportWidthPx)
    ? POSITION_MAX_PERCENT
    : maxPositionPercent(viewportWidthPx);
  return placeNote(
    notes,
    displayedNoteSize(size, LARGE_VIEWPORT_MAX_PX),
    PLACEMENT_BOARD,
    maxPercent,
  );
}

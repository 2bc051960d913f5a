/**
 * Layout rules of the Pinboard canvas (spec §9 Bulletin layout, §4 Bulletin): the size a note is
 * displayed at for a viewport width, the range a note's position is clamped to, where a new note
 * is placed, and how long position changes are debounced before they are saved.
 */
import type { NotePosition, NoteSize } from './types.ts';

/** spec §9: the size of a new note in CSS pixels. */
export const DEFAULT_NOTE_SIZE: Readonly<NoteSize> = { width: 250, height: 250 };

/** spec §9: a displayed note side is at least this many CSS pixels. */
export const NOTE_SIZE_MIN_PX = 188;

/** spec §9: a displayed note side is at most this many CSS pixels. */
export const NOTE_SIZE_MAX_PX = 438;

/** spec §9: viewport widths (CSS px) below which notes shrink and positions are limited more. */
export const SMALL_VIEWPORT_MAX_PX = 576;
/** See {@link SMALL_VIEWPORT_MAX_PX}. */
export const MEDIUM_VIEWPORT_MAX_PX = 768;
/** See {@link SMALL_VIEWPORT_MAX_PX}. */
export const LARGE_VIEWPORT_MAX_PX = 992;

/** spec §9: note scale under 576 px, under 768 px, under 992 px, and otherwise. */
export const NOTE_SCALE_SMALL = 0.8;
/** See {@link NOTE_SCALE_SMALL}. */
export const NOTE_SCALE_MEDIUM = 0.9;
/** See {@link NOTE_SCALE_SMALL}. */
export const NOTE_SCALE_LARGE = 0.95;
/** See {@link NOTE_SCALE_SMALL}. */
export const NOTE_SCALE_FULL = 1;

/** spec §9: the lowest position of a note's left/top edge, in percent of the canvas. */
export const POSITION_MIN_PERCENT = 0;
/** spec §9: the highest position on viewports of 768 px and wider, in percent. */
export const POSITION_MAX_PERCENT = 85;
/** spec §9: the highest position on viewports under 768 px, in percent. */
export const POSITION_MAX_MEDIUM_PERCENT = 80;
/** spec §9: the highest position on viewports under 576 px, in percent. */
export const POSITION_MAX_SMALL_PERCENT = 75;

/** spec §9: a new note is placed between these percentages on both axes. */
export const RANDOM_PLACEMENT_MIN_PERCENT = 5;
/** See {@link RANDOM_PLACEMENT_MIN_PERCENT}. */
export const RANDOM_PLACEMENT_MAX_PERCENT = 75;
/** spec §9: how many random spots are tried to keep {@link NOTE_SPACING_PERCENT} from other notes. */
export const RANDOM_PLACEMENT_TRIES = 10;
/** spec §9: the distance, in percent on each axis, a new note tries to keep from other notes. */
export const NOTE_SPACING_PERCENT = 15;

/** spec §9: a dragged note's position is saved this long after the last change (§4: on release). */
export const POSITION_SYNC_DEBOUNCE_MS = 500;

/**
 * The factor a note's stored size is scaled by on a viewport `viewportWidthPx` wide (spec §9):
 * 0.8 under 576 px, 0.9 under 768, 0.95 under 992, else 1.
 */
export function noteScale(viewportWidthPx: number): number {
  if (viewportWidthPx < SMALL_VIEWPORT_MAX_PX) return NOTE_SCALE_SMALL;
  if (viewportWidthPx < MEDIUM_VIEWPORT_MAX_PX) return NOTE_SCALE_MEDIUM;
  if (viewportWidthPx < LARGE_VIEWPORT_MAX_PX) return NOTE_SCALE_LARGE;
  return NOTE_SCALE_FULL;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The size in CSS px a note of stored `size` is displayed at on a viewport `viewportWidthPx`
 * wide (spec §9): each side times {@link noteScale}, clamped to 188..438 px.
 */
export function displayedNoteSize(size: NoteSize, viewportWidthPx: number): NoteSize {
  const scale = noteScale(viewportWidthPx);
  return {
    width: clamp(size.width * scale, NOTE_SIZE_MIN_PX, NOTE_SIZE_MAX_PX),
    height: clamp(size.height * scale, NOTE_SIZE_MIN_PX, NOTE_SIZE_MAX_PX),
  };
}

/**
 * The highest position, in percent, a note may have on a viewport `viewportWidthPx` wide
 * (spec §9): 75 under 576 px, 80 under 768 px, else 85.
 */
export function maxPositionPercent(viewportWidthPx: number): number {
  if (viewportWidthPx < SMALL_VIEWPORT_MAX_PX) return POSITION_MAX_SMALL_PERCENT;
  if (viewportWidthPx < MEDIUM_VIEWPORT_MAX_PX) return POSITION_MAX_MEDIUM_PERCENT;
  return POSITION_MAX_PERCENT;
}

/**
 * `position` with both axes clamped to 0..{@link maxPositionPercent} for the viewport; without a
 * viewport width the widest range 0..85 applies. A non-finite coordinate becomes 0.
 */
export function clampPosition(position: NotePosition, viewportWidthPx?: number): NotePosition {
  const max =
    viewportWidthPx === undefined ? POSITION_MAX_PERCENT : maxPositionPercent(viewportWidthPx);
  const axis = (value: number): number =>
    Number.isFinite(value) ? clamp(value, POSITION_MIN_PERCENT, max) : POSITION_MIN_PERCENT;
  return { x: axis(position.x), y: axis(position.y) };
}

/**
 * Converts a note's left/top offset in CSS px inside a canvas of `canvas` px to a position in
 * percent, clamped with {@link clampPosition} for the viewport (a zero-sized canvas gives 0).
 */
export function positionFromPixels(
  offset: { left: number; top: number },
  canvas: { width: number; height: number },
  viewportWidthPx: number,
): NotePosition {
  const percent = (value: number, total: number): number => (total > 0 ? (value / total) * 100 : 0);
  return clampPosition(
    { x: percent(offset.left, canvas.width), y: percent(offset.top, canvas.height) },
    viewportWidthPx,
  );
}

/**
 * Whether two notes are closer than {@link NOTE_SPACING_PERCENT} on both axes (their spots
 * overlap); notes at least 15 percent apart on either axis are far enough apart.
 */
export function isTooClose(a: NotePosition, b: NotePosition): boolean {
  return Math.abs(a.x - b.x) < NOTE_SPACING_PERCENT && Math.abs(a.y - b.y) < NOTE_SPACING_PERCENT;
}

/**
 * A spot for a new note (spec §9): up to 10 random positions with both axes in 5..75 percent
 * are drawn from `random` (returning numbers in [0, 1), e.g. Math.random); the first one not
 * {@link isTooClose} to any of `existing` is taken, else the last one drawn.
 */
export function randomNotePosition(
  existing: readonly NotePosition[],
  random: () => number,
): NotePosition {
  const span = RANDOM_PLACEMENT_MAX_PERCENT - RANDOM_PLACEMENT_MIN_PERCENT;
  const draw = (): number => RANDOM_PLACEMENT_MIN_PERCENT + clamp(random(), 0, 1) * span;
  let candidate: NotePosition = { x: draw(), y: draw() };
  for (let attempt = 1; attempt < RANDOM_PLACEMENT_TRIES; attempt++) {
    const spot = candidate;
    if (!existing.some((other) => isTooClose(spot, other))) return spot;
    candidate = { x: draw(), y: draw() };
  }
  return candidate;
}

/**
 * Where a note lands after being dragged by `delta` CSS px from `start` (percent) on a canvas
 * of `canvas` px (spec §4 notes are dragged freely): the start converted to px, moved by the
 * delta, converted back to percent and clamped with {@link positionFromPixels} for the viewport.
 * A canvas without size (not laid out) cannot be measured: the note stays at `start`, clamped.
 */
export function droppedPosition(
  start: NotePosition,
  delta: { x: number; y: number },
  canvas: { width: number; height: number },
  viewportWidthPx: number,
): NotePosition {
  if (canvas.width <= 0 || canvas.height <= 0) return clampPosition(start, viewportWidthPx);
  return positionFromPixels(
    {
      left: (start.x / 100) * canvas.width + delta.x,
      top: (start.y / 100) * canvas.height + delta.y,
    },
    canvas,
    viewportWidthPx,
  );
}

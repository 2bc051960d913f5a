/**
 * The drag-and-drop glue of the Pinboard (spec §4 Bulletin "notes dragged freely") for dnd-kit:
 * what a dragged note carries as `data`, and the translated screen-reader instructions and
 * announcements. Notes are not dropped *on* anything: where a note lands is computed from the
 * drag's delta (droppedPosition in the domain).
 */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

import { m } from '../../paraglide/messages.js';

/** What a draggable note carries (`useDraggable({ data })`). */
export interface NoteDragData {
  kind: 'note';
  title: string;
}

/** The note data of a dnd-kit `active.data.current`, or null when it is not a note. */
export function noteDragData(value: unknown): NoteDragData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, title } = value as Record<string, unknown>;
  return kind === 'note' && typeof title === 'string' ? { kind, title } : null;
}

/** The translated instructions dnd-kit attaches to every move handle (aria-describedby). */
export function bulletinScreenReaderInstructions(): ScreenReaderInstructions {
  return { draggable: m.bulletin_sr_instructions() };
}

interface Target {
  data: { current?: unknown };
}

function announce(active: Target, text: (title: string) => string): string | undefined {
  const note = noteDragData(active.data.current);
  return note ? text(note.title) : undefined;
}

/**
 * The live-region announcements of a note drag, translated when dnd-kit asks (so they follow
 * the current language): picked up, dropped, cancelled.
 */
export function bulletinAnnouncements(): Announcements {
  return {
    onDragStart: ({ active }) => announce(active, (title) => m.bulletin_sr_picked_up({ title })),
    onDragOver: () => undefined,
    onDragEnd: ({ active }) => announce(active, (title) => m.bulletin_sr_dropped({ title })),
    onDragCancel: ({ active }) => announce(active, (title) => m.bulletin_sr_cancelled({ title })),
  };
}

/**
 * Moving issues in Issue Management (spec §4 Issue/card moves): drag and drop with the mouse or
 * touch onto a phase (appended) or onto an issue (its place), and Alt+arrow from the keyboard
 * (up/down within the phase, left/right into the previous/next phase). Where a move lands is the
 * domain's rule (`dropMove`, `stepMove`); this hook wires dnd-kit and the keyboard to it, runs the
 * `moveIssue` operation, tells screen readers where the issue went and gives an issue moved from
 * the keyboard the focus back once it is shown where it went (`useMoveRefocus`, as Kanban).
 */
import {
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { itemUnderPointer } from '../tracker/dnd-collisions.ts';
import { keyboardStep, type StepTexts } from '../tracker/keyboard-step.ts';
import { useMoveRefocus } from '../tracker/use-move-refocus.ts';

import {
  dropMove,
  findIssue,
  type MoveStep,
  type PlannedMove,
  type TicketContent,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import type { PhaseMoves } from './PhaseSection.tsx';

/** What a screen reader hears of an Alt+arrow step in Issue Management. */
const TICKET_STEP_TEXTS: StepTexts = {
  cannotMove: m.ticket_sr_cannot_move,
  movedTo: m.ticket_sr_moved_to,
};

/** Pixels the pointer must travel before a drag starts, so a click still selects the issue. */
const DRAG_ACTIVATION_DISTANCE_PX = 5;
const POINTER_SENSOR_OPTIONS = { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } };

/** Pointer drags are not announced: keyboard users move with Alt+arrow, which is announced. */
export const SILENT_ANNOUNCEMENTS: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

/** What a dragged issue is over: a phase, and the issue under the pointer there, if any. */
interface Over {
  phaseId: string;
  issueId: string | null;
}

function readOver(
  event: DragOverEvent | DragMoveEvent | DragEndEvent,
  root: Element | null,
): Over | null {
  const { over } = event;
  const data = over?.data.current as { kind?: unknown } | undefined;
  if (!over || data?.kind !== 'phase') return null;
  return {
    phaseId: String(over.id),
    issueId: itemUnderPointer(event, String(event.active.id), root),
  };
}

function plannedDrop(content: TicketContent, issueId: string, over: Over | null): PlannedMove {
  if (over === null) return { kind: 'none' };
  return dropMove(
    content,
    issueId,
    over.issueId === null ? { phaseId: over.phaseId } : { issueId: over.issueId },
  );
}

/**
 * Takes the content shown, `move` (runs a `moveIssue` operation) and `refused` (a move into a full
 * phase). Returns the DndContext's sensors and handlers, each phase's {@link PhaseMoves} (the same
 * object while nothing about it changes), the issue being dragged, the issue moved from the
 * keyboard that waits for the focus (`movedId`, to keep rendered in a long phase), the latest
 * announcement and `rootRef`, for the element holding the phases (where the issue under the
 * pointer and the moved issue are looked for).
 */
export function useIssueMoves({
  content,
  move,
  refused,
}: {
  content: TicketContent | null;
  move: (operation: Extract<TrackerOperation, { type: 'moveIssue' }>) => void;
  refused: () => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR_OPTIONS));
  const [activeId, setActiveId] = useState<string | null>(null);
  const [over, setOver] = useState<Over | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [news, setNews] = useState('');
  // An issue moved into another phase re-mounts there once the moved content arrives; its button
  // gets the focus back then, so Alt+arrow can move it on.
  const { movedId, expectMove, forget } = useMoveRefocus(
    content,
    (issueId) =>
      rootRef.current?.querySelector<HTMLElement>(`[data-issue-id="${CSS.escape(issueId)}"]`) ??
      null,
  );
  const latest = useRef({ content, move, refused });
  useLayoutEffect(() => {
    latest.current = { content, move, refused };
  });

  const stepIssue = useCallback(
    (issueId: string, step: MoveStep) => {
      const { content: board, move: run, refused: full } = latest.current;
      if (board === null) return;
      const planned = keyboardStep(board, issueId, step, TICKET_STEP_TEXTS);
      if (planned.full) full();
      if (planned.move) {
        expectMove(issueId, planned.move.toPhaseId);
        run({ type: 'moveIssue', ...planned.move });
      }
      if (planned.news !== null) setNews(planned.news);
    },
    [expectMove],
  );

  const idle = useMemo<PhaseMoves>(
    () => ({ dropState: 'idle', dropIssueId: null, onStepIssue: stepIssue }),
    [stepIssue],
  );
  const hovered = useMemo<PhaseMoves | null>(() => {
    if (activeId === null || over === null || content === null) return null;
    const plan = plannedDrop(content, activeId, over);
    return {
      dropState: plan.kind === 'full' ? 'refuse' : 'accept',
      dropIssueId: over.issueId !== null && over.issueId !== activeId ? over.issueId : null,
      onStepIssue: stepIssue,
    };
  }, [activeId, over, content, stepIssue]);
  const movesFor = (phaseId: string): PhaseMoves =>
    hovered !== null && over?.phaseId === phaseId ? hovered : idle;

  // A state change only when the phase or the issue under the pointer changes.
  const track = (event: DragOverEvent | DragMoveEvent) => {
    const next = readOver(event, rootRef.current);
    setOver((last) =>
      next === null
        ? null
        : last?.phaseId === next.phaseId && last.issueId === next.issueId
          ? last
          : next,
    );
  };
  const reset = () => {
    setActiveId(null);
    setOver(null);
  };
  const dnd = {
    sensors,
    accessibility: { announcements: SILENT_ANNOUNCEMENTS },
    onDragStart: (event: DragStartEvent) => {
      forget();
      setActiveId(String(event.active.id));
      setOver(null);
    },
    onDragOver: (event: DragOverEvent) => track(event),
    onDragMove: (event: DragMoveEvent) => track(event),
    onDragEnd: (event: DragEndEvent) => {
      reset();
      if (content === null) return;
      const plan = plannedDrop(content, String(event.active.id), readOver(event, rootRef.current));
      if (plan.kind === 'move') move({ type: 'moveIssue', ...plan.args });
      else if (plan.kind === 'full') refused();
    },
    onDragCancel: reset,
  };
  const active = activeId !== null && content !== null ? findIssue(content, activeId) : null;
  return { dnd, movesFor, active: active?.issue ?? null, movedId, news, rootRef };
}

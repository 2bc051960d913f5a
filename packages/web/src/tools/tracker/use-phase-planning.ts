/**
 * The planning actions both tracker pages offer on a phase and its issues (spec §2 /tools/kanban
 * and /tools/ticket): archiving or restoring one issue, archiving a done phase's issues at once,
 * and editing a phase in its form. Kanban words them for cards and columns, Issue Management for
 * issues and phases (the `{action}` of 'Failed to {action}. Please try again.').
 */
import { useCallback, useState } from 'react';

import { editBetween, isEmptyEdit } from '@cipherspace/tools';
import {
  findPhase,
  type Phase,
  type TrackerContent,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import type { ToolContent } from '../content/use-tool-content.ts';
import type { PhaseEditValues } from './PhaseFormModal.tsx';
import { usePlanPerform, type PlanAction } from './use-plan-perform.ts';

/** A phase whose edit form is open, and the version it was opened on. */
export interface PhaseEditing {
  phase: Phase;
  basedOn: number;
}

export interface PhasePlanning {
  /** The phase whose edit form is open; null: the form is closed. */
  editing: PhaseEditing | null;
  /** Opens the edit form of the phase with this id (nothing when there is none). */
  editPhase: (phaseId: string) => void;
  closePhaseEdit: () => void;
  /**
   * Saves the fields the member changed from `base` to `values`, merged by field with what
   * teammates changed meanwhile; closes the form when the phase was deleted meanwhile.
   */
  submitPhaseEdit: (values: PhaseEditValues, base: PhaseEditValues) => Promise<SaveOutcome>;
  /** Archives (`archived` true) or restores an issue (a refusal is shown through `show`). */
  archiveIssue: (issueId: string, archived: boolean) => void;
  /** Archives, as one operation, every issue the phase shows now. */
  archiveDone: (phaseId: string) => void;
}

/**
 * The operation that archives (`archived` true) or restores an issue: the `archived` field alone,
 * so whatever else a teammate changed meanwhile stays (a restore expects it archived).
 */
export function archiveOperation(issueId: string, archived: boolean): TrackerOperation {
  return {
    type: 'updateIssue',
    issueId,
    changes: { archived },
    from: archived ? {} : { archived: true },
  };
}

const ACTIONS = {
  card: {
    archive: 'archiveCard',
    restore: 'restoreCard',
    archiveDone: 'archiveDoneCards',
    updatePhase: 'updateColumn',
  },
  issue: {
    archive: 'archiveIssue',
    restore: 'restoreIssue',
    archiveDone: 'archiveDoneIssues',
    updatePhase: 'updatePhase',
  },
} as const satisfies Record<'card' | 'issue', Record<string, PlanAction>>;

/** See the module comment; every function returned is stable. */
export function usePhasePlanning<C extends TrackerContent>(
  tool: Pick<ToolContent<C, TrackerOperation>, 'perform' | 'current'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
  noun: 'card' | 'issue',
): PhasePlanning {
  const perform = usePlanPerform(tool, show);
  const { current } = tool;
  const actions = ACTIONS[noun];
  const [editing, setEditing] = useState<PhaseEditing | null>(null);

  const editPhase = useCallback(
    (phaseId: string) => {
      const { content, version } = current();
      const phase = content ? findPhase(content, phaseId) : null;
      if (phase) setEditing({ phase, basedOn: version });
    },
    [current],
  );
  const closePhaseEdit = useCallback(() => setEditing(null), []);

  const submitPhaseEdit = useCallback(
    async (values: PhaseEditValues, base: PhaseEditValues): Promise<SaveOutcome> => {
      if (editing === null) return false;
      const phaseId = editing.phase.id;
      const edit = editBetween(base, values);
      if (isEmptyEdit(edit)) return true;
      const saved = await perform(
        { type: 'updatePhase', phaseId, ...edit },
        actions.updatePhase,
        editing.basedOn,
      );
      // The phase was deleted meanwhile: nothing left to save into (the message says why).
      const board = current().content;
      if (saved === false && board !== null && findPhase(board, phaseId) === null) setEditing(null);
      return saved;
    },
    [editing, perform, current, actions],
  );

  const archiveIssue = useCallback(
    (issueId: string, archived: boolean) =>
      void perform(
        archiveOperation(issueId, archived),
        archived ? actions.archive : actions.restore,
      ),
    [perform, actions],
  );

  const archiveDone = useCallback(
    (phaseId: string) => {
      const board = current().content;
      const phase = board ? findPhase(board, phaseId) : null;
      const issueIds = (phase?.issues ?? [])
        .filter((issue) => issue.archived !== true)
        .map(({ id }) => id);
      if (issueIds.length > 0)
        void perform({ type: 'archiveIssues', phaseId, issueIds }, actions.archiveDone);
    },
    [current, perform, actions],
  );

  return { editing, editPhase, closePhaseEdit, submitPhaseEdit, archiveIssue, archiveDone };
}

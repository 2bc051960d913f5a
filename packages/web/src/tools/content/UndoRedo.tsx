/**
 * Undo and redo of this member's own changes in a tool: two header buttons and the usual shortcuts
 * — Ctrl+Z / ⌘Z undoes, Ctrl+Shift+Z / ⌘⇧Z and Ctrl+Y redo. The shortcuts leave text fields alone
 * (their own typing undo keeps working) and are off while a dialog is open. What an undo does is
 * the sync engine's (SyncClient.undo): the inverse of the change, saved as a new change
 * every member sees live. What a teammate changed since is left as they left it, and the user is
 * told; when nothing of the change can be undone, they are told so.
 */
import { Redo2, Undo2 } from 'lucide-react';
import { useCallback } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { dialogOpen } from '../../lib/dialog-open.ts';
import { m } from '../../paraglide/messages.js';
import { NothingToUndoError, type PerformResult } from '@cipherspace/sync';
import type { ToolContent } from './use-tool-content.ts';

/** What undo and redo need of a tool's content. */
export type UndoableTool = Pick<ToolContent<unknown, never>, 'undo' | 'redo'> & {
  state: { status: string; canUndo: boolean; canRedo: boolean; saving: boolean };
};

/**
 * The message after an undo or redo, or null when it was saved whole: parts a teammate changed
 * since were left as they are (info, with their number); nothing left to undo says so (info); a
 * change others built on or removed says it can no longer be undone (warning); a failed save
 * asks to try again (error).
 */
export function undoMessage(
  result: PerformResult<unknown>,
  kind: 'undo' | 'redo',
): FlashMessage | null {
  switch (result.status) {
    case 'saved':
      if (!result.leftAlone) return null;
      return { kind: 'info', text: partialText(kind, result.leftAlone) };
    case 'rejected':
      if (result.error instanceof NothingToUndoError)
        return {
          kind: 'info',
          text: kind === 'undo' ? m.tool_nothing_to_undo() : m.tool_nothing_to_redo(),
        };
      return {
        kind: 'warning',
        text: kind === 'undo' ? m.tool_undo_conflict() : m.tool_redo_conflict(),
      };
    case 'invalid':
    case 'conflict':
      return {
        kind: 'warning',
        text: kind === 'undo' ? m.tool_undo_conflict() : m.tool_redo_conflict(),
      };
    case 'failed':
      return {
        kind: 'error',
        text: m.tool_action_failed({
          action: kind === 'undo' ? m.tool_undo_action() : m.tool_redo_action(),
        }),
      };
  }
}

/** The message of an undo or redo that left `count` parts a teammate changed since. */
function partialText(kind: 'undo' | 'redo', count: number): string {
  if (kind === 'undo')
    return count === 1
      ? m.tool_undo_partial_one()
      : m.tool_undo_partial_other({ count: String(count) });
  return count === 1
    ? m.tool_redo_partial_one()
    : m.tool_redo_partial_other({ count: String(count) });
}

/** The Undo and Redo buttons of a tool header, with their keyboard shortcuts. */
export function UndoRedo({
  tool,
  show,
}: {
  tool: UndoableTool;
  /** Shows a message in the tool's status area. */
  show: (kind: FlashMessage['kind'], text: string) => void;
}) {
  const { undo, redo } = tool;
  const run = useCallback(
    async (kind: 'undo' | 'redo') => {
      const result = await (kind === 'undo' ? undo() : redo());
      const message = undoMessage(result, kind);
      if (message) show(message.kind, message.text);
    },
    [undo, redo, show],
  );
  const loaded = tool.state.status === 'loaded';
  const shortcutOptions = {
    enabled: loaded,
    preventDefault: true,
    ignoreEventWhen: dialogOpen,
  } as const;
  useHotkeys('mod+z', () => void run('undo'), shortcutOptions, [run]);
  useHotkeys(['mod+shift+z', 'ctrl+y'], () => void run('redo'), shortcutOptions, [run]);

  return (
    <div className="tool-undo-redo" role="group" aria-label={m.tool_undo_group_label()}>
      <button
        type="button"
        className="button"
        disabled={!loaded || !tool.state.canUndo}
        title={m.tool_undo_hint()}
        aria-keyshortcuts="Control+Z Meta+Z"
        onClick={() => void run('undo')}
      >
        <Undo2 aria-hidden="true" />
        {m.tool_undo()}
      </button>
      <button
        type="button"
        className="button"
        disabled={!loaded || !tool.state.canRedo}
        title={m.tool_redo_hint()}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        onClick={() => void run('redo')}
      >
        <Redo2 aria-hidden="true" />
        {m.tool_redo()}
      </button>
    </div>
  );
}

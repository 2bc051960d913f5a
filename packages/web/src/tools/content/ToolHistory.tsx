/**
 * The history controls of a tool header: Undo, Redo and a History button that opens the tool's
 * history — every kept version, grouped by day, each with who saved it, when, and one line per
 * change in the reader's language ("Ann moved 'Login bug' from To Do to In Progress"). Selecting a
 * version previews the tool read-only as it was after that change; **Restore this version** makes
 * it current again as a new change (so the restore itself can be undone) that every member sees
 * live. Everything shown is decrypted in this browser.
 */
import { UnreadableContentError } from '@cipherspace/sync';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

import { Modal } from '../../components/Modal.tsx';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import type LoadedPanel from './HistoryPanel.tsx';
import { useHistoryRequests } from './history-request.ts';
import { m } from '../../paraglide/messages.js';
import { UndoRedo, type UndoableTool } from './UndoRedo.tsx';
import type { ToolContent } from './use-tool-content.ts';

/** What the history controls need of a tool's content. */
export type HistoryTool<C> = UndoableTool &
  Pick<ToolContent<C, never>, 'restore' | 'loadHistory'> & {
    state: { version: number; loadError?: unknown };
  };

export interface ToolHistoryProps<C> {
  tool: HistoryTool<C>;
  /** Shows a message in the tool's status area. */
  show: (kind: FlashMessage['kind'], text: string) => void;
  /** The tool's own view of `content`, shown read-only (inert) as the preview of a version. */
  renderPreview: (content: C) => ReactNode;
}

// lazy() drops the panel's type parameter (the content type); the cast gives it back.
const HistoryPanel = lazy(() => import('./HistoryPanel.tsx')) as unknown as typeof LoadedPanel;

/** Undo, Redo and History, for a tool header's actions. */
export function ToolHistory<C>({ tool, show, renderPreview }: ToolHistoryProps<C>) {
  const [open, setOpen] = useState(false);
  useHistoryRequests(
    tool.loadHistory,
    useCallback(() => setOpen(true), []),
  );
  // Stored content that is not the tool's, with nothing shown in its place: the history is the
  // way back to a version that opens.
  const historyAvailable =
    tool.state.status === 'loaded' ||
    (tool.state.status === 'error' && tool.state.loadError instanceof UnreadableContentError);
  return (
    <>
      <UndoRedo tool={tool} show={show} />
      <button
        type="button"
        className="button"
        disabled={!historyAvailable}
        onClick={() => setOpen(true)}
      >
        {m.history_button()}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={m.history_title()} size="wide">
        {open ? (
          <Suspense
            fallback={
              <p role="status" className="history-loading">
                {m.history_loading()}
              </p>
            }
          >
            <HistoryPanel
              tool={tool}
              renderPreview={renderPreview}
              onRestored={(version) => {
                setOpen(false);
                show('success', m.history_restored({ version: String(version) }));
              }}
            />
          </Suspense>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {m.common_close()}
          </button>
        </div>
      </Modal>
    </>
  );
}

/**
 * Gives the focus back to an issue moved with the keyboard, in Kanban and Issue Management (spec
 * §4 Issue/card moves), so a keyboard user can go on moving it. A move into another phase shows
 * the issue there only once the moved content arrives (the operation runs asynchronously): until
 * then its element in the old phase keeps the focus, and when that element unmounts the focus
 * falls to <body>. So after every render of the caller this looks for the issue's element again
 * and focuses it while the focus is on <body>, until the issue is in its target phase with the
 * focus on it; it gives up when the issue is gone or the user has focused something else.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

import { findIssue, type TrackerContent } from '@cipherspace/tools/tracker';

export interface MoveRefocus {
  /**
   * The issue waiting for the focus, kept rendered in a long (windowed) list until it has it; once
   * focused, the list keeps it rendered as its focused item.
   */
  movedId: string | null;
  /** Issue `issueId` was just moved into phase `phaseId` with the keyboard. */
  expectMove: (issueId: string, phaseId: string) => void;
  /** Nothing to give the focus back to (a drag with the pointer started). */
  forget: () => void;
}

/**
 * Takes the content shown (null while loading) and `locate`, which finds the element of an issue
 * that takes the focus (null when it is not rendered). Call `expectMove` when a keyboard move has
 * been asked for; the focus follows the issue into its phase. See {@link MoveRefocus}.
 */
export function useMoveRefocus(
  content: TrackerContent | null,
  locate: (issueId: string) => HTMLElement | null,
): MoveRefocus {
  const target = useRef<{ issueId: string; phaseId: string } | null>(null);
  const [movedId, setMovedId] = useState<string | null>(null);
  const forget = useCallback(() => {
    target.current = null;
    setMovedId(null);
  }, []);
  // After every render: the moved issue may have been re-mounted in its new phase by any of them.
  useEffect(() => {
    const moved = target.current;
    if (moved === null || content === null) return;
    const found = findIssue(content, moved.issueId);
    const element = locate(moved.issueId);
    const focused = document.activeElement;
    const arrived = found?.phase.id === moved.phaseId;
    // Done once it has the focus in its target phase, or when it is gone or the user has moved on
    // (the focus is somewhere else than on it or <body>).
    let done = false;
    if (!found) done = true;
    else if (element && focused === element) done = arrived;
    else if (focused !== null && focused !== document.body) done = true;
    else if (element) {
      element.focus();
      done = arrived;
    }
    if (done) forget();
  });
  const expectMove = useCallback((issueId: string, phaseId: string) => {
    target.current = { issueId, phaseId };
    setMovedId(issueId);
  }, []);
  return { movedId, expectMove, forget };
}

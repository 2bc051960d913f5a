/**
 * Operations as tests of the web app meet them (the `Operation` wire form of @cipherspace/tools):
 * one made by `ann` on the Kanban board, with what a test cares about overridden.
 */
import { isEditConflict, operationContext, tools, type Operation } from '@cipherspace/tools';
import type { KanbanContent } from '@cipherspace/tools/tracker';

import type { SaveOutcome } from '../tools/content/EditConflictPanel.tsx';

/** Ann's edit of card `i1`'s title to `title` (op `id`, at `at`). */
export function cardTitleEdit(
  title: string,
  { id = 'o1', at = '2026-01-01T10:00:00.000Z' }: { id?: string; at?: string } = {},
) {
  return {
    v: 1 as const,
    tool: 'kanban',
    name: 'updateIssue',
    args: { issueId: 'i1', changes: { title } },
    id,
    at,
    by: 'ann',
  } satisfies Operation;
}

/**
 * What a page's save answers for an edit a test applies with `apply`, as a shared document would:
 * false when `apply` returns false, true otherwise — or, when it throws an edit conflict, that
 * conflict as made by `by`. Any other error is thrown on.
 */
export function saveOutcome(apply: () => unknown, by: string): Promise<SaveOutcome> {
  try {
    return Promise.resolve(apply() !== false);
  } catch (error) {
    if (!isEditConflict(error)) throw error;
    return Promise.resolve({ conflicts: error.conflicts, by });
  }
}

/**
 * A Kanban board in memory that real operations change, as the sync engine applies them: the
 * default board, then each `apply(operation)` stamped with a new id and a minute later.
 */
export function liveKanbanBoard(): {
  content: () => KanbanContent;
  apply: (operation: Parameters<typeof tools.kanban.createOperation>[0]) => void;
} {
  const { kanban } = tools;
  let step = 0;
  const stamp = () => ({
    id: `op-${String(++step)}`,
    at: new Date(Date.UTC(2026, 0, 1, 0, step)).toISOString(),
    by: 'x',
  });
  let content = kanban.defaultContent(operationContext(stamp()));
  return {
    content: () => content,
    apply(operation) {
      content = kanban.apply(content, kanban.createOperation(operation, stamp()));
    },
  };
}

/**
 * Operations as tests of the web app meet them (the `Operation` wire form of @cipherspace/tools):
 * one made by `ann` on the Kanban board, with what a test cares about overridden.
 */
import type { Operation } from '@cipherspace/tools';

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

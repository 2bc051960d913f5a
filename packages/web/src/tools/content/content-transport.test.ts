/**
 * The content transport follows the pages of `content.changes`: the server cuts a large catch-up
 * at its page size and names where the next page starts (`next_since`); the sync engine gets every
 * change in one answer, as before paging.
 */
import { describe, expect, it } from 'vitest';

import { contentTransport, type ContentApi } from './content-transport.ts';

const change = (version: number) => ({
  version,
  kind: 'operations' as const,
  operations: [`op-${String(version)}`],
  modified_by: 'bob',
});

/** A server whose pages hold two changes each, up to version `current`. */
function pagedApi(current: number, tooFarBehindAfter?: number) {
  const asked: number[] = [];
  const api: ContentApi = {
    find: () => Promise.resolve(null),
    save: () => Promise.reject(new Error('unused')),
    changes: ({ since }) => {
      asked.push(since);
      if (tooFarBehindAfter !== undefined && since >= tooFarBehindAfter) {
        return Promise.resolve({ version: current, too_far_behind: true, changes: [] });
      }
      const last = Math.min(since + 2, current);
      const changes = Array.from({ length: last - since }, (_, i) => change(since + 1 + i));
      return Promise.resolve({
        version: current,
        too_far_behind: false,
        changes,
        ...(last < current ? { next_since: last } : {}),
      });
    },
  };
  return { api, asked };
}

describe('contentTransport changes', () => {
  it('follows next_since to the last page and answers every change in order', async () => {
    const { api, asked } = pagedApi(7);
    const answer = await contentTransport(api, 'Alpha Team', 'kanban').changes?.(2);
    expect(asked).toEqual([2, 4, 6]);
    expect(answer).toEqual({
      version: 7,
      tooFarBehind: false,
      changes: [3, 4, 5, 6, 7].map((version) => ({
        version,
        kind: 'operations',
        operations: [`op-${String(version)}`],
        modifiedBy: 'bob',
      })),
    });
  });

  it('asks once when the answer is whole', async () => {
    const { api, asked } = pagedApi(4);
    const answer = await contentTransport(api, 'Alpha Team', 'kanban').changes?.(2);
    expect(asked).toEqual([2]);
    expect(answer?.changes.map((c) => c.version)).toEqual([3, 4]);
  });

  it('is too far behind when a later page is', async () => {
    const { api } = pagedApi(9, 4);
    const answer = await contentTransport(api, 'Alpha Team', 'kanban').changes?.(2);
    expect(answer).toEqual({ version: 9, tooFarBehind: true, changes: [] });
  });
});

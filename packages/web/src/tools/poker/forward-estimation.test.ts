import { describe, expect, it, vi } from 'vitest';

import { VersionConflictError } from '@cipherspace/sync';
import { defaultPokerContent, selectIssue, type PokerContent } from '@cipherspace/tools/poker';
import { TrackerError, defaultContent } from '@cipherspace/tools/tracker';
import { forwardEstimation } from './forward-estimation.ts';
import type { BacklogSaveResult } from './use-poker-backlog.ts';

const ctx = { newId: () => 'id', now: () => '2025-03-05T10:00:00.000Z' };
const round = (): PokerContent => selectIssue(defaultPokerContent(ctx), { issueId: 'issue-1' });
const saved: BacklogSaveResult = { status: 'saved', content: defaultContent('ticket', ctx) };

describe('forwardEstimation (spec §4 Forwarding, §8 Poker)', () => {
  it('writes numbers as text and sizes as they are', async () => {
    const save = vi.fn(() => Promise.resolve(saved));
    await expect(forwardEstimation(round(), '13', 'Login', save)).resolves.toEqual({
      saved: true,
      message: { kind: 'success', text: 'Estimation 13 saved to "Login".' },
    });
    await forwardEstimation(round(), 'xl', 'Login', save);
    expect(save.mock.calls).toEqual([
      ['issue-1', '13'],
      ['issue-1', 'XL'],
    ]);
  });

  it.each(['tea-cup', 'question'])('never forwards the special %s', async (value) => {
    const save = vi.fn(() => Promise.resolve(saved));
    const outcome = await forwardEstimation(round(), value, 'Login', save);
    expect(outcome).toEqual({
      saved: false,
      message: {
        kind: 'error',
        text: 'Failed to forward final estimation to issue. Special cards are not an estimation.',
      },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it("needs a selected issue ('No issue selected') and content ('No data loaded')", async () => {
    const save = vi.fn(() => Promise.resolve(saved));
    expect((await forwardEstimation(defaultPokerContent(ctx), '5', '', save)).message.text).toBe(
      'Failed to forward final estimation to issue. No issue selected',
    );
    expect((await forwardEstimation(null, '5', '', save)).message.text).toBe(
      'Failed to forward final estimation to issue. No data loaded',
    );
    expect(save).not.toHaveBeenCalled();
  });

  it.each([
    [
      { status: 'not-found' },
      'error',
      'Failed to forward final estimation to issue. Issue not found',
    ],
    [
      { status: 'rejected', error: new TrackerError('ISSUE_NOT_FOUND') },
      'error',
      'Failed to forward final estimation to issue. Issue not found',
    ],
    [
      { status: 'conflict', error: new VersionConflictError() },
      'warning',
      'Content was modified by another user. Please try your changes again. The latest version has been loaded.',
    ],
    [
      { status: 'failed', error: new Error('offline') },
      'error',
      'Failed to forward final estimation to issue.',
    ],
  ] as [BacklogSaveResult, string, string][])(
    'reports a backlog save that ended %j',
    async (result, kind, text) => {
      const outcome = await forwardEstimation(round(), '5', 'Login', () => Promise.resolve(result));
      expect(outcome).toEqual({ saved: false, message: { kind, text } });
    },
  );
});

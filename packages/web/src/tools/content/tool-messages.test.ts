import { DecryptError } from '@cipherspace/crypto';
import { tools } from '@cipherspace/tools';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';

import { setLocale } from '../../paraglide/runtime.js';
import { cardTitleEdit } from '../../testing/operations.ts';
import { ContentValidationError, VersionConflictError } from '@cipherspace/sync';
import { loadErrorMessage, performMessage, unappliedLabel } from './tool-messages.ts';

/** The server's detail for a full storage quota (ERROR.storageQuotaReached), in English. */
const QUOTA_DETAIL =
  'This space has used up its storage quota (content and history). Nothing was saved. Remove content you no longer need or ask the server operator to raise the quota.';

const describeKnown = (error: unknown) =>
  error instanceof Error && error.message === 'known' ? 'Translated rule text' : null;

describe('tool messages (spec §8 Tool entry, version conflict)', () => {
  it('says nothing after a save', () => {
    expect(performMessage({ status: 'saved', content: {} }, 'add card', describeKnown)).toBeNull();
  });

  it("shows a refused rule's own text, else 'Failed to {action}. Please try again.'", () => {
    expect(
      performMessage({ status: 'rejected', error: new Error('known') }, 'add card', describeKnown),
    ).toEqual({ kind: 'error', text: 'Translated rule text' });
    expect(
      performMessage({ status: 'rejected', error: new Error('other') }, 'add card', describeKnown),
    ).toEqual({ kind: 'error', text: 'Failed to add card. Please try again.' });
    expect(
      performMessage({ status: 'failed', error: new Error('known') }, 'move card', describeKnown),
    ).toEqual({ kind: 'error', text: 'Failed to move card. Please try again.' });
  });

  it('says why the server refused a save it explains: a full storage quota', () => {
    const quota = TRPCClientError.from({
      error: {
        message: QUOTA_DETAIL,
        code: -32600,
        data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, zodIssues: null },
      },
    });
    expect(performMessage({ status: 'failed', error: quota }, 'add card', describeKnown)).toEqual({
      kind: 'error',
      text: QUOTA_DETAIL,
    });
    void setLocale('de', { reload: false });
    expect(
      performMessage({ status: 'failed', error: quota }, 'add card', describeKnown)?.text,
    ).toMatch(/^Dieser Space hat sein Speicherkontingent/);
    void setLocale('en', { reload: false });
  });

  it('lists the validation problems', () => {
    const error = new ContentValidationError(['Title is required', 'Phase 2: Name is required']);
    expect(performMessage({ status: 'invalid', error }, 'add phase', describeKnown)).toEqual({
      kind: 'error',
      text: 'Title is required Phase 2: Name is required',
    });
  });

  it('words a conflict as the spec does, with the latest version loaded', () => {
    expect(
      performMessage(
        { status: 'conflict', error: new VersionConflictError() },
        'update card',
        describeKnown,
      ),
    ).toEqual({
      kind: 'warning',
      text: 'Content was modified by another user. Please try your changes again. The latest version has been loaded.',
    });
  });

  it('names a wrong space key on load, anything else as a load failure', () => {
    expect(loadErrorMessage(new DecryptError())).toBe(
      'Failed to decrypt content - invalid space key?',
    );
    expect(loadErrorMessage(new Error('offline'))).toBe(
      'Failed to load content. Please try again.',
    );
  });
});

describe('the label of an offline change that could not be applied', () => {
  const edit = cardTitleEdit('Login bug');
  afterEach(() => void setLocale('en', { reload: false }));

  it("names the action in the tool's words with the first text of its arguments", () => {
    expect(unappliedLabel(edit)).toBe('Edit card "Login bug"');
    expect(unappliedLabel({ ...edit, tool: 'ticket-system' })).toBe('Edit issue "Login bug"');
    expect(unappliedLabel({ ...edit, args: { issueId: 'i1' } })).toBe('Edit card');
    expect(unappliedLabel({ ...edit, tool: 'poker', name: 'reveal', args: {} })).toBe(
      'Reveal estimations',
    );
    expect(unappliedLabel(null)).toBeNull();
  });

  it('names the card an edit of other fields changed, by its title on the board', () => {
    const descriptionEdit = {
      ...edit,
      args: { issueId: 'i1', changes: { description: 'Steps' }, from: { description: '' } },
    };
    const board = { phases: [{ id: 'p1', issues: [{ id: 'i1', title: 'Login bug' }] }] };
    expect(unappliedLabel(descriptionEdit, board)).toBe('Edit card "Login bug"');
    const note = {
      ...edit,
      tool: 'bulletin',
      name: 'updatePost',
      args: { postId: 'n1', changes: { content: 'Body text' } },
    };
    expect(unappliedLabel(note, { posts: [{ id: 'n1', title: 'Retro' }] })).toBe(
      'Edit note "Retro"',
    );
    // Gone from the board: the arguments' own text, as before.
    expect(unappliedLabel(note, { posts: [] })).toBe('Edit note "Body text"');
  });

  it('speaks German', () => {
    void setLocale('de', { reload: false });
    expect(unappliedLabel(edit)).toBe('Karte bearbeiten „Login bug“');
    expect(unappliedLabel({ ...edit, tool: 'ticket-system', args: { issueId: 'i1' } })).toBe(
      'Issue bearbeiten',
    );
  });

  it('keeps a name it does not know as it is', () => {
    expect(unappliedLabel({ ...edit, name: 'renameSpace', args: { name: 'Apollo' } })).toBe(
      'renameSpace "Apollo"',
    );
    expect(unappliedLabel({ ...edit, tool: 'whiteboard', name: 'toString', args: {} })).toBe(
      'toString',
    );
  });

  it("has a text for every operation of every tool's registry entry", () => {
    for (const [tool, definition] of Object.entries(tools))
      for (const name of definition.operations)
        expect(unappliedLabel({ ...edit, tool, name, args: {} }), `${tool} ${name}`).not.toBe(name);
  });
});

import { DecryptError } from '@cipherspace/crypto';
import { describe, expect, it } from 'vitest';

import { ContentValidationError, VersionConflictError } from './content-lifecycle.ts';
import { loadErrorMessage, performMessage } from './tool-messages.ts';

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

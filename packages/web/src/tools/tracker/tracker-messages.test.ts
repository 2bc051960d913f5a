import { afterEach, describe, expect, it } from 'vitest';

import { TRACKER_MESSAGES, TrackerError, type TrackerErrorCode } from '@cipherspace/tools/tracker';
import { applyLanguage } from '../../lib/i18n.ts';
import { describeTrackerError, trackerActionText } from './tracker-messages.ts';

const PARAMS = { maxPhases: 10, minPhases: 2, maxChars: 3, maxIssues: 4 };
const CODES = Object.keys(TRACKER_MESSAGES) as TrackerErrorCode[];

afterEach(() => applyLanguage('en'));

describe('describeTrackerError (spec §8 Tracker logic)', () => {
  it.each(CODES)("shows %s in English as the package's message", (code) => {
    const error = new TrackerError(code, PARAMS);
    expect(describeTrackerError(error)).toBe(error.message);
  });

  it.each(CODES)('has a German text for %s, with its numbers filled in', (code) => {
    applyLanguage('de');
    const text = describeTrackerError(new TrackerError(code, PARAMS)) ?? '';
    expect(text).not.toBe('');
    expect(text).not.toMatch(/\{\w+\}/);
    expect(text).not.toBe(new TrackerError(code, PARAMS).message);
  });

  it('names the new rules of the operations in both languages', () => {
    expect(describeTrackerError(new TrackerError('TOO_MANY_ISSUES', { maxIssues: 1 }))).toBe(
      'Cannot have more than 1 issues',
    );
    applyLanguage('de');
    expect(describeTrackerError(new TrackerError('ESTIMATION_NEGATIVE'))).toBe(
      'Schätzung darf nicht negativ sein',
    );
  });

  it('words the rules of comments, checklists, due dates and tag colours in German', () => {
    applyLanguage('de');
    expect(describeTrackerError(new TrackerError('NOT_COMMENT_AUTHOR'))).toBe(
      'Nur wer den Kommentar geschrieben hat, kann ihn ändern',
    );
    expect(describeTrackerError(new TrackerError('INVALID_DUE_DATE'))).toBe(
      'Das Fälligkeitsdatum muss ein Datum sein (JJJJ-MM-TT)',
    );
  });

  it('names the new actions in both languages', () => {
    expect(trackerActionText('editComment')).toBe('edit comment');
    expect(trackerActionText('setTagColor')).toBe('change tag colour');
    applyLanguage('de');
    expect(trackerActionText('addChecklistItem')).toBe('Checklistenpunkt hinzufügen');
  });

  it('leaves any other error to the generic message', () => {
    expect(describeTrackerError(new Error('network'))).toBeNull();
  });
});

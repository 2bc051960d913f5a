import { afterEach, describe, expect, it } from 'vitest';

import { RandomizerError } from '@cipherspace/tools/randomizer';
import { applyLanguage } from '../../lib/i18n.ts';
import { ContentValidationError, VersionConflictError } from '@cipherspace/sync';
import {
  describeRandomizerError,
  randomizerPerformMessage,
  translateValidationProblems,
} from './randomizer-messages.ts';

afterEach(() => applyLanguage('en'));

describe('randomizer messages (spec §5, §8 Randomizer)', () => {
  it('says nothing after a saved operation', () => {
    expect(randomizerPerformMessage({ status: 'saved', content: {} }, 'start')).toBeNull();
  });

  it('translates a refused rule', () => {
    const refused = {
      status: 'rejected',
      error: new RandomizerError('NO_AVAILABLE_OPTIONS'),
    } as const;
    expect(randomizerPerformMessage(refused, 'start')).toEqual({
      kind: 'error',
      text: 'No available options to select from',
    });
    applyLanguage('de');
    expect(randomizerPerformMessage(refused, 'start')?.text).toBe(
      'Keine verfügbaren Optionen zur Auswahl',
    );
    expect(describeRandomizerError(new Error('other'))).toBeNull();
  });

  it('translates validation problems instead of showing the English texts', () => {
    const invalid = {
      status: 'invalid',
      error: new ContentValidationError(['At least one option is required']),
    } as const;
    expect(randomizerPerformMessage(invalid, 'saveOptions')?.text).toBe(
      'At least one option is required',
    );
    applyLanguage('de');
    expect(randomizerPerformMessage(invalid, 'saveOptions')).toEqual({
      kind: 'error',
      text: 'Mindestens eine Option ist erforderlich',
    });
  });

  it('translates the validation problems inside a text joined elsewhere', () => {
    const joined = 'At least one option is required Invalid repetition mode';
    expect(translateValidationProblems(joined)).toBe(joined);
    applyLanguage('de');
    expect(translateValidationProblems(joined)).toBe(
      'Mindestens eine Option ist erforderlich Ungültiger Wiederholungsmodus',
    );
    expect(translateValidationProblems('Something else')).toBe('Something else');
  });

  it('names the failed action and reports conflicts', () => {
    const failed = { status: 'failed', error: new Error('network') } as const;
    expect(randomizerPerformMessage(failed, 'saveOptions')?.text).toBe(
      'Failed to save the options. Please try again.',
    );
    expect(randomizerPerformMessage(failed, 'resetUsed')?.text).toBe(
      'Failed to reset the used options. Please try again.',
    );
    applyLanguage('de');
    expect(randomizerPerformMessage(failed, 'changeMode')?.text).toBe(
      'Wiederholungsmodus ändern fehlgeschlagen. Bitte versuchen Sie es erneut.',
    );
    applyLanguage('en');
    expect(
      randomizerPerformMessage({ status: 'conflict', error: new VersionConflictError() }, 'start'),
    ).toEqual({
      kind: 'warning',
      text: 'Content was modified by another user. Please try your changes again. The latest version has been loaded.',
    });
  });
});

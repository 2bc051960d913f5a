import { afterEach, describe, expect, it } from 'vitest';

import { DiagramError } from '@cipherspace/tools/diagrams';
import { applyLanguage } from '../../lib/i18n.ts';
import { ContentValidationError } from '@cipherspace/sync';
import {
  describeDiagramError,
  diagramActionText,
  diagramCountText,
  savedAge,
  savedAgeText,
} from './diagrams-messages.ts';

afterEach(() => applyLanguage('en'));

describe('savedAge / savedAgeText (spec §2 status bar)', () => {
  const t0 = Date.UTC(2024, 0, 1);
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 minute ago'],
    [119_999, '1 minute ago'],
    [120_000, '2 minutes ago'],
    [75 * 60_000, '75 minutes ago'],
    [-5_000, 'just now'],
  ])('%i ms later: %s', (elapsed, text) => {
    expect(savedAgeText(savedAge(t0, t0 + elapsed))).toBe(text);
  });

  it('in German', () => {
    applyLanguage('de');
    expect(savedAgeText({ kind: 'justNow' })).toBe('gerade eben');
    expect(savedAgeText({ kind: 'minutes', minutes: 1 })).toBe('vor 1 Minute');
    expect(savedAgeText({ kind: 'minutes', minutes: 3 })).toBe('vor 3 Minuten');
  });
});

describe('describeDiagramError (spec §8 Diagrams, §5 Diagram validation)', () => {
  it('translates every rule', () => {
    expect(describeDiagramError(new DiagramError('NO_COLLECTION'))).toBe(
      'No diagram collection loaded',
    );
    expect(describeDiagramError(new DiagramError('DIAGRAM_NOT_FOUND'))).toBe('Diagram not found');
    expect(describeDiagramError(new DiagramError('LAST_DIAGRAM'))).toBe(
      'The last diagram cannot be deleted',
    );
    expect(describeDiagramError(new DiagramError('NAME_TOO_LONG', { maxChars: 100 }))).toBe(
      'Name must be at most 100 characters',
    );
    expect(describeDiagramError(new DiagramError('ID_REQUIRED'))).toBe('ID is required');
    expect(describeDiagramError(new DiagramError('DIAGRAM_CHANGED'))).toBe(
      'The diagram was changed by another member since you opened it',
    );
    applyLanguage('de');
    expect(describeDiagramError(new DiagramError('DIAGRAM_CHANGED'))).toBe(
      'Das Diagramm wurde seit dem Öffnen von einem anderen Mitglied geändert',
    );
    expect(describeDiagramError(new DiagramError('ID_REQUIRED'))).toBe('ID ist erforderlich');
    expect(describeDiagramError(new DiagramError('DIAGRAM_NOT_FOUND'))).toBe(
      'Diagramm nicht gefunden',
    );
    expect(describeDiagramError(new DiagramError('XML_REQUIRED'))).toBe(
      'XML-Inhalt ist erforderlich',
    );
  });

  it('translates validation problems, numbered per diagram', () => {
    const error = new ContentValidationError([
      'Title is required',
      'Diagram 2: Name is required',
      'Diagram 3: XML content is required',
      'Something unexpected',
    ]);
    expect(describeDiagramError(error)).toBe(
      'Title is required Diagram 2: Name is required Diagram 3: XML content is required Something unexpected',
    );
    applyLanguage('de');
    expect(describeDiagramError(error)).toBe(
      'Titel ist erforderlich Diagramm 2: Name ist erforderlich Diagramm 3: XML-Inhalt ist erforderlich Something unexpected',
    );
  });

  it('leaves other errors to the generic message', () => {
    expect(describeDiagramError(new Error('network'))).toBeNull();
  });
});

describe('action and count texts', () => {
  it('names the actions of §8 "Failed to {action}"', () => {
    expect(diagramActionText('save')).toBe('save diagram');
    expect(diagramActionText('create')).toBe('create diagram');
    applyLanguage('de');
    expect(diagramActionText('delete')).toBe('Diagramm löschen');
  });

  it('counts diagrams', () => {
    expect(diagramCountText(1)).toBe('1 diagram');
    expect(diagramCountText(3)).toBe('3 diagrams');
    applyLanguage('de');
    expect(diagramCountText(1)).toBe('1 Diagramm');
  });
});

/**
 * The helpers of the Diagrams screen's drawing conflict (spec §4 version conflict): which error
 * is a drawing saved over by someone else, and the name "Keep both" gives the member's copy —
 * translated and never longer than a diagram name may be (spec §5).
 */
import { afterEach, describe, expect, it } from 'vitest';

import { DIAGRAM_NAME_MAX_CHARS, DiagramError } from '@cipherspace/tools/diagrams';
import { EditConflictError } from '@cipherspace/tools';
import { applyLanguage } from '../../lib/i18n.ts';
import { diagramCopyName, isDiagramChanged } from './diagram-conflicts.ts';

afterEach(() => applyLanguage('en'));

describe('isDiagramChanged', () => {
  it('is true only for DIAGRAM_CHANGED', () => {
    expect(isDiagramChanged(new DiagramError('DIAGRAM_CHANGED'))).toBe(true);
    expect(isDiagramChanged(new DiagramError('DIAGRAM_NOT_FOUND'))).toBe(false);
    expect(isDiagramChanged(new EditConflictError([], 'd'))).toBe(false);
    expect(isDiagramChanged(new Error('DIAGRAM_CHANGED'))).toBe(false);
    expect(isDiagramChanged(null)).toBe(false);
  });
});

describe('diagramCopyName', () => {
  it('names the copy after the diagram and the member, in English and German', () => {
    expect(diagramCopyName('Architecture', 'ann')).toBe('Architecture (copy by ann)');
    applyLanguage('de');
    expect(diagramCopyName('Architecture', 'ann')).toBe('Architecture (Kopie von ann)');
  });

  it('shortens a long name so the copy is still a valid name, ending the name in …', () => {
    const name = 'x'.repeat(DIAGRAM_NAME_MAX_CHARS);
    const copy = diagramCopyName(name, 'ann');
    expect(copy.length).toBeLessThanOrEqual(DIAGRAM_NAME_MAX_CHARS);
    expect(copy).toMatch(/^x+… \(copy by ann\)$/);
    // Whole characters only: no half of a surrogate pair is left behind.
    const emoji = diagramCopyName('🙂'.repeat(60), 'ann');
    expect(emoji.length).toBeLessThanOrEqual(DIAGRAM_NAME_MAX_CHARS);
    expect(emoji).toMatch(/^(🙂)+… \(copy by ann\)$/u);
  });

  it('stays within the limit even for a username longer than a name may be', () => {
    const copy = diagramCopyName('Flow', 'u'.repeat(150));
    expect(copy.length).toBeLessThanOrEqual(DIAGRAM_NAME_MAX_CHARS);
    expect(copy.endsWith('…')).toBe(true);
  });
});

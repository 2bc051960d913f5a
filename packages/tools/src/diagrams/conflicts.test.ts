/**
 * Two members editing one diagram (spec §3 Diagram version, §4 Diagrams, §4 version conflict):
 * a drawing saved with `baseVersion` and a rename with `from` never silently replace what another
 * member saved meanwhile — they apply, find it already done, or throw for the member to choose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { EditConflictError, isEditConflict } from '../edits.ts';
import { deepFreeze, expectDomainError, testContext, thrownBy } from '../testing.ts';
import { defaultDiagramCollection } from './defaults.ts';
import { applyDiagramOperation, renameDiagram, updateDiagramXml } from './operations.ts';
import { DiagramError, type DiagramCollection } from './types.ts';

const ID = 'id-2';
const MINE = '<mxGraphModel><root><mxCell id="mine"/></root></mxGraphModel>';
const THEIRS = '<mxGraphModel><root><mxCell id="theirs"/></root></mxGraphModel>';
const CHANGED = 'The diagram was changed by another member since you opened it';

/** The default collection (one diagram, id-2, 'Default Diagram', version 1), frozen. */
function collection(): DiagramCollection {
  return deepFreeze(defaultDiagramCollection(testContext('fixed')));
}

function diagramOf(content: DiagramCollection) {
  const diagram = content.diagrams.find((entry) => entry.id === ID);
  if (!diagram) throw new Error('no diagram');
  return diagram;
}

describe('updateDiagramXml with baseVersion', () => {
  const ctx = testContext();

  it('stores the drawing when nobody saved the diagram since it was loaded', () => {
    const next = updateDiagramXml(
      collection(),
      { diagramId: ID, diagramXml: MINE, modifiedBy: 'ann', baseVersion: 1 },
      ctx,
    );
    expect(diagramOf(next)).toMatchObject({ diagramXml: MINE, version: 2, modifiedBy: 'ann' });
  });

  it("refuses to replace another member's newer drawing: DIAGRAM_CHANGED", () => {
    const theirs = deepFreeze(
      updateDiagramXml(
        collection(),
        { diagramId: ID, diagramXml: THEIRS, modifiedBy: 'bob', baseVersion: 1 },
        ctx,
      ),
    );
    const error = thrownBy(() =>
      updateDiagramXml(
        theirs,
        { diagramId: ID, diagramXml: MINE, modifiedBy: 'ann', baseVersion: 1 },
        ctx,
      ),
    );
    expect(error).toBeInstanceOf(DiagramError);
    expect(error).toMatchObject({ code: 'DIAGRAM_CHANGED', message: CHANGED, params: {} });
    // The refusal names no drawing: nothing of either member's content travels in the error.
    expect(JSON.stringify(error)).not.toContain('mxCell');
    expect(diagramOf(theirs).diagramXml).toBe(THEIRS);
  });

  it('accepts the same drawing someone else saved meanwhile, and a base that is current again', () => {
    const theirs = updateDiagramXml(
      collection(),
      { diagramId: ID, diagramXml: MINE, modifiedBy: 'bob' },
      ctx,
    );
    const same = updateDiagramXml(
      theirs,
      { diagramId: ID, diagramXml: MINE, modifiedBy: 'ann', baseVersion: 1 },
      ctx,
    );
    expect(diagramOf(same)).toMatchObject({ diagramXml: MINE, version: 3 });
    // Overwrite after the member chose it: the base is the version they were shown.
    const overwritten = updateDiagramXml(
      updateDiagramXml(theirs, { diagramId: ID, diagramXml: THEIRS, modifiedBy: 'bob' }, ctx),
      { diagramId: ID, diagramXml: MINE, modifiedBy: 'ann', baseVersion: 3 },
      ctx,
    );
    expect(diagramOf(overwritten)).toMatchObject({ diagramXml: MINE, version: 4 });
  });

  it('without baseVersion (older clients, history replay) replaces the drawing as before', () => {
    const theirs = updateDiagramXml(
      collection(),
      { diagramId: ID, diagramXml: THEIRS, modifiedBy: 'bob' },
      ctx,
    );
    const next = updateDiagramXml(
      theirs,
      { diagramId: ID, diagramXml: MINE, modifiedBy: 'ann' },
      ctx,
    );
    expect(diagramOf(next)).toMatchObject({ diagramXml: MINE, version: 3 });
  });

  it('is re-applied after a 409 through applyDiagramOperation with the same refusal', () => {
    const theirs = updateDiagramXml(
      collection(),
      { diagramId: ID, diagramXml: THEIRS, modifiedBy: 'bob' },
      ctx,
    );
    expectDomainError(
      DiagramError,
      () =>
        applyDiagramOperation(
          theirs,
          {
            type: 'updateDiagramXml',
            diagramId: ID,
            diagramXml: MINE,
            modifiedBy: 'ann',
            baseVersion: 1,
          },
          ctx,
        ),
      'DIAGRAM_CHANGED',
      CHANGED,
    );
  });
});

describe('renameDiagram with from', () => {
  const ctx = testContext();

  it('renames when the name is still the one the dialog opened with', () => {
    const next = renameDiagram(
      collection(),
      { diagramId: ID, name: ' Flow ', modifiedBy: 'ann', from: 'Default Diagram' },
      ctx,
    );
    expect(diagramOf(next)).toMatchObject({ name: 'Flow', version: 2, modifiedBy: 'ann' });
  });

  it('throws EditConflictError with both names when someone else renamed it meanwhile', () => {
    const theirs = deepFreeze(
      renameDiagram(collection(), { diagramId: ID, name: 'Theirs', modifiedBy: 'bob' }, ctx),
    );
    const error = thrownBy(() =>
      renameDiagram(
        theirs,
        { diagramId: ID, name: 'Mine', modifiedBy: 'ann', from: 'Default Diagram' },
        ctx,
      ),
    );
    expect(error).toBeInstanceOf(EditConflictError);
    expect(error).toMatchObject({
      code: 'EDIT_CONFLICT',
      entityId: ID,
      conflicts: [{ field: 'name', from: 'Default Diagram', mine: 'Mine', theirs: 'Theirs' }],
    });
    expect(diagramOf(theirs).name).toBe('Theirs');
  });

  it('leaves the collection as it is when someone else chose the same name', () => {
    const theirs = deepFreeze(
      renameDiagram(collection(), { diagramId: ID, name: 'Flow', modifiedBy: 'bob' }, ctx),
    );
    const next = renameDiagram(
      theirs,
      { diagramId: ID, name: ' Flow', modifiedBy: 'ann', from: 'Default Diagram' },
      ctx,
    );
    expect(next).toBe(theirs);
  });

  it('still lands after someone else changed only the drawing', () => {
    const drawn = updateDiagramXml(
      collection(),
      { diagramId: ID, diagramXml: THEIRS, modifiedBy: 'bob' },
      ctx,
    );
    const next = renameDiagram(
      drawn,
      { diagramId: ID, name: 'Flow', modifiedBy: 'ann', from: 'Default Diagram' },
      ctx,
    );
    expect(diagramOf(next)).toMatchObject({ name: 'Flow', diagramXml: THEIRS, version: 3 });
  });

  it('saving mine after the conflict: from is theirs, and the rename lands', () => {
    const theirs = renameDiagram(
      collection(),
      { diagramId: ID, name: 'Theirs', modifiedBy: 'bob' },
      ctx,
    );
    const next = renameDiagram(
      theirs,
      { diagramId: ID, name: 'Mine', modifiedBy: 'ann', from: 'Theirs' },
      ctx,
    );
    expect(diagramOf(next).name).toBe('Mine');
  });

  it('without from (older clients) sets the name as before', () => {
    const theirs = renameDiagram(
      collection(),
      { diagramId: ID, name: 'Theirs', modifiedBy: 'bob' },
      ctx,
    );
    expect(
      diagramOf(renameDiagram(theirs, { diagramId: ID, name: 'Mine', modifiedBy: 'ann' }, ctx))
        .name,
    ).toBe('Mine');
  });
});

describe('two members at once (property)', () => {
  const drawing = fc.oneof(
    fc.constantFrom(MINE, THEIRS),
    fc
      .string({ minLength: 1, maxLength: 8 })
      .map((label) => `<mxGraphModel><root><mxCell value="${label}"/></root></mxGraphModel>`),
  );
  const name = fc.oneof(
    fc.constantFrom('Default Diagram', 'Flow', 'Plan'),
    fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== ''),
  );
  /** Starting point: the default diagram after 0–3 saves, so versions other than 1 occur too. */
  const start = fc.array(drawing, { maxLength: 3 }).map((saves) => {
    const ctx = testContext();
    let content = collection();
    for (const xml of saves)
      content = updateDiagramXml(content, { diagramId: ID, diagramXml: xml, modifiedBy: 'x' }, ctx);
    return deepFreeze(content);
  });

  it("the second of two saves from the same version keeps the first one's drawing or throws", () => {
    fc.assert(
      fc.property(start, drawing, drawing, (content, first, second) => {
        const ctx = testContext();
        const baseVersion = diagramOf(content).version;
        const afterFirst = deepFreeze(
          updateDiagramXml(
            content,
            { diagramId: ID, diagramXml: first, modifiedBy: 'bob', baseVersion },
            ctx,
          ),
        );
        let afterSecond: DiagramCollection;
        try {
          afterSecond = updateDiagramXml(
            afterFirst,
            { diagramId: ID, diagramXml: second, modifiedBy: 'ann', baseVersion },
            ctx,
          );
        } catch (error) {
          expect(error).toBeInstanceOf(DiagramError);
          expect(error).toMatchObject({ code: 'DIAGRAM_CHANGED' });
          expect(second).not.toBe(first);
          return;
        }
        // Accepted only where it replaces nothing of the first member's.
        expect(second).toBe(first);
        expect(diagramOf(afterSecond).diagramXml).toBe(first);
      }),
    );
  });

  it('two renames from the same name, in either order: the second lands only if equal, else throws', () => {
    fc.assert(
      fc.property(name, name, fc.boolean(), (annName, bobName, annFirst) => {
        const ctx = testContext();
        const content = collection();
        const from = diagramOf(content).name;
        const [firstName, secondName] = annFirst ? [annName, bobName] : [bobName, annName];
        const afterFirst = deepFreeze(
          renameDiagram(content, { diagramId: ID, name: firstName, modifiedBy: 'a', from }, ctx),
        );
        const firstStored = diagramOf(afterFirst).name;
        expect(firstStored).toBe(firstName.trim() === from ? from : firstName.trim());
        let afterSecond: DiagramCollection;
        try {
          afterSecond = renameDiagram(
            afterFirst,
            { diagramId: ID, name: secondName, modifiedBy: 'b', from },
            ctx,
          );
        } catch (error) {
          expect(isEditConflict(error)).toBe(true);
          expect(error).toMatchObject({
            conflicts: [{ field: 'name', from, mine: secondName.trim(), theirs: firstStored }],
          });
          return;
        }
        const stored = diagramOf(afterSecond).name;
        // Either the first rename changed nothing (so the second is no overwrite) or both
        // members chose the same name: nobody's rename disappears without a conflict.
        expect(firstStored === from || stored === firstStored).toBe(true);
        expect(stored).toBe(secondName.trim() === from ? firstStored : secondName.trim());
      }),
    );
  });
});

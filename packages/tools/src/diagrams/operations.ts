/**
 * The named operations on the diagram collection (spec §2 /tools/diagrams dialogs, §4 Diagrams,
 * §5 Diagram validation, §8 Diagrams). Each is pure: `(collection, args, ctx) => newCollection`,
 * never mutating its input and throwing {@link DiagramError} when a rule refuses it. Each is
 * defined once (see "Definitions" below: name, argument schema, apply, activity entry) and listed
 * in {@link diagramOperations}; {@link applyDiagramOperation} replays a {@link DiagramOperation}
 * against any collection, which is how a save that hit a 409 re-applies the user's change to the
 * latest version (spec §4 Tool content). The whole collection is saved after each of them (spec
 * §7 Notes).
 *
 * Diagrams are found by id, so a rename still lands after someone else added diagrams. The id
 * of a new diagram is chosen by the caller (a random UUID), so the screen can open the new
 * diagram and a replay creates the same one.
 */
import { z } from 'zod';

import { addedItem, type ActivitySnapshot } from '../activity-log.ts';
import { operationDefiner, operationSet, type OperationSetOp } from '../define-operation.ts';
import { mergeFieldChanges } from '../edits.ts';
import { BLANK_DIAGRAM_XML } from './defaults.ts';
import {
  DIAGRAM_NAME_MAX_CHARS,
  DiagramError,
  MIN_DIAGRAMS,
  type Diagram,
  type DiagramCollection,
  type DiagramErrorCode,
  type DiagramsContext,
} from './types.ts';

// The shapes of an operation's arguments; rules about values (blank names, the last diagram) are
// the operations' own.
const createDiagramArgs = z.object({
  diagramId: z.string(),
  name: z.string(),
  modifiedBy: z.string(),
  diagramXml: z.string().optional(),
  description: z.string().optional(),
});
const renameDiagramArgs = z.object({
  diagramId: z.string(),
  name: z.string(),
  modifiedBy: z.string(),
  from: z.string().optional(),
});
const deleteDiagramArgs = z.object({ diagramId: z.string(), modifiedBy: z.string() });
const updateDiagramXmlArgs = z.object({
  diagramId: z.string(),
  diagramXml: z.string(),
  modifiedBy: z.string(),
  // A diagram's `version` counts its saves: an integer >= 0, as in the content (./schema.ts).
  baseVersion: z.number().int().nonnegative().optional(),
});

/**
 * Arguments of {@link createDiagram}: the new diagram's id (unique, chosen by the caller), its
 * name as typed, who creates it, and optionally its drawing (default: an empty page).
 */
export type CreateDiagramArgs = z.output<typeof createDiagramArgs>;
/**
 * Arguments of {@link renameDiagram}: the new name as typed and, optionally, `from` — the
 * diagram's name when the member opened the Rename dialog (spec §4 version conflict: a rename
 * someone else made meanwhile is not overwritten silently). Without `from` (older clients) the
 * name is set as it is.
 */
export type RenameDiagramArgs = z.output<typeof renameDiagramArgs>;
/** Arguments of {@link deleteDiagram}. */
export type DeleteDiagramArgs = z.output<typeof deleteDiagramArgs>;
/**
 * Arguments of {@link updateDiagramXml}: the drawing the editor saved and, optionally,
 * `baseVersion` — the diagram's `version` when the member loaded it into the editor (spec §3
 * Diagram version, §4 version conflict). Without it (older clients, history replay) the drawing
 * replaces whatever is stored.
 */
export type UpdateDiagramXmlArgs = z.output<typeof updateDiagramXmlArgs>;

function requireCollection(collection: DiagramCollection | null | undefined): DiagramCollection {
  if (collection === null || collection === undefined) throw new DiagramError('NO_COLLECTION');
  return collection;
}

/** The diagram with id `diagramId`, or undefined. */
export function findDiagram(collection: DiagramCollection, diagramId: string): Diagram | undefined {
  return collection.diagrams.find((diagram) => diagram.id === diagramId);
}

function requireDiagram(collection: DiagramCollection, diagramId: string): Diagram {
  const diagram = findDiagram(collection, diagramId);
  if (!diagram) throw new DiagramError('DIAGRAM_NOT_FOUND');
  return diagram;
}

/**
 * What is wrong with a diagram name typed into the Create or Rename dialog (spec §5: not blank
 * after trimming; at most {@link DIAGRAM_NAME_MAX_CHARS} characters), or null when it may be
 * used. The dialogs disable their submit button while this is not null.
 */
export function diagramNameProblem(
  name: string,
): Extract<DiagramErrorCode, 'NAME_REQUIRED' | 'NAME_TOO_LONG'> | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'NAME_REQUIRED';
  if (trimmed.length > DIAGRAM_NAME_MAX_CHARS) return 'NAME_TOO_LONG';
  return null;
}

function checkedName(name: string): string {
  const problem = diagramNameProblem(name);
  if (problem === 'NAME_TOO_LONG')
    throw new DiagramError(problem, { maxChars: DIAGRAM_NAME_MAX_CHARS });
  if (problem !== null) throw new DiagramError(problem);
  return name.trim();
}

function checkedXml(xml: string): string {
  if (xml.trim() === '') throw new DiagramError('XML_REQUIRED');
  return xml;
}

/**
 * spec §2 /tools/diagrams: Delete is possible only with more than {@link MIN_DIAGRAMS} diagrams
 * (the last diagram cannot be deleted, spec §5/§9).
 */
export function canDeleteDiagram(collection: DiagramCollection): boolean {
  return collection.diagrams.length > MIN_DIAGRAMS;
}

function replaceDiagram(
  collection: DiagramCollection,
  updated: Diagram,
  modifiedBy: string,
): DiagramCollection {
  return {
    ...collection,
    modifiedBy,
    diagrams: collection.diagrams.map((diagram) => (diagram.id === updated.id ? updated : diagram)),
  };
}

/**
 * Appends a new diagram (spec §2 Create dialog): name trimmed, required, at most 100 characters;
 * drawing `diagramXml` (default {@link BLANK_DIAGRAM_XML}) must not be blank; version 1;
 * createdAt and lastModified from one `ctx.now()`. The collection's `modifiedBy` becomes the
 * creator. Throws NO_COLLECTION, ID_REQUIRED (blank id), DIAGRAM_EXISTS (id taken),
 * NAME_REQUIRED, NAME_TOO_LONG, XML_REQUIRED.
 */
export function createDiagram(
  collection: DiagramCollection | null,
  args: CreateDiagramArgs,
  ctx: DiagramsContext,
): DiagramCollection {
  const current = requireCollection(collection);
  // spec §5 'Diagram N: ID is required': a blank id would make the collection unsaveable.
  if (args.diagramId.trim() === '') throw new DiagramError('ID_REQUIRED');
  if (findDiagram(current, args.diagramId)) throw new DiagramError('DIAGRAM_EXISTS');
  const name = checkedName(args.name);
  const diagramXml = checkedXml(args.diagramXml ?? BLANK_DIAGRAM_XML);
  const now = ctx.now();
  const diagram: Diagram = {
    id: args.diagramId,
    name,
    diagramXml,
    lastModified: now,
    createdAt: now,
    modifiedBy: args.modifiedBy,
    description: args.description ?? '',
    version: 1,
  };
  return { ...current, modifiedBy: args.modifiedBy, diagrams: [...current.diagrams, diagram] };
}

/**
 * Renames a diagram (spec §2 Rename dialog) with the same name rules as {@link createDiagram};
 * advances the diagram's version and sets its lastModified (`ctx.now()`) and modifiedBy.
 * With `from` (the name when the dialog opened) it is a field edit (../edits.ts): when someone
 * else renamed the diagram meanwhile to another name it throws EditConflictError (`entityId` the
 * diagram's id, one conflict on `name` with from/mine/theirs); when the diagram already has the
 * new name the collection is returned unchanged. Throws NO_COLLECTION, DIAGRAM_NOT_FOUND,
 * NAME_REQUIRED, NAME_TOO_LONG.
 */
export function renameDiagram(
  collection: DiagramCollection | null,
  args: RenameDiagramArgs,
  ctx: DiagramsContext,
): DiagramCollection {
  const current = requireCollection(collection);
  const diagram = requireDiagram(current, args.diagramId);
  const name = checkedName(args.name);
  if (args.from !== undefined) {
    const from = { name: args.from };
    const merged = mergeFieldChanges(diagram, { name }, from, diagram.id);
    // Someone else already gave it this name: nothing left to do.
    if (merged.name === undefined) return current;
  }
  return replaceDiagram(
    current,
    {
      ...diagram,
      name,
      version: diagram.version + 1,
      lastModified: ctx.now(),
      modifiedBy: args.modifiedBy,
    },
    args.modifiedBy,
  );
}

/**
 * Deletes a diagram (spec §2 Delete dialog). The last diagram cannot be deleted (spec §5, §9).
 * When the default diagram is deleted, the first remaining one becomes the default.
 * Throws NO_COLLECTION, DIAGRAM_NOT_FOUND (also when someone else deleted it first),
 * LAST_DIAGRAM.
 */
export function deleteDiagram(
  collection: DiagramCollection | null,
  args: DeleteDiagramArgs,
  _ctx?: DiagramsContext,
): DiagramCollection {
  const current = requireCollection(collection);
  requireDiagram(current, args.diagramId);
  if (!canDeleteDiagram(current)) throw new DiagramError('LAST_DIAGRAM');
  const diagrams = current.diagrams.filter((diagram) => diagram.id !== args.diagramId);
  const defaultDiagramId =
    current.defaultDiagramId === args.diagramId
      ? (diagrams[0]?.id ?? '')
      : current.defaultDiagramId;
  return { ...current, modifiedBy: args.modifiedBy, diagrams, defaultDiagramId };
}

/**
 * Stores the drawing the editor saved (spec §4 Diagrams, §7 Notes "XML update"): the XML must
 * not be blank (spec §5 'XML content is required'); advances the diagram's version and sets its
 * lastModified (`ctx.now()`) and modifiedBy. Saving the same XML again still counts as a save.
 * With `baseVersion`, a diagram saved by someone else since (its `version` is no longer
 * `baseVersion`) with another drawing is not replaced: DIAGRAM_CHANGED (spec §4 version
 * conflict; the member chooses). Throws NO_COLLECTION, DIAGRAM_NOT_FOUND, XML_REQUIRED,
 * DIAGRAM_CHANGED.
 */
export function updateDiagramXml(
  collection: DiagramCollection | null,
  args: UpdateDiagramXmlArgs,
  ctx: DiagramsContext,
): DiagramCollection {
  const current = requireCollection(collection);
  const diagram = requireDiagram(current, args.diagramId);
  const diagramXml = checkedXml(args.diagramXml);
  // Someone saving the very same drawing meanwhile is no conflict: nothing of theirs is lost.
  if (
    args.baseVersion !== undefined &&
    diagram.version !== args.baseVersion &&
    diagram.diagramXml !== diagramXml
  )
    throw new DiagramError('DIAGRAM_CHANGED');
  return replaceDiagram(
    current,
    {
      ...diagram,
      diagramXml,
      version: diagram.version + 1,
      lastModified: ctx.now(),
      modifiedBy: args.modifiedBy,
    },
    args.modifiedBy,
  );
}

/**
 * The diagram the screen shows (spec §2 "a select for the current diagram"): the one with id
 * `preferredId` when it (still) exists, else the collection's default diagram, else the first;
 * undefined only for a collection without diagrams.
 */
export function resolveCurrentDiagram(
  collection: DiagramCollection,
  preferredId: string | null,
): Diagram | undefined {
  return (
    (preferredId === null ? undefined : findDiagram(collection, preferredId)) ??
    findDiagram(collection, collection.defaultDiagramId) ??
    collection.diagrams[0]
  );
}

// ---------------------------------------------------------------------------------------------
// Definitions: each operation's name, arguments, apply and activity entry (spec §3 Activity log
// entry; entityType 'diagram', entityId the diagram's id, params `name` the diagram's name).

// The drawing is recorded by its length, not its XML: a diagram can be megabytes, and the
// collection itself keeps the drawing.
function diagramSnapshot(diagram: Diagram): ActivitySnapshot {
  return {
    id: diagram.id,
    name: diagram.name,
    description: diagram.description,
    version: diagram.version,
    createdAt: diagram.createdAt,
    modifiedBy: diagram.modifiedBy,
    xmlChars: diagram.diagramXml.length,
  };
}

// Values: null → the new diagram.
// Every diagrams operation works on DiagramCollection with DiagramsContext.
const defineDiagramOperation = operationDefiner<DiagramCollection, DiagramsContext>();

const createDiagramOperation = defineDiagramOperation({
  name: 'createDiagram',
  args: createDiagramArgs,
  apply: createDiagram,
  doc: {
    summary: 'Adds a new diagram to the collection.',
    preconditions: [
      '`diagramId` is not blank (else ID_REQUIRED) and no diagram has it (else DIAGRAM_EXISTS). The caller chooses it (a random UUID in the app).',
      '`name` trimmed is not blank (else NAME_REQUIRED) and at most 100 characters (else NAME_TOO_LONG).',
      '`diagramXml`, when given, is not blank (else XML_REQUIRED).',
    ],
    effects: [
      'A diagram is appended to `diagrams`: `id` = `diagramId`, `name` trimmed, `diagramXml` as given (absent: an empty draw.io page), `createdAt` and `lastModified` = `now()` (the operation `at`), `modifiedBy`, `description` (absent: empty), `version` 1.',
      'The collection `modifiedBy` becomes `modifiedBy`.',
      'No id comes from the context: the new diagram id is the argument.',
    ],
    errors: {
      ID_REQUIRED: '`diagramId` is blank',
      DIAGRAM_EXISTS: 'a diagram already has `diagramId`',
      NAME_REQUIRED: '`name` is blank',
      NAME_TOO_LONG: '`name` is longer than 100 characters after trimming',
      XML_REQUIRED: '`diagramXml` is given and blank',
    },
    inverse: 'A `patch` removing the diagram and setting the collection `modifiedBy` back.',
  },
  describe: (args, before, after) => {
    const diagram = addedItem(before.diagrams, after.diagrams);
    const name = diagram?.name ?? args.name.trim();
    return {
      entityType: 'diagram',
      entityId: args.diagramId,
      details: `Created diagram "${name}"`,
      oldValue: null,
      newValue: diagram ? diagramSnapshot(diagram) : null,
      params: { name },
    };
  },
});

// Values: `{name}`; a rename to the same name records nothing. Params also `oldName`.
const renameDiagramOperation = defineDiagramOperation({
  name: 'renameDiagram',
  args: renameDiagramArgs,
  apply: renameDiagram,
  doc: {
    summary: 'Renames a diagram.',
    preconditions: [
      'The diagram `diagramId` exists (else DIAGRAM_NOT_FOUND).',
      '`name` follows the rules of `createDiagram` (NAME_REQUIRED, NAME_TOO_LONG).',
      'With `from` (the name when the dialog opened): the stored name is `from` or already the new name (else EDIT_CONFLICT).',
    ],
    effects: [
      'With `from` and the diagram already named `name` (trimmed): the content is returned unchanged.',
      'Otherwise the diagram gets `name` trimmed, `version` + 1, `lastModified` = `now()`, `modifiedBy`; the collection `modifiedBy` becomes `modifiedBy`.',
    ],
    errors: {
      DIAGRAM_NOT_FOUND: 'no diagram has `diagramId`',
      NAME_REQUIRED: '`name` is blank',
      NAME_TOO_LONG: '`name` is longer than 100 characters after trimming',
      EDIT_CONFLICT:
        'with `from`: someone renamed it to another name meanwhile (one conflict on `name`, `entityId` the diagram id)',
    },
    inverse: 'A `patch` setting the name, `version`, `lastModified` and both `modifiedBy` back.',
  },
  describe: (args, before, after) => {
    const oldName = findDiagram(before, args.diagramId)?.name ?? '';
    const name = findDiagram(after, args.diagramId)?.name ?? '';
    if (name === oldName) return null;
    return {
      entityType: 'diagram',
      entityId: args.diagramId,
      details: `Renamed diagram "${oldName}" to "${name}"`,
      oldValue: { name: oldName },
      newValue: { name },
      params: { name, oldName },
    };
  },
});

// Values: the diagram → null. Its apply names the context's type: deleteDiagram's optional one
// would make every operation's context optional.
const deleteDiagramOperation = defineDiagramOperation({
  name: 'deleteDiagram',
  args: deleteDiagramArgs,
  apply: (collection, args, ctx) => deleteDiagram(collection, args, ctx),
  doc: {
    summary: 'Deletes a diagram; the last one cannot be deleted.',
    preconditions: [
      'The diagram `diagramId` exists (else DIAGRAM_NOT_FOUND; also when someone deleted it first).',
      'The collection has more than one diagram (else LAST_DIAGRAM).',
    ],
    effects: [
      'The diagram is removed from `diagrams`.',
      'When it was the `defaultDiagramId`, the first remaining diagram becomes the default.',
      'The collection `modifiedBy` becomes `modifiedBy`.',
    ],
    errors: {
      DIAGRAM_NOT_FOUND: 'no diagram has `diagramId`',
      LAST_DIAGRAM: 'it is the only diagram',
    },
    inverse:
      'A `patch` inserting the diagram again and setting `defaultDiagramId` and `modifiedBy` back.',
  },
  describe: (args, before) => {
    const old = findDiagram(before, args.diagramId);
    const name = old?.name ?? '';
    return {
      entityType: 'diagram',
      entityId: args.diagramId,
      details: `Deleted diagram "${name}"`,
      oldValue: old ? diagramSnapshot(old) : null,
      newValue: null,
      params: { name },
    };
  },
});

// Values: `{version, xmlChars}`. Saving the same drawing again is recorded: it counts as a save.
const updateDiagramXmlOperation = defineDiagramOperation({
  name: 'updateDiagramXml',
  args: updateDiagramXmlArgs,
  apply: updateDiagramXml,
  doc: {
    summary: 'Stores the drawing the editor saved.',
    preconditions: [
      'The diagram `diagramId` exists (else DIAGRAM_NOT_FOUND).',
      '`diagramXml` is not blank (else XML_REQUIRED).',
      'With `baseVersion`: the diagram `version` is still `baseVersion`, or its stored drawing already equals `diagramXml` (else DIAGRAM_CHANGED).',
    ],
    effects: [
      'The diagram gets `diagramXml`, `version` + 1, `lastModified` = `now()`, `modifiedBy`; saving the same XML again still counts as a save.',
      'The collection `modifiedBy` becomes `modifiedBy`.',
    ],
    errors: {
      DIAGRAM_NOT_FOUND: 'no diagram has `diagramId`',
      XML_REQUIRED: '`diagramXml` is blank',
      DIAGRAM_CHANGED: 'with `baseVersion`: someone saved another drawing since',
    },
    inverse: 'A `patch` setting the drawing, `version`, `lastModified` and both `modifiedBy` back.',
  },
  describe: (args, before, after) => {
    const old = findDiagram(before, args.diagramId);
    const updated = findDiagram(after, args.diagramId);
    const name = updated?.name ?? '';
    return {
      entityType: 'diagram',
      entityId: args.diagramId,
      details: `Edited diagram "${name}"`,
      oldValue: old ? { version: old.version, xmlChars: old.diagramXml.length } : null,
      newValue: updated ? { version: updated.version, xmlChars: updated.diagramXml.length } : null,
      params: { name },
    };
  },
});

/**
 * Every named diagram operation (spec §4 Diagrams) in one set: `schema` checks `{type, ...args}`
 * (createDiagram {diagramId, name, modifiedBy: string, diagramXml?, description?: string},
 * renameDiagram {diagramId, name, modifiedBy: string, from?: string}, deleteDiagram {diagramId,
 * modifiedBy: string}, updateDiagramXml {diagramId, diagramXml, modifiedBy: string,
 * baseVersion?: integer >= 0}; shapes only, unknown arguments dropped), `apply` replays one
 * against any collection — how a save that hit a 409 re-applies the member's change to the
 * latest version (spec §4 Tool content; a drawing with a stale `baseVersion` is refused again
 * with DIAGRAM_CHANGED) — and `describe` gives its activity entry.
 */
export const diagramOperations = operationSet([
  createDiagramOperation,
  renameDiagramOperation,
  deleteDiagramOperation,
  updateDiagramXmlOperation,
]);

/** Every named diagram operation as a serialisable message, discriminated by `type`. */
export type DiagramOperation = OperationSetOp<typeof diagramOperations>;

/** The `type` of every {@link DiagramOperation}. */
export type DiagramOperationType = DiagramOperation['type'];

/**
 * Applies one {@link DiagramOperation} to `collection` with the named operation of the same
 * type and returns the new collection; throws what that operation throws (NO_COLLECTION for
 * null). With the same `ctx` values the result is the same (spec §4 Tool content, re-apply on
 * 409).
 */
export const applyDiagramOperation = diagramOperations.apply;

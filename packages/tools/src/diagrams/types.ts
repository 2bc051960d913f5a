/**
 * Shapes of the Diagrams content (spec §3 Diagram collection and Diagram), its limits (spec §9
 * "at least one diagram kept") and the one error type every diagram rule throws (spec §8
 * Diagrams).
 */
import { DomainError, type DomainContext, type MessageParams } from '../shared.ts';

/**
 * spec §3 Diagram: one drawing. `diagramXml` is draw.io's XML (an `<mxGraphModel>` or `<mxfile>`
 * document, uncompressed), `lastModified` and `createdAt` are ISO 8601, `modifiedBy` is a
 * username, `version` counts this diagram's saves from 1.
 */
export interface Diagram {
  id: string;
  name: string;
  diagramXml: string;
  lastModified: string;
  createdAt: string;
  modifiedBy: string;
  description: string;
  version: number;
}

/**
 * spec §3 Diagram collection: the one document of the Diagrams tool. `defaultDiagramId` is the
 * diagram the screen opens first. The content lifecycle, not the operations, advances `version`
 * and `lastModified`.
 */
export interface DiagramCollection {
  id: string;
  title: string;
  diagrams: Diagram[];
  defaultDiagramId: string;
  version: number;
  lastModified: string;
  createdAt: string;
  modifiedBy: string;
}

/** spec §9 Limits: at least one diagram is kept (the last one cannot be deleted). */
export const MIN_DIAGRAMS = 1;

/** The longest diagram name, in characters (after trimming); the dialogs' inputs stop there. */
export const DIAGRAM_NAME_MAX_CHARS = 100;

/** Time and identity for diagram operations (see DomainContext). */
export type DiagramsContext = DomainContext;

/** Why a diagram operation was refused; each code has one English text in {@link DIAGRAM_MESSAGES}. */
export type DiagramErrorCode =
  | 'NO_COLLECTION'
  | 'DIAGRAM_NOT_FOUND'
  | 'DIAGRAM_EXISTS'
  | 'ID_REQUIRED'
  | 'NAME_REQUIRED'
  | 'NAME_TOO_LONG'
  | 'XML_REQUIRED'
  | 'LAST_DIAGRAM'
  | 'DIAGRAM_CHANGED';

/**
 * English text of each {@link DiagramErrorCode}; `{name}` placeholders are filled from the
 * error's `params`. 'No diagram collection loaded' and 'Diagram not found' are spec §8 Diagrams;
 * 'ID is required', 'Name is required' and 'XML content is required' are the spec §5 Diagram
 * validation texts; the last-diagram text words the spec §5/§9 rule "the last diagram cannot be
 * deleted"; the changed-diagram text is spec §4 version conflict for a drawing.
 */
export const DIAGRAM_MESSAGES: Readonly<Record<DiagramErrorCode, string>> = {
  NO_COLLECTION: 'No diagram collection loaded',
  DIAGRAM_NOT_FOUND: 'Diagram not found',
  DIAGRAM_EXISTS: 'A diagram with this ID already exists',
  ID_REQUIRED: 'ID is required',
  NAME_REQUIRED: 'Name is required',
  NAME_TOO_LONG: 'Name must be at most {maxChars} characters',
  XML_REQUIRED: 'XML content is required',
  LAST_DIAGRAM: 'The last diagram cannot be deleted',
  DIAGRAM_CHANGED: 'The diagram was changed by another member since you opened it',
};

/**
 * A diagram rule refused an operation (spec §8 Diagrams). `code` is the stable key for
 * translation, `params` the numbers in the message, `message` the English text.
 */
export class DiagramError extends DomainError<DiagramErrorCode> {
  constructor(code: DiagramErrorCode, params: MessageParams = {}) {
    super(code, DIAGRAM_MESSAGES[code], params);
    this.name = 'DiagramError';
  }
}

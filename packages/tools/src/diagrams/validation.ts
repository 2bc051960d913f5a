/**
 * Validation of the diagram collection before every save (spec §5 Diagram validation). Problems
 * come back with a stable `code` for translation and the spec's English `message`.
 */
import type { DiagramCollection } from './types.ts';

/** Why a collection is invalid; each code has one English text in {@link DIAGRAM_VALIDATION_MESSAGES}. */
export type DiagramValidationCode =
  | 'TITLE_REQUIRED'
  | 'DIAGRAMS_NOT_ARRAY'
  | 'DIAGRAM_ID_REQUIRED'
  | 'DIAGRAM_NAME_REQUIRED'
  | 'DIAGRAM_XML_REQUIRED';

/**
 * English text of each {@link DiagramValidationCode}, verbatim from spec §5 Diagram validation;
 * the diagram texts come without their 'Diagram N: ' prefix.
 */
export const DIAGRAM_VALIDATION_MESSAGES: Readonly<Record<DiagramValidationCode, string>> = {
  TITLE_REQUIRED: 'Title is required',
  DIAGRAMS_NOT_ARRAY: 'Diagrams must be an array',
  DIAGRAM_ID_REQUIRED: 'ID is required',
  DIAGRAM_NAME_REQUIRED: 'Name is required',
  DIAGRAM_XML_REQUIRED: 'XML content is required',
};

/**
 * One problem of a collection. `diagramIndex` is the 0-based array position when the problem
 * belongs to a diagram; `message` is the full English text including the 1-based 'Diagram N: '
 * prefix.
 */
export interface DiagramProblem {
  code: DiagramValidationCode;
  message: string;
  diagramIndex?: number;
}

// Content decrypted from the server is checked at runtime, so a missing string counts as blank.
function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

function problem(code: DiagramValidationCode, diagramIndex?: number): DiagramProblem {
  const text = DIAGRAM_VALIDATION_MESSAGES[code];
  return diagramIndex === undefined
    ? { code, message: text }
    : { code, message: `Diagram ${diagramIndex + 1}: ${text}`, diagramIndex };
}

/**
 * Every problem of `collection` (spec §5 Diagram validation), in this order: title blank;
 * diagrams not an array (then nothing else about diagrams); then per diagram (array order,
 * numbered from 1) id blank, name blank, XML blank. Empty when the collection may be saved.
 */
export function diagramProblems(collection: DiagramCollection): DiagramProblem[] {
  const problems: DiagramProblem[] = [];
  if (isBlank(collection.title)) problems.push(problem('TITLE_REQUIRED'));
  const diagrams: unknown = collection.diagrams;
  if (!Array.isArray(diagrams)) {
    problems.push(problem('DIAGRAMS_NOT_ARRAY'));
    return problems;
  }
  diagrams.forEach((entry: unknown, index) => {
    const diagram: Record<string, unknown> =
      typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    if (isBlank(diagram.id)) problems.push(problem('DIAGRAM_ID_REQUIRED', index));
    if (isBlank(diagram.name)) problems.push(problem('DIAGRAM_NAME_REQUIRED', index));
    if (isBlank(diagram.diagramXml)) problems.push(problem('DIAGRAM_XML_REQUIRED', index));
  });
  return problems;
}

/**
 * The English messages of {@link diagramProblems}, e.g. `['Title is required', 'Diagram 2: XML
 * content is required']` (spec §5). Empty when valid.
 */
export function validateDiagramCollection(collection: DiagramCollection): string[] {
  return diagramProblems(collection).map((entry) => entry.message);
}

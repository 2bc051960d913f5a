/**
 * Translated texts of the Diagrams screen that depend on data: a refused operation (spec §8
 * Diagrams), a failed validation (spec §5 Diagram validation), the `{action}` of 'Failed to
 * {action}. Please try again.', the status bar's last-saved age ('just now', '1 minute ago',
 * 'N minutes ago', spec §2) and the diagram count.
 */
import {
  DIAGRAM_VALIDATION_MESSAGES,
  DiagramError,
  type DiagramErrorCode,
  type DiagramValidationCode,
} from '@cipherspace/tools/diagrams';
import { m } from '../../paraglide/messages.js';
import { ContentValidationError } from '@cipherspace/sync';

type Params = Readonly<Record<string, string | number>>;

const ERROR_TEXT: Record<DiagramErrorCode, (params: Params) => string> = {
  NO_COLLECTION: () => m.diagrams_error_no_collection(),
  DIAGRAM_NOT_FOUND: () => m.diagrams_error_not_found(),
  DIAGRAM_EXISTS: () => m.diagrams_error_exists(),
  NAME_REQUIRED: () => m.diagrams_error_name_required(),
  NAME_TOO_LONG: (params) => m.diagrams_error_name_too_long({ maxChars: String(params.maxChars) }),
  ID_REQUIRED: () => m.diagrams_problem_id_required(),
  XML_REQUIRED: () => m.diagrams_error_xml_required(),
  LAST_DIAGRAM: () => m.diagrams_error_last_diagram(),
  DIAGRAM_CHANGED: () => m.diagrams_error_changed(),
};

const PROBLEM_TEXT: Record<DiagramValidationCode, () => string> = {
  TITLE_REQUIRED: m.diagrams_problem_title_required,
  DIAGRAMS_NOT_ARRAY: m.diagrams_problem_not_array,
  DIAGRAM_ID_REQUIRED: m.diagrams_problem_id_required,
  DIAGRAM_NAME_REQUIRED: m.diagrams_error_name_required,
  DIAGRAM_XML_REQUIRED: m.diagrams_error_xml_required,
};

const PROBLEM_CODE = new Map(
  Object.entries(DIAGRAM_VALIDATION_MESSAGES).map(
    ([code, text]) => [text, code as DiagramValidationCode] as const,
  ),
);

/** One spec §5 validation message ('Diagram 2: Name is required'), translated; unknown ones as is. */
function translateProblem(message: string): string {
  const match = /^Diagram (\d+): (.*)$/.exec(message);
  const code = PROBLEM_CODE.get(match?.[2] ?? message);
  if (code === undefined) return message;
  const text = PROBLEM_TEXT[code]();
  return match?.[1] === undefined
    ? text
    : m.diagrams_problem_in_diagram({ number: match[1], problem: text });
}

/**
 * The translated text of a {@link DiagramError} or of a ContentValidationError with spec §5
 * diagram problems (joined by spaces); null for any other error.
 */
export function describeDiagramError(error: unknown): string | null {
  if (error instanceof DiagramError) return ERROR_TEXT[error.code](error.params);
  if (error instanceof ContentValidationError)
    return error.problems.map(translateProblem).join(' ');
  return null;
}

/** What the Diagrams screen saves, for 'Failed to {action}. Please try again.' (spec §8). */
export type DiagramAction = 'create' | 'rename' | 'delete' | 'save';

const ACTION_TEXT: Record<DiagramAction, () => string> = {
  create: m.diagrams_action_create,
  rename: m.diagrams_action_rename,
  delete: m.diagrams_action_delete,
  save: m.diagrams_action_save,
};

/** The `{action}` phrase of 'Failed to {action}. Please try again.', e.g. 'save diagram'. */
export function diagramActionText(action: DiagramAction): string {
  return ACTION_TEXT[action]();
}

/** How long ago something was saved, at the status bar's resolution of whole minutes. */
export type SavedAge = { kind: 'justNow' } | { kind: 'minutes'; minutes: number };

/**
 * The age of a save at `savedAtMs` seen at `nowMs` (both epoch ms): 'justNow' under a minute
 * (also for a clock that went backwards), else the whole minutes elapsed (spec §2 status bar).
 */
export function savedAge(savedAtMs: number, nowMs: number): SavedAge {
  const minutes = Math.floor((nowMs - savedAtMs) / 60_000);
  return minutes < 1 ? { kind: 'justNow' } : { kind: 'minutes', minutes };
}

/** 'just now', '1 minute ago' or 'N minutes ago' (spec §2 status bar), translated. */
export function savedAgeText(age: SavedAge): string {
  if (age.kind === 'justNow') return m.diagrams_just_now();
  return age.minutes === 1
    ? m.diagrams_one_minute_ago()
    : m.diagrams_minutes_ago({ count: String(age.minutes) });
}

/** '1 diagram' / 'N diagrams', translated. */
export function diagramCountText(count: number): string {
  return count === 1 ? m.diagrams_count_one() : m.diagrams_count_other({ count: String(count) });
}

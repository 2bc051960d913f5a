/**
 * Validation of tracker content before every save and of the shared issue form (spec §5 Issue
 * form, Tool content validation). Problems come back as data — a stable `code`, the numbers in
 * `params` and the spec's English `message` — so the UI can translate by key.
 */
import { estimationToNumber } from './estimation.ts';
import {
  ESTIMATION_MAX_CHARS,
  ISSUE_TYPES,
  formatMessage,
  type Issue,
  type MessageParams,
  type Phase,
  type TrackerContent,
} from './types.ts';
import { activeIssueCount } from './view.ts';

/** Why content or a form is invalid; each code has one English text in {@link VALIDATION_MESSAGES}. */
export type ValidationCode =
  | 'TITLE_REQUIRED'
  | 'TOO_FEW_PHASES'
  | 'TOO_MANY_PHASES'
  | 'PHASE_NAME_REQUIRED'
  | 'PHASE_ID_REQUIRED'
  | 'PHASE_TOO_MANY_ISSUES'
  | 'ISSUE_TITLE_REQUIRED'
  | 'ISSUE_TYPE_REQUIRED'
  | 'ISSUE_ID_REQUIRED'
  | 'ISSUE_CREATOR_REQUIRED'
  | 'ISSUE_CREATED_AT_REQUIRED'
  | 'ESTIMATION_NEGATIVE'
  | 'ESTIMATION_TOO_LONG';

/**
 * English text of each {@link ValidationCode} without its 'Phase N: ' / 'Issue M: ' prefix;
 * `{name}` placeholders are filled from the problem's `params`. The content-level texts are
 * verbatim from spec §5; the phase and issue texts name the §5 rule they check.
 */
export const VALIDATION_MESSAGES: Readonly<Record<ValidationCode, string>> = {
  TITLE_REQUIRED: 'Title is required',
  TOO_FEW_PHASES: 'Must have at least {minPhases} phases',
  TOO_MANY_PHASES: 'Cannot have more than {maxPhases} phases',
  PHASE_NAME_REQUIRED: 'Name is required',
  PHASE_ID_REQUIRED: 'ID is required',
  PHASE_TOO_MANY_ISSUES: 'Cannot have more than {maxIssues} issues',
  ISSUE_TITLE_REQUIRED: 'Title is required',
  ISSUE_TYPE_REQUIRED: 'Type is required',
  ISSUE_ID_REQUIRED: 'ID is required',
  ISSUE_CREATOR_REQUIRED: 'Creator is required',
  ISSUE_CREATED_AT_REQUIRED: 'Creation date is required',
  ESTIMATION_NEGATIVE: 'Estimation cannot be negative',
  ESTIMATION_TOO_LONG: 'Estimation must be at most {maxChars} characters',
};

/**
 * One validation problem. `phaseIndex`/`issueIndex` are 0-based array positions when the
 * problem belongs to a phase or an issue; `message` is the full English text including the
 * 'Phase N: ' (1-based) and 'Issue M: ' prefixes.
 */
export interface ValidationProblem {
  code: ValidationCode;
  params: MessageParams;
  message: string;
  phaseIndex?: number;
  issueIndex?: number;
}

/** A problem of the shared issue form, with the field to show it under. */
export interface IssueFormProblem {
  field: 'title' | 'estimation';
  code: 'ISSUE_TITLE_REQUIRED' | 'ESTIMATION_TOO_LONG';
  params: MessageParams;
  message: string;
}

// Content decrypted from the server is checked at runtime, so a missing string counts as blank.
function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

function pointsOf(estimation: unknown): number | null {
  return typeof estimation === 'string' ? estimationToNumber(estimation) : null;
}

function problem(
  code: ValidationCode,
  params: MessageParams = {},
  phaseIndex?: number,
  issueIndex?: number,
): ValidationProblem {
  let message = formatMessage(VALIDATION_MESSAGES[code], params);
  if (issueIndex !== undefined) message = `Issue ${issueIndex + 1}: ${message}`;
  if (phaseIndex !== undefined) message = `Phase ${phaseIndex + 1}: ${message}`;
  const result: ValidationProblem = { code, params, message };
  if (phaseIndex !== undefined) result.phaseIndex = phaseIndex;
  if (issueIndex !== undefined) result.issueIndex = issueIndex;
  return result;
}

function issueProblems(issue: Issue, phaseIndex: number, issueIndex: number): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const add = (code: ValidationCode): void => {
    problems.push(problem(code, {}, phaseIndex, issueIndex));
  };
  if (isBlank(issue.title)) add('ISSUE_TITLE_REQUIRED');
  if (!(ISSUE_TYPES as readonly unknown[]).includes(issue.type)) add('ISSUE_TYPE_REQUIRED');
  if (isBlank(issue.id)) add('ISSUE_ID_REQUIRED');
  if (isBlank(issue.createdBy)) add('ISSUE_CREATOR_REQUIRED');
  if (isBlank(issue.createdAt)) add('ISSUE_CREATED_AT_REQUIRED');
  const points = pointsOf(issue.estimation);
  if (points !== null && points < 0) add('ESTIMATION_NEGATIVE');
  return problems;
}

/**
 * Issues already found without problems. Content is never changed in place (an operation gives
 * the issues it changes new objects), so a valid issue object stays valid: a 5,000-card board is
 * checked again in the time of the issues an edit touched.
 */
const validIssues = new WeakSet<Issue>();

function phaseProblems(phase: Phase, phaseIndex: number): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  if (isBlank(phase.name)) problems.push(problem('PHASE_NAME_REQUIRED', {}, phaseIndex));
  if (isBlank(phase.id)) problems.push(problem('PHASE_ID_REQUIRED', {}, phaseIndex));
  // Archived issues are hidden from the board and do not count against the limit.
  if (typeof phase.maxIssues === 'number' && activeIssueCount(phase) > phase.maxIssues) {
    problems.push(problem('PHASE_TOO_MANY_ISSUES', { maxIssues: phase.maxIssues }, phaseIndex));
  }
  phase.issues.forEach((issue, issueIndex) => {
    if (validIssues.has(issue)) return;
    const found = issueProblems(issue, phaseIndex, issueIndex);
    if (found.length === 0) validIssues.add(issue);
    else problems.push(...found);
  });
  return problems;
}

/**
 * Every problem of `content` (spec §5 Tool content validation), in this order: title required;
 * fewer than `settings.minPhases` or more than `settings.maxPhases` phases; then per phase (in
 * array order, numbered from 1) its name, id and `maxIssues` problems (archived issues not
 * counted) followed by its issues'
 * problems (title, type, id, creator, creation date required; estimation not negative).
 * Empty when the content may be saved.
 */
export function contentProblems(content: TrackerContent): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  if (isBlank(content.title)) problems.push(problem('TITLE_REQUIRED'));
  const { minPhases, maxPhases } = content.settings;
  if (content.phases.length < minPhases) problems.push(problem('TOO_FEW_PHASES', { minPhases }));
  if (content.phases.length > maxPhases) problems.push(problem('TOO_MANY_PHASES', { maxPhases }));
  content.phases.forEach((phase, phaseIndex) => {
    problems.push(...phaseProblems(phase, phaseIndex));
  });
  return problems;
}

/**
 * The English messages of {@link contentProblems}, e.g. `['Title is required', 'Must have at
 * least 3 phases', 'Phase 2: Name is required', 'Phase 2: Issue 1: Type is required']`
 * (spec §5 Tool content validation). Empty when valid.
 */
export function validateContent(content: TrackerContent): string[] {
  return contentProblems(content).map((entry) => entry.message);
}

/**
 * Problems of the shared issue form (spec §5 Issue form): 'Title is required' when the title is
 * blank after trimming; 'Estimation must be at most 3 characters' when the trimmed estimation is
 * longer. Empty when the form may be submitted.
 */
export function validateIssueForm(form: { title: string; estimation: string }): IssueFormProblem[] {
  const problems: IssueFormProblem[] = [];
  if (form.title.trim() === '') {
    problems.push({
      field: 'title',
      code: 'ISSUE_TITLE_REQUIRED',
      params: {},
      message: VALIDATION_MESSAGES.ISSUE_TITLE_REQUIRED,
    });
  }
  if (form.estimation.trim().length > ESTIMATION_MAX_CHARS) {
    const params = { maxChars: ESTIMATION_MAX_CHARS };
    problems.push({
      field: 'estimation',
      code: 'ESTIMATION_TOO_LONG',
      params,
      message: formatMessage(VALIDATION_MESSAGES.ESTIMATION_TOO_LONG, params),
    });
  }
  return problems;
}

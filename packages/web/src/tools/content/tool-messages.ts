/**
 * What a tool screen tells the user about its content (spec §8 Tool entry, version conflict,
 * "Failed to {action}. Please try again."; and the offline changes that could not be applied),
 * translated. Pure functions over the sync engine's results, so every tool words them the same way.
 */
import { DecryptError } from '@cipherspace/crypto';
import { findEntity, operationMessageKey, type Operation } from '@cipherspace/tools';
import { isToolName } from '@cipherspace/tools/metadata';

import { serverErrorMessage } from '../../lib/server-errors.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { catalogueMessages, type CatalogueMessage } from './catalogue-messages.ts';
import { contentProblemText } from './content-problem-text.ts';
import {
  ContentValidationError,
  UnreadableContentError,
  type PerformResult,
} from '@cipherspace/sync';

/**
 * Why loading failed, for the error state: the §8 decrypt text, the first field of stored content
 * that is not the tool's ("The saved content cannot be opened: Column 2: maxIssues must be a
 * number."), or the generic load failure.
 */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof DecryptError) return m.tool_decrypt_failed();
  if (error instanceof UnreadableContentError && error.problem)
    return m.tool_content_unreadable({ problem: contentProblemText(error.problem) });
  return m.tool_load_failed();
}

/**
 * The message after an operation, or null when it was saved. `action` is the translated verb
 * phrase of §8 ('add card', 'delete column'…); `describe` translates a domain error (a rule that
 * refused the change) and returns null for errors it does not know.
 */
export function performMessage(
  result: PerformResult<unknown>,
  action: string,
  describe: (error: unknown) => string | null,
): FlashMessage | null {
  switch (result.status) {
    case 'saved':
      return null;
    case 'rejected':
      return { kind: 'error', text: describe(result.error) ?? m.tool_action_failed({ action }) };
    case 'invalid':
      return {
        kind: 'error',
        text:
          result.error instanceof ContentValidationError
            ? result.error.problems.join(' ')
            : m.tool_action_failed({ action }),
      };
    case 'conflict':
      return { kind: 'warning', text: `${m.tool_conflict()} ${m.tool_latest_loaded()}` };
    case 'failed':
      // A refusal the server explains (a full storage quota) says why; anything else is §8's.
      return {
        kind: 'error',
        text: serverErrorMessage(result.error) ?? m.tool_action_failed({ action }),
      };
  }
}

// Every operation's action phrase of the catalogue, by key ('op_<tool>_<name>', spec §2 words:
// Kanban has columns and cards, Issue Management phases and issues).
const ACTIONS: ReadonlyMap<string, CatalogueMessage> = catalogueMessages(
  import.meta.glob('../../paraglide/messages/op_*.js', { eager: true }),
);

/**
 * The translated action of `operation` (e.g. "Edit card"); `patch` is every tool's undo, redo and
 * restore; an operation this app does not know keeps its raw name.
 */
function operationText({ tool, name }: Pick<Operation, 'tool' | 'name'>): string {
  if (name === 'patch') return m.tool_op_undo_redo_restore();
  const text = isToolName(tool) ? ACTIONS.get(operationMessageKey(tool, name)) : undefined;
  return text ? text({}) : name;
}

/**
 * A short label of a change made offline that could not be applied, in the current language: its
 * operation's action and the title or name in `content` of what it changes, else the first title,
 * name or text among its arguments (at most 80 characters), e.g. `Edit card "Login bug"` /
 * `Karte bearbeiten „Login bug“`; an operation name this app does not know stays as it is. Null
 * when the operation could not be opened.
 */
export function unappliedLabel(
  operation: Operation | null,
  content: unknown = null,
): string | null {
  if (operation === null) return null;
  const action = operationText(operation);
  const text = namedEntity(operation.args, content) ?? firstText(operation.args, 2);
  return text === null ? action : m.tool_unapplied_named({ action, text });
}

/**
 * The title or name, in `content`, of the card, note, phase or diagram the arguments name by
 * id (`issueId`, `postId`, …): an edit carries only the fields it changed, not the title.
 */
function namedEntity(args: Readonly<Record<string, unknown>>, content: unknown): string | null {
  for (const [key, id] of Object.entries(args)) {
    if (!key.endsWith('Id') || typeof id !== 'string') continue;
    const entity = findEntity(content, id);
    for (const field of ['title', 'name']) {
      const text = entity?.[field];
      if (typeof text === 'string' && text.trim() !== '') return text.slice(0, 80);
    }
  }
  return null;
}

const TEXT_KEYS = ['title', 'name', 'text', 'topic', 'content'];

function firstText(value: unknown, depth: number): string | null {
  if (typeof value !== 'object' || value === null || depth < 0) return null;
  const record = value as Record<string, unknown>;
  for (const key of TEXT_KEYS) {
    const text = record[key];
    if (typeof text === 'string' && text.trim() !== '') return text.slice(0, 80);
  }
  for (const nested of Object.values(record)) {
    const text = firstText(nested, depth - 1);
    if (text !== null) return text;
  }
  return null;
}

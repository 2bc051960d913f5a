/**
 * Shape check of decrypted tracker content (spec §3 Shared phase/issue tool content): what the
 * server hands back is only ciphertext, so after decryption the client makes sure it really is
 * a board of the expected tool before rendering or changing it. Rules about values (titles,
 * phase counts…) are validation's job (./validation.ts), not this module's.
 */
import { TrackerError, type ToolType, type TrackerContent } from './types.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isIssueLike(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    Array.isArray(value.comments)
  );
}

function isPhaseLike(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.order === 'number' &&
    Array.isArray(value.issues) &&
    value.issues.every(isIssueLike)
  );
}

/**
 * `value` as the content of `tool` when it has the tracker shape (toolType, title, phases with
 * issues and comments, settings, teamMembers); throws TrackerError('NO_DATA') otherwise.
 */
export function parseTrackerContent(
  value: unknown,
  tool: 'kanban',
): TrackerContent & { toolType: 'kanban' };
export function parseTrackerContent(
  value: unknown,
  tool: 'ticket',
): TrackerContent & { toolType: 'ticket' };
export function parseTrackerContent(value: unknown, tool: ToolType): TrackerContent;
export function parseTrackerContent(value: unknown, tool: ToolType): TrackerContent {
  if (
    !isRecord(value) ||
    value.toolType !== tool ||
    typeof value.title !== 'string' ||
    !Array.isArray(value.phases) ||
    !value.phases.every(isPhaseLike) ||
    !isRecord(value.settings) ||
    !Array.isArray(value.teamMembers)
  )
    throw new TrackerError('NO_DATA');
  return value as unknown as TrackerContent;
}

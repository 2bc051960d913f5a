/**
 * What a tool screen tells the user about its content (spec §8 Tool entry, version conflict,
 * "Failed to {action}. Please try again."), translated. Pure functions over the lifecycle's
 * results, so every tool words them the same way.
 */
import { DecryptError } from '@cipherspace/crypto';

import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { ContentValidationError, type PerformResult } from './content-lifecycle.ts';

/** Why loading failed, for the error state: the §8 decrypt text or the generic load failure. */
export function loadErrorMessage(error: unknown): string {
  return error instanceof DecryptError ? m.tool_decrypt_failed() : m.tool_load_failed();
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
      return { kind: 'error', text: m.tool_action_failed({ action }) };
  }
}

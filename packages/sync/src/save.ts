/**
 * One save, exactly once (spec §7 idempotent saves): sent with a new save id, and sent again with
 * the same id, envelope and base after each lost answer, so a save the server stored before its
 * answer was lost resolves with its version instead of a phantom 409. The only place the engine
 * calls `ContentTransport.save`.
 */
import { SaveAnswerLostError } from './contract.ts';
import type { SyncParts } from './parts.ts';
import { LOST_ANSWER_RETRY_DELAYS_MS } from './state.ts';

/**
 * Stores `envelope` (null: the operations alone) with `operations` on top of `baseVersion` and
 * resolves the new version; resends after a lost answer ({@link LOST_ANSWER_RETRY_DELAYS_MS})
 * unless the runtime knows it is offline. Rejects as `ContentTransport.save`.
 */
export async function saveOnce(
  parts: Pick<SyncParts<unknown>, 'transport' | 'clock' | 'online'>,
  envelope: string | null,
  baseVersion: number,
  operations?: readonly string[],
): Promise<number> {
  // Random whatever the context's ids are: the server answers a known save id from its record.
  const saveId = crypto.randomUUID();
  for (let resend = 0; ; resend++) {
    try {
      return await parts.transport.save(envelope, baseVersion, operations, saveId);
    } catch (error) {
      const delay = LOST_ANSWER_RETRY_DELAYS_MS[resend];
      if (!(error instanceof SaveAnswerLostError) || delay === undefined) throw error;
      // The runtime knows it is offline: no resend can land; the change waits in the log.
      if (parts.online?.() === false) throw error;
      await new Promise((resolve) => parts.clock.setTimeout(() => resolve(undefined), delay));
    }
  }
}

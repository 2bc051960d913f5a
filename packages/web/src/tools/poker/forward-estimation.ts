/**
 * Save Estimation of Scrum Poker (spec §4 "Forwarding the final estimation to the backlog:
 * numbers saved as text, XS/S/M/L/XL as is, specials ('tea-cup','question') skipped (result
 * false); needs a selected issue"; §8 'Failed to forward final estimation to issue.').
 */
import { forwardFinalEstimation, type PokerContent } from '@cipherspace/tools/poker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { describePokerError, forwardMessage } from './poker-messages.ts';
import type { BacklogSaveResult } from './use-poker-backlog.ts';

/** How Save Estimation ended: whether the issue was changed, and what to tell the user. */
export interface ForwardOutcome {
  saved: boolean;
  message: FlashMessage;
}

/**
 * Forwards `value` (a card value chosen in the Set Final Estimation select) as the estimation of
 * the round's selected issue, titled `title`, through `save` (the backlog's versioned save into
 * the issue's own tool). A special card, no selected issue or no content never reaches `save`.
 * Never throws.
 */
export async function forwardEstimation(
  content: PokerContent | null,
  value: string,
  title: string,
  save: (issueId: string, estimation: string) => Promise<BacklogSaveResult>,
): Promise<ForwardOutcome> {
  let forwarded;
  try {
    forwarded = forwardFinalEstimation(content, value);
  } catch (error) {
    const reason = describePokerError(error);
    const text =
      reason === null ? m.poker_forward_failed() : `${m.poker_forward_failed()} ${reason}`;
    return { saved: false, message: { kind: 'error', text } };
  }
  if (forwarded === null)
    return { saved: false, message: forwardMessage({ status: 'special' }, value, title) };
  const result = await save(forwarded.issueId, forwarded.estimation);
  return {
    saved: result.status === 'saved',
    message: forwardMessage(result, forwarded.estimation, title),
  };
}

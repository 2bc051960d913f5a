/**
 * Translated texts of Scrum Poker (spec §3 cards, §8 Poker errors, §9 consensus levels): what
 * the screen shows for a refused poker operation, the `{action}` of 'Failed to {action}. Please
 * try again.', card and scale names, and issue type/priority names read from the backlog.
 */
import {
  ISSUE_PRIORITIES,
  ISSUE_TYPES,
  type IssuePriority,
  type IssueType,
} from '@cipherspace/tools/tracker';
import {
  PokerError,
  type ConsensusLevel,
  type PokerErrorCode,
  type PokerScale,
} from '@cipherspace/tools/poker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { ContentValidationError } from '@cipherspace/sync';
import { describeTrackerError, issueTypeText, priorityText } from '../tracker/tracker-messages.ts';
import type { BacklogSaveResult, BacklogTool } from './use-poker-backlog.ts';

const ERROR_TEXT: Record<PokerErrorCode, () => string> = {
  NO_DATA: m.poker_error_no_data,
  USER_NOT_AUTHENTICATED: m.poker_error_not_authenticated,
  NO_ISSUE_SELECTED: m.poker_error_no_issue,
  INVALID_SCALE: m.poker_error_invalid_scale,
  INVALID_CARD: m.poker_error_invalid_card,
  VOTE_LOCKED: m.poker_error_vote_locked,
  SPECTATOR_CANNOT_VOTE: m.poker_error_spectator,
  INVALID_DECK: m.poker_error_invalid_deck,
};

/** The translated text of a {@link PokerError}; null for any other error. */
export function describePokerError(error: unknown): string | null {
  return error instanceof PokerError ? ERROR_TEXT[error.code]() : null;
}

/** What a poker screen does that can fail with 'Failed to {action}. Please try again.' (§8). */
export type PokerAction = 'reset' | 'submit' | 'changeScale' | 'setTopic' | 'customDeck';

const ACTION_TEXT: Record<PokerAction, () => string> = {
  reset: m.poker_action_reset,
  submit: m.poker_action_submit,
  changeScale: m.poker_action_change_scale,
  setTopic: m.poker_action_set_topic,
  customDeck: m.poker_action_custom_deck,
};

/** The `{action}` phrase, e.g. 'reset estimation' (→ 'Failed to reset estimation. …'). */
export function pokerActionText(action: PokerAction): string {
  return ACTION_TEXT[action]();
}

const CARD_NAME: Readonly<Record<string, () => string>> = {
  XS: m.poker_card_xs,
  S: m.poker_card_s,
  M: m.poker_card_m,
  L: m.poker_card_l,
  XL: m.poker_card_xl,
  'tea-cup': m.poker_card_tea_cup,
  question: m.poker_card_question,
};

/** The translated long name of a size or special card ('XL' → 'Extra Large'); null for numbers. */
export function cardName(value: string): string | null {
  return Object.hasOwn(CARD_NAME, value) ? (CARD_NAME[value]?.() ?? null) : null;
}

/**
 * A vote as text for lists and the select: numbers as they are, sizes with their name
 * ('M Medium'), specials by their name ('Break needed').
 */
export function voteText(value: string): string {
  if (value === 'tea-cup' || value === 'question') return cardName(value) ?? value;
  const name = cardName(value);
  return name === null ? value : `${value} – ${name}`;
}

const SCALE_TEXT: Record<PokerScale, () => string> = {
  fibonacci: m.poker_scale_fibonacci,
  tshirt: m.poker_scale_tshirt,
  powers: m.poker_scale_powers,
  custom: m.poker_scale_custom,
};

/** The translated name of a scale ('T-Shirt Sizes'). */
export function scaleText(scale: PokerScale): string {
  return SCALE_TEXT[scale]();
}

const LEVEL_TEXT: Record<ConsensusLevel, () => string> = {
  High: m.poker_consensus_high,
  Medium: m.poker_consensus_medium,
  Low: m.poker_consensus_low,
};

/** The translated consensus level ('High' → 'Hoch'). */
export function consensusLevelText(level: ConsensusLevel): string {
  return LEVEL_TEXT[level]();
}

const TOOL_TEXT: Record<BacklogTool, () => string> = {
  'ticket-system': m.tools_ticket_name,
  kanban: m.tools_kanban_name,
};

/** The display name of the tool an issue lives in ('Issue Management', 'Kanban Board'). */
export function backlogToolText(tool: BacklogTool): string {
  return TOOL_TEXT[tool]();
}

/** A backlog issue's type translated when it is a known type, else as stored. */
export function backlogTypeText(type: string): string {
  return (ISSUE_TYPES as readonly string[]).includes(type)
    ? issueTypeText(type as IssueType)
    : type;
}

/** A backlog issue's priority translated when it is a known priority, else as stored. */
export function backlogPriorityText(priority: string): string {
  return (ISSUE_PRIORITIES as readonly string[]).includes(priority)
    ? priorityText(priority as IssuePriority)
    : priority;
}

/** spec §8 'Failed to forward final estimation to issue.' followed by why, when known. */
function forwardFailed(reason: string | null): string {
  return reason === null ? m.poker_forward_failed() : `${m.poker_forward_failed()} ${reason}`;
}

/**
 * The message after Save Estimation (spec §4 Forwarding, §8 Poker): refused for a special card;
 * otherwise how writing `estimation` into the issue titled `title` ended — saved, refused by a
 * tracker rule (its text), the §8 version-conflict texts, or the §8 forwarding failure.
 */
export function forwardMessage(
  outcome: BacklogSaveResult | { status: 'special' },
  estimation: string,
  title: string,
): FlashMessage {
  switch (outcome.status) {
    case 'saved':
      return { kind: 'success', text: m.poker_forward_saved({ estimation, title }) };
    case 'special':
      return { kind: 'error', text: forwardFailed(m.poker_forward_special()) };
    case 'not-found':
      return { kind: 'error', text: forwardFailed(m.tracker_error_issue_not_found()) };
    case 'rejected':
      return { kind: 'error', text: forwardFailed(describeTrackerError(outcome.error)) };
    case 'invalid':
      return {
        kind: 'error',
        text: forwardFailed(
          outcome.error instanceof ContentValidationError ? outcome.error.problems.join(' ') : null,
        ),
      };
    case 'conflict':
      return { kind: 'warning', text: `${m.tool_conflict()} ${m.tool_latest_loaded()}` };
    case 'failed':
      return { kind: 'error', text: forwardFailed(null) };
  }
}

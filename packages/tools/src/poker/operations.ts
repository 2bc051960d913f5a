/**
 * The named operations on Scrum Poker content (spec §4 Scrum poker, §6 Tools, §8 Poker). Each is
 * pure: `(content, args, ctx) => newContent`, never mutating its input and throwing
 * {@link PokerError} when a rule refuses it. {@link applyPokerOperation} replays a
 * {@link PokerOperation} against any content, which is how a save that hit a 409 re-applies the
 * user's change to the latest version (spec §4 Tool content).
 *
 * Votes are found by user id, so a vote still lands after other users voted meanwhile.
 */
import { z } from 'zod';

import type { ActivityEntryBody, ActivitySnapshot } from '../activity-log.ts';
import { operationDefiner, operationSet, type OperationSetOp } from '../define-operation.ts';
import { mergeFieldChanges } from '../edits.ts';
import {
  autoRevealEnabled,
  customCards,
  everyPresentVoterVoted,
  isSpectator,
  isValidCustomDeck,
  switchRound,
  timerElapsedMs,
} from './rounds.ts';
import { pokerScaleSchema } from './schema.ts';
import {
  POKER_DECKS,
  POKER_SCALES,
  POKER_TOPIC_MAX_LENGTH,
  PokerError,
  type Estimation,
  type PokerCard,
  type PokerContent,
  type PokerContext,
  type PokerScale,
} from './types.ts';

const submitVoteArgs = z.object({
  userId: z.string(),
  username: z.string(),
  value: z.string(),
  presentVoters: z.array(z.string()).optional(),
});
const clearVoteArgs = z.object({ userId: z.string() });
const changeScaleArgs = z.object({ scale: pokerScaleSchema });
const selectIssueArgs = z.object({ issueId: z.string().nullable() });
const setTopicArgs = z.object({ topic: z.string(), from: z.string().optional() });
const noArgs = z.object({});
const revealArgs = z.object({ presentVoters: z.array(z.string()).optional() });
const setAutoRevealArgs = z.object({ enabled: z.boolean() });
const setSpectatorArgs = z.object({
  userId: z.string(),
  spectator: z.boolean(),
  presentVoters: z.array(z.string()).optional(),
});
const setCustomDeckArgs = z.object({ values: z.array(z.string()) });
const recordResultArgs = z.object({ issueId: z.string(), title: z.string(), estimate: z.string() });

/**
 * Arguments of {@link submitVote}: the current user (spec §6: the stored username serves as id
 * and name), the card value chosen ('5', 'M', 'tea-cup', …) and, optionally, the user ids of the
 * members present when voting (for auto-reveal).
 */
export type SubmitVoteArgs = z.output<typeof submitVoteArgs>;
/** Arguments of {@link clearVote}: the current user's id. */
export type ClearVoteArgs = z.output<typeof clearVoteArgs>;
/** Arguments of {@link changeScale}: 'fibonacci' or 'tshirt'. */
export type ChangeScaleArgs = z.output<typeof changeScaleArgs>;
/** Arguments of {@link selectIssue}: a backlog issue id, or null to clear the selection. */
export type SelectIssueArgs = z.output<typeof selectIssueArgs>;
/**
 * Arguments of {@link setTopic}: the free topic to vote on, '' (or blank) to clear it, and,
 * optionally, `from` — the topic when the member started typing ('' for none; ../edits.ts);
 * absent: set as it is.
 */
export type SetTopicArgs = z.output<typeof setTopicArgs>;
/**
 * Arguments of the reveal operation: none for Reveal, or the user ids of the members present for
 * the reveal a departure causes ({@link autoReveal}).
 */
export type RevealArgs = z.output<typeof revealArgs>;
/** Arguments of {@link setAutoReveal}: on or off. */
export type SetAutoRevealArgs = z.output<typeof setAutoRevealArgs>;
/**
 * Arguments of {@link setSpectator}: the member's user id, whether they watch only and,
 * optionally, the user ids of the members present (for auto-reveal).
 */
export type SetSpectatorArgs = z.output<typeof setSpectatorArgs>;
/** Arguments of {@link setCustomDeck}: the deck's values in order. */
export type SetCustomDeckArgs = z.output<typeof setCustomDeckArgs>;
/** Arguments of {@link recordResult}: the issue, its title and the estimate saved into it. */
export type RecordResultArgs = z.output<typeof recordResultArgs>;

function requireContent(content: PokerContent | null | undefined): PokerContent {
  if (content === null || content === undefined) throw new PokerError('NO_DATA');
  return content;
}

function requireUser(userId: string): string {
  const id = userId.trim();
  if (id === '') throw new PokerError('USER_NOT_AUTHENTICATED');
  return id;
}

function checkNotLocked(content: PokerContent): void {
  if (content.isRevealed && !content.settings.allowChangeAfterReveal) {
    throw new PokerError('VOTE_LOCKED');
  }
}

/**
 * The cards of `scale` (spec §3), e.g. for the card grid; for 'custom' the values of
 * `customDeck` (none: only the specials) then the specials.
 */
export function cardsOf(
  scale: PokerScale,
  customDeck: readonly string[] = [],
): readonly PokerCard[] {
  return scale === 'custom' ? customCards(customDeck) : POKER_DECKS[scale];
}

/** The cards of the content's current scale (its own custom deck for 'custom'). */
export function deckOf(content: PokerContent): readonly PokerCard[] {
  return cardsOf(content.scale, content.customDeck);
}

/** Whether `value` is a card of `scale`'s deck (exact match: 'M' yes, 'm' no). */
export function isCardOf(
  scale: PokerScale,
  value: string,
  customDeck: readonly string[] = [],
): boolean {
  return cardsOf(scale, customDeck).some((card) => card.value === value);
}

/** The estimation of user `userId`, or undefined when they have not voted. */
export function userEstimation(content: PokerContent, userId: string): Estimation | undefined {
  return content.estimations.find((estimation) => estimation.userId === userId);
}

/**
 * Stores the user's vote (spec §4: submitting replaces the user's earlier vote, which keeps its
 * place in the list; a first vote is appended). `username` is trimmed and falls back to the id;
 * the timestamp comes from `ctx.now`. With `settings.autoReveal` on and `presentVoters` given,
 * the votes are revealed when every present voter (spectators left out) has now voted. Throws
 * NO_DATA; USER_NOT_AUTHENTICATED for a blank user id; SPECTATOR_CANNOT_VOTE for a spectator;
 * INVALID_CARD when `value` is not a card of the current scale (e.g. after another user changed
 * the scale); VOTE_LOCKED when revealed and `settings.allowChangeAfterReveal` is off.
 */
export function submitVote(
  content: PokerContent | null,
  args: SubmitVoteArgs,
  ctx: PokerContext,
): PokerContent {
  const current = requireContent(content);
  const userId = requireUser(args.userId);
  if (isSpectator(current, userId)) throw new PokerError('SPECTATOR_CANNOT_VOTE');
  if (!isCardOf(current.scale, args.value, current.customDeck))
    throw new PokerError('INVALID_CARD');
  checkNotLocked(current);
  const username = args.username.trim();
  const vote: Estimation = {
    userId,
    username: username === '' ? userId : username,
    value: args.value,
    timestamp: ctx.now(),
  };
  const existing = current.estimations.some((estimation) => estimation.userId === userId);
  const next = {
    ...current,
    estimations: existing
      ? current.estimations.map((estimation) => (estimation.userId === userId ? vote : estimation))
      : [...current.estimations, vote],
  };
  const complete =
    args.presentVoters !== undefined &&
    autoRevealEnabled(next) &&
    everyPresentVoterVoted(next, [...args.presentVoters, userId]);
  return complete ? { ...next, isRevealed: true } : next;
}

/**
 * Removes only the user's own vote (spec §4); `content` itself is returned when they have none.
 * Throws NO_DATA, USER_NOT_AUTHENTICATED, VOTE_LOCKED (as {@link submitVote}).
 */
export function clearVote(
  content: PokerContent | null,
  args: ClearVoteArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  const userId = requireUser(args.userId);
  if (!current.estimations.some((estimation) => estimation.userId === userId)) return current;
  checkNotLocked(current);
  return {
    ...current,
    estimations: current.estimations.filter((estimation) => estimation.userId !== userId),
  };
}

/** Shows every vote (spec §4 hidden → revealed). Throws NO_DATA. */
export function reveal(content: PokerContent | null, _ctx?: PokerContext): PokerContent {
  const current = requireContent(content);
  return current.isRevealed ? current : { ...current, isRevealed: true };
}

/**
 * The reveal a member leaving causes: shows the votes when auto-reveal is on and every one of
 * `presentVoters` (spectators left out) has voted in the content it is applied to; otherwise, or
 * when already shown, `content` itself. Checked again on every replay, so a reveal sent twice, or
 * replayed after someone reset the round or joined and has not voted, changes nothing. Throws
 * NO_DATA.
 */
export function autoReveal(
  content: PokerContent | null,
  args: { presentVoters: readonly string[] },
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  if (current.isRevealed || !autoRevealEnabled(current)) return current;
  return everyPresentVoterVoted(current, args.presentVoters)
    ? { ...current, isRevealed: true }
    : current;
}

/** Hides the votes again (spec §4 revealed → hidden). Throws NO_DATA. */
export function hide(content: PokerContent | null, _ctx?: PokerContext): PokerContent {
  const current = requireContent(content);
  return current.isRevealed ? { ...current, isRevealed: false } : current;
}

/** Clears all estimations and hides (spec §4 Reset). Throws NO_DATA. */
export function reset(content: PokerContent | null, _ctx?: PokerContext): PokerContent {
  const current = requireContent(content);
  return { ...current, estimations: [], isRevealed: false };
}

/**
 * Switches the scale, clearing all estimations and hiding (spec §4). Choosing the scale already
 * in use returns `content` itself, so a replay after another user made the same switch keeps the
 * votes cast since. Throws NO_DATA, INVALID_SCALE ('Invalid scale value'; also 'custom' while
 * the content has no valid custom deck — see {@link setCustomDeck}).
 */
export function changeScale(
  content: PokerContent | null,
  args: ChangeScaleArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  if (!POKER_SCALES.includes(args.scale)) throw new PokerError('INVALID_SCALE');
  if (current.scale === args.scale) return current;
  if (args.scale === 'custom' && !isValidCustomDeck(current.customDeck ?? []))
    throw new PokerError('INVALID_SCALE');
  return { ...current, scale: args.scale, estimations: [], isRevealed: false };
}

/**
 * Stores the issue id as `selectedIssueId` (spec §4), null clearing it, and gives the issue its
 * own round: the round so far stays with the issue it was for, and the newly selected issue's
 * round comes back as it was left, or starts fresh (see switchRound in ./rounds.ts).
 * Selecting the issue already selected returns `content` itself. Throws NO_DATA.
 */
export function selectIssue(
  content: PokerContent | null,
  args: SelectIssueArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  if (current.selectedIssueId === args.issueId) return current;
  return switchRound(current, args.issueId);
}

/** Turns auto-reveal on or off (`settings.autoReveal`). Throws NO_DATA. */
export function setAutoReveal(
  content: PokerContent | null,
  args: SetAutoRevealArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  if ((current.settings.autoReveal === true) === args.enabled) return current;
  return { ...current, settings: { ...current.settings, autoReveal: args.enabled } };
}

/**
 * Makes the member `userId` a spectator (`spectator` true: they watch without voting; their
 * vote in a round not yet revealed is withdrawn) or a voter again. With `settings.autoReveal` on
 * and `presentVoters` given, a member turning spectator whose vote was the last one missing
 * reveals the votes cast. Setting what is already so returns `content` itself. Throws NO_DATA,
 * USER_NOT_AUTHENTICATED for a blank id.
 */
export function setSpectator(
  content: PokerContent | null,
  args: SetSpectatorArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  const userId = requireUser(args.userId);
  const spectators = current.spectators ?? [];
  if (spectators.includes(userId) === args.spectator) return current;
  if (!args.spectator) {
    const rest = spectators.filter((id) => id !== userId);
    const { spectators: _old, ...others } = current;
    return rest.length === 0 ? others : { ...current, spectators: rest };
  }
  const next = {
    ...current,
    spectators: [...spectators, userId],
    estimations: current.isRevealed
      ? current.estimations
      : current.estimations.filter((estimation) => estimation.userId !== userId),
  };
  const complete =
    args.presentVoters !== undefined &&
    autoRevealEnabled(next) &&
    everyPresentVoterVoted(next, args.presentVoters);
  return complete ? { ...next, isRevealed: true } : next;
}

/**
 * Sets the values of the custom deck and switches to it, clearing the votes and hiding as any
 * scale change (spec §4); the same deck while on it returns `content` itself. Values are
 * trimmed, blanks and repeats dropped first. Throws NO_DATA; INVALID_DECK unless 2 to 20
 * distinct values of at most 3 characters remain, none 'tea-cup' or 'question'.
 */
export function setCustomDeck(
  content: PokerContent | null,
  args: SetCustomDeckArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  const values: string[] = [];
  for (const raw of args.values) {
    const value = raw.trim();
    if (value !== '' && !values.includes(value)) values.push(value);
  }
  if (!isValidCustomDeck(values)) throw new PokerError('INVALID_DECK');
  const same =
    current.scale === 'custom' &&
    (current.customDeck ?? []).length === values.length &&
    values.every((value, index) => current.customDeck?.[index] === value);
  if (same) return current;
  return { ...current, customDeck: values, scale: 'custom', estimations: [], isRevealed: false };
}

/** Starts or resumes the round timer at `ctx.now`; running already: `content` itself. Throws NO_DATA. */
export function startTimer(content: PokerContent | null, ctx: PokerContext): PokerContent {
  const current = requireContent(content);
  if (current.timer?.startedAt != null) return current;
  return {
    ...current,
    timer: { startedAt: ctx.now(), elapsedMs: current.timer?.elapsedMs ?? 0 },
  };
}

/**
 * Pauses the round timer, keeping the time run until `ctx.now`; not running: `content` itself.
 * Throws NO_DATA.
 */
export function pauseTimer(content: PokerContent | null, ctx: PokerContext): PokerContent {
  const current = requireContent(content);
  if (current.timer?.startedAt == null) return current;
  return {
    ...current,
    timer: {
      startedAt: null,
      elapsedMs: Math.round(timerElapsedMs(current.timer, Date.parse(ctx.now()))),
    },
  };
}

/** Stops the round timer and sets it back to 0; never started: `content` itself. Throws NO_DATA. */
export function resetTimer(content: PokerContent | null, _ctx?: PokerContext): PokerContent {
  const current = requireContent(content);
  if (current.timer === undefined) return current;
  const { timer: _old, ...rest } = current;
  return rest;
}

/**
 * Keeps `estimate` as the final estimate of issue `issueId` titled `title` (both trimmed) for
 * the session's results, decided at `ctx.now`: replaces the issue's earlier result in its place,
 * else appends one. Throws NO_DATA; NO_ISSUE_SELECTED for a blank issue id; INVALID_CARD for a
 * blank estimate.
 */
export function recordResult(
  content: PokerContent | null,
  args: RecordResultArgs,
  ctx: PokerContext,
): PokerContent {
  const current = requireContent(content);
  const issueId = args.issueId.trim();
  if (issueId === '') throw new PokerError('NO_ISSUE_SELECTED');
  const estimate = args.estimate.trim();
  if (estimate === '') throw new PokerError('INVALID_CARD');
  const result = { issueId, title: args.title.trim(), estimate, decidedAt: ctx.now() };
  const results = current.results ?? [];
  const known = results.some((entry) => entry.issueId === issueId);
  return {
    ...current,
    results: known
      ? results.map((entry) => (entry.issueId === issueId ? result : entry))
      : [...results, result],
  };
}

/**
 * The topic `text` sets: trimmed and cut to {@link POKER_TOPIC_MAX_LENGTH} UTF-16 code units,
 * trimmed again after the cut; '' for a blank one.
 */
export function normalizeTopic(text: string): string {
  return text.trim().slice(0, POKER_TOPIC_MAX_LENGTH).trim();
}

/**
 * Sets the free topic the round votes on when the backlog has no issue to estimate: `topic` as
 * {@link normalizeTopic} makes it; a blank topic removes the field. The votes stay. Setting the
 * topic already set returns `content` itself. With `from`, a topic someone else set since throws
 * EditConflictError (field 'topic'). Throws NO_DATA.
 */
export function setTopic(
  content: PokerContent | null,
  args: SetTopicArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  const topic = normalizeTopic(args.topic);
  if ((current.topic ?? '') === topic) return current;
  // A topic someone else set meanwhile is not overwritten silently.
  if (args.from !== undefined)
    mergeFieldChanges({ topic: current.topic ?? '' }, { topic }, { topic: args.from });
  const { topic: _old, ...rest } = current;
  return topic === '' ? rest : { ...rest, topic };
}

// ---------------------------------------------------------------------------------------------
// Definitions: each operation's name, arguments, apply and activity entry (spec §3 Activity log
// entry; entityType 'estimation' and entityId the content's id unless said otherwise).

function estimationSnapshot(estimation: Estimation): ActivitySnapshot {
  return { ...estimation };
}

// entityId: the voter's user id. Its sentence's variant: 'changed' when they had voted before.
// Every poker operation works on PokerContent with PokerContext.
const definePokerOperation = operationDefiner<PokerContent, PokerContext>();

const submitVoteOperation = definePokerOperation({
  name: 'submitVote',
  args: submitVoteArgs,
  apply: submitVote,
  doc: {
    summary: 'Casts or replaces the vote of a member in the current round.',
    preconditions: [
      '`userId` is not blank after trimming (else USER_NOT_AUTHENTICATED).',
      'The member is not in `spectators` (else SPECTATOR_CANNOT_VOTE).',
      '`value` is exactly a card of the current deck: the deck of `scale`, for `custom` the values of `customDeck` then the special cards (else INVALID_CARD).',
      'The votes are hidden, or `settings.allowChangeAfterReveal` is on (else VOTE_LOCKED).',
    ],
    effects: [
      'The vote `{userId: userId trimmed, username: username trimmed (blank: the user id), value, timestamp: now()}` replaces the earlier vote of that user in its place in `estimations`, or is appended.',
      'With `settings.autoReveal` on and `presentVoters` given: when every present voter (the ids trimmed, blanks and spectators left out, the voter included) has now voted, `isRevealed` becomes true.',
    ],
    errors: {
      USER_NOT_AUTHENTICATED: '`userId` is blank',
      SPECTATOR_CANNOT_VOTE: 'the member is a spectator',
      INVALID_CARD: '`value` is not a card of the current deck',
      VOTE_LOCKED: 'the votes are revealed and `settings.allowChangeAfterReveal` is off',
    },
    inverse: 'A `patch` restoring the earlier vote (or removing the new one) and `isRevealed`.',
  },
  describe: (args, before, after) => {
    const userId = args.userId.trim();
    const old = userEstimation(before, userId);
    const vote = userEstimation(after, userId);
    const username = vote?.username ?? userId;
    return {
      entityType: 'estimation',
      entityId: userId,
      details: old
        ? `Changed the estimation of "${username}"`
        : `Submitted an estimation for "${username}"`,
      oldValue: old ? estimationSnapshot(old) : null,
      newValue: vote ? estimationSnapshot(vote) : null,
      params: { username },
      ...(old ? { variant: 'changed' } : {}),
    };
  },
});

// entityId: the voter's user id.
const clearVoteOperation = definePokerOperation({
  name: 'clearVote',
  args: clearVoteArgs,
  apply: clearVote,
  doc: {
    summary: 'Withdraws the vote of a member.',
    preconditions: [
      '`userId` is not blank after trimming (else USER_NOT_AUTHENTICATED).',
      'When they have voted: the votes are hidden or `settings.allowChangeAfterReveal` is on (else VOTE_LOCKED).',
    ],
    effects: [
      'Their estimation is removed from `estimations`; a member without one leaves the content unchanged.',
    ],
    errors: {
      USER_NOT_AUTHENTICATED: '`userId` is blank',
      VOTE_LOCKED: 'the votes are revealed and `settings.allowChangeAfterReveal` is off',
    },
    inverse: 'A `patch` inserting the vote again in its place.',
  },
  describe: (args, before) => {
    const userId = args.userId.trim();
    const old = userEstimation(before, userId);
    const username = old?.username ?? userId;
    return {
      entityType: 'estimation',
      entityId: userId,
      details: `Withdrew the estimation of "${username}"`,
      oldValue: old ? estimationSnapshot(old) : null,
      newValue: null,
      params: { username },
    };
  },
});

// The entry of reveal ('Revealed') and hide ('Hid'): the visibility and the number of votes.
function visibilityEntry(
  verb: string,
  before: PokerContent,
  after: PokerContent,
): ActivityEntryBody {
  const count = after.estimations.length;
  return {
    entityType: 'estimation',
    entityId: after.id,
    details: `${verb} ${count} estimations`,
    oldValue: { isRevealed: before.isRevealed },
    newValue: { isRevealed: after.isRevealed },
    params: { count },
  };
}

// With `presentVoters` it is the reveal a departure causes (autoReveal), else a plain Reveal.
const revealOperation = definePokerOperation({
  name: 'reveal',
  args: revealArgs,
  apply: (content, args, ctx) =>
    args.presentVoters === undefined
      ? reveal(content, ctx)
      : autoReveal(content, { presentVoters: args.presentVoters }, ctx),
  doc: {
    summary: 'Shows every vote.',
    preconditions: [],
    effects: [
      'Without `presentVoters`: `isRevealed` becomes true; already revealed: the content is returned unchanged.',
      'With `presentVoters` (the reveal a member leaving causes): `isRevealed` becomes true only when `settings.autoReveal` is on and every present voter (ids trimmed, blanks and spectators left out; at least one) has voted; otherwise the content is returned unchanged.',
    ],
    errors: {},
    inverse: 'A `patch` setting `isRevealed` back to false.',
  },
  describe: (_args, before, after) => visibilityEntry('Revealed', before, after),
});

const hideOperation = definePokerOperation({
  name: 'hide',
  args: noArgs,
  apply: (content, _args, ctx) => hide(content, ctx),
  doc: {
    summary: 'Hides the votes again.',
    preconditions: [],
    effects: ['`isRevealed` becomes false; already hidden: the content is returned unchanged.'],
    errors: {},
    inverse: 'A `patch` setting `isRevealed` back to true.',
  },
  describe: (_args, before, after) => visibilityEntry('Hid', before, after),
});

const resetOperation = definePokerOperation({
  name: 'reset',
  args: noArgs,
  apply: (content, _args, ctx) => reset(content, ctx),
  doc: {
    summary: 'Starts the round over: clears every vote and hides.',
    preconditions: [],
    effects: [
      '`estimations` becomes [] and `isRevealed` false (a new object even when they already were).',
    ],
    errors: {},
    inverse: 'A `patch` restoring the votes and `isRevealed`.',
  },
  describe: (_args, before, after) => {
    const count = before.estimations.length;
    return {
      entityType: 'estimation',
      entityId: after.id,
      details: `Reset ${count} estimations`,
      oldValue: {
        estimations: before.estimations.map(estimationSnapshot),
        isRevealed: before.isRevealed,
      },
      newValue: { estimations: [], isRevealed: after.isRevealed },
      params: { count },
    };
  },
});

// entityType 'scale'. Its sentence's variant: the new scale ('fibonacci', 'tshirt', 'powers',
// 'custom').
const changeScaleOperation = definePokerOperation({
  name: 'changeScale',
  args: changeScaleArgs,
  apply: changeScale,
  doc: {
    summary: 'Switches the card scale, which clears the votes.',
    preconditions: [
      '`scale` is `custom` only while `customDeck` is a valid custom deck (else INVALID_SCALE).',
    ],
    effects: [
      'The scale already in use leaves the content unchanged (the votes cast stay).',
      'Otherwise `scale` is set, `estimations` becomes [] and `isRevealed` false.',
    ],
    errors: { INVALID_SCALE: '`custom` without a valid `customDeck`' },
    inverse: 'A `patch` restoring `scale`, the votes and `isRevealed`.',
  },
  describe: (_args, before, after) => {
    const count = before.estimations.length;
    return {
      entityType: 'scale',
      entityId: after.id,
      details: `Changed the scale from "${before.scale}" to "${after.scale}", clearing ${count} estimations`,
      oldValue: { scale: before.scale, estimationCount: count },
      newValue: { scale: after.scale, estimationCount: after.estimations.length },
      params: { scale: after.scale, oldScale: before.scale, count },
      variant: after.scale,
    };
  },
});

// entityType 'issue', entityId the selected issue's id (the one cleared when clearing the
// selection). Its sentence's variant: 'cleared' when the selection was cleared.
const selectIssueOperation = definePokerOperation({
  name: 'selectIssue',
  args: selectIssueArgs,
  apply: selectIssue,
  doc: {
    summary:
      'Selects the backlog issue to estimate (null clears the selection); each issue keeps its own round.',
    preconditions: [],
    effects: [
      'Selecting the issue already selected leaves the content unchanged.',
      'The round so far (`estimations`, `isRevealed`, `scale`, `timer`) is kept in `rounds` under the key `issue:<id>` of the issue selected so far (`""` for none), unless it has no votes and no timer (then that key is removed).',
      'The kept round of the newly selected issue, if any, becomes current (its votes, reveal, scale and timer) and leaves `rounds`; otherwise a fresh round starts: `estimations` [], `isRevealed` false, no `timer`, `scale` as it is.',
      '`selectedIssueId` = `issueId`; `rounds` is removed when it becomes empty.',
    ],
    errors: {},
    inverse: 'A `patch` restoring `selectedIssueId`, the current round and `rounds`.',
  },
  describe: (_args, before, after) => {
    const issueId = after.selectedIssueId ?? before.selectedIssueId ?? '';
    const cleared = after.selectedIssueId === null;
    return {
      entityType: 'issue',
      entityId: issueId,
      details: cleared
        ? 'Cleared the issue selection'
        : `Selected issue "${issueId}" for estimation`,
      oldValue: before.selectedIssueId,
      newValue: after.selectedIssueId,
      params: { issueId },
      ...(cleared ? { variant: 'cleared' } : {}),
    };
  },
});

// entityType 'topic'. Its sentence's variant: 'cleared' when the topic was removed.
const setTopicOperation = definePokerOperation({
  name: 'setTopic',
  args: setTopicArgs,
  apply: setTopic,
  doc: {
    summary: 'Sets the free topic voted on when no backlog issue is selected.',
    preconditions: [
      'With `from` (the topic when the member started typing, `""` for none): the stored topic is still `from` (else EDIT_CONFLICT).',
    ],
    effects: [
      'The topic is `topic` trimmed, cut to 200 UTF-16 code units and trimmed again.',
      'The topic already set leaves the content unchanged (checked before `from`).',
      'A blank topic removes the `topic` field; otherwise `topic` is set. The votes stay.',
    ],
    errors: {
      EDIT_CONFLICT:
        'with `from`: someone set another topic since (one conflict on `topic`, `entityId` null)',
    },
    inverse: 'A `patch` setting `topic` back (removing it when there was none).',
  },
  describe: (_args, before, after) => {
    const topic = after.topic ?? '';
    const newValue = after.topic ?? null;
    return {
      entityType: 'topic',
      entityId: after.id,
      details: topic === '' ? 'Cleared the topic' : `Set the topic to "${topic}"`,
      oldValue: before.topic ?? null,
      newValue,
      params: { topic },
      ...(newValue === null ? { variant: 'cleared' } : {}),
    };
  },
});

// entityType 'settings'. Its sentence's variant: 'off' when turned off.
const setAutoRevealOperation = definePokerOperation({
  name: 'setAutoReveal',
  args: setAutoRevealArgs,
  apply: setAutoReveal,
  doc: {
    summary: 'Turns auto-reveal on or off.',
    preconditions: [],
    effects: [
      '`settings.autoReveal` = `enabled`; when it already is (an absent setting counts as false), the content is returned unchanged.',
    ],
    errors: {},
    inverse: 'A `patch` setting `settings.autoReveal` back.',
  },
  describe: (args, before, after) => ({
    entityType: 'settings',
    entityId: after.id,
    details: args.enabled ? 'Turned auto-reveal on' : 'Turned auto-reveal off',
    oldValue: { autoReveal: before.settings.autoReveal === true },
    newValue: { autoReveal: after.settings.autoReveal === true },
    params: {},
    ...(args.enabled ? {} : { variant: 'off' }),
  }),
});

// entityType 'team', entityId the member's user id. Variant 'off': a voter again.
const setSpectatorOperation = definePokerOperation({
  name: 'setSpectator',
  args: setSpectatorArgs,
  apply: setSpectator,
  doc: {
    summary: 'Makes a member a spectator (watching without voting) or a voter again.',
    preconditions: ['`userId` is not blank after trimming (else USER_NOT_AUTHENTICATED).'],
    effects: [
      'When the member already is (or is not) in `spectators` as asked, the content is returned unchanged.',
      'Spectator: the id (trimmed) is appended to `spectators` (created when absent); while the votes are hidden, their vote is removed from `estimations`. With `settings.autoReveal` on and `presentVoters` given, when every present voter has now voted `isRevealed` becomes true.',
      'Voter again: the id is removed from `spectators`, and the field itself when it becomes empty.',
    ],
    errors: { USER_NOT_AUTHENTICATED: '`userId` is blank' },
    inverse: 'A `patch` restoring `spectators`, the withdrawn vote and `isRevealed`.',
  },
  describe: (args, before, after) => {
    const userId = args.userId.trim();
    return {
      entityType: 'team',
      entityId: userId,
      details: args.spectator ? `"${userId}" watches as a spectator` : `"${userId}" votes again`,
      oldValue: { spectator: isSpectator(before, userId) },
      newValue: { spectator: isSpectator(after, userId) },
      params: { username: userId },
      ...(args.spectator ? {} : { variant: 'off' }),
    };
  },
});

// entityType 'scale'.
const setCustomDeckOperation = definePokerOperation({
  name: 'setCustomDeck',
  args: setCustomDeckArgs,
  apply: setCustomDeck,
  doc: {
    summary: 'Sets the custom deck and switches to it, which clears the votes.',
    preconditions: [
      'After trimming and dropping blanks and repeats, 2 to 20 values of at most 3 characters remain, none `tea-cup` or `question` (else INVALID_DECK).',
    ],
    effects: [
      'The same deck (same values, same order) while `scale` is `custom` leaves the content unchanged.',
      'Otherwise `customDeck` = the cleaned values, `scale` = `custom`, `estimations` [] and `isRevealed` false.',
    ],
    errors: { INVALID_DECK: 'the cleaned values are not a valid custom deck' },
    inverse: 'A `patch` restoring `customDeck`, `scale`, the votes and `isRevealed`.',
  },
  describe: (_args, before, after) => {
    const values = after.customDeck ?? [];
    return {
      entityType: 'scale',
      entityId: after.id,
      details: `Set the custom deck to ${values.join(', ')}`,
      oldValue: { scale: before.scale, customDeck: before.customDeck ?? null },
      newValue: { scale: after.scale, customDeck: values },
      params: { values: values.join(', '), count: before.estimations.length },
    };
  },
});

// entityType 'estimation' (the round); the three timer operations share their entry.
function timerEntry(verb: string, before: PokerContent, after: PokerContent): ActivityEntryBody {
  return {
    entityType: 'estimation',
    entityId: after.id,
    details: `${verb} the round timer`,
    oldValue: before.timer ? { ...before.timer } : null,
    newValue: after.timer ? { ...after.timer } : null,
    params: {},
  };
}

const startTimerOperation = definePokerOperation({
  name: 'startTimer',
  args: noArgs,
  apply: (content, _args, ctx) => startTimer(content, ctx),
  doc: {
    summary: 'Starts or resumes the round timer.',
    preconditions: [],
    effects: [
      'A running timer (`timer.startedAt` set) leaves the content unchanged.',
      'Otherwise `timer` = `{startedAt: now(), elapsedMs: the elapsed time so far (0 without timer)}`.',
    ],
    errors: {},
    inverse: 'A `patch` setting `timer` back (removing it when there was none).',
  },
  describe: (_args, before, after) => timerEntry('Started', before, after),
});

const pauseTimerOperation = definePokerOperation({
  name: 'pauseTimer',
  args: noArgs,
  apply: (content, _args, ctx) => pauseTimer(content, ctx),
  doc: {
    summary: 'Pauses the round timer, keeping the time run.',
    preconditions: [],
    effects: [
      'A timer that is not running leaves the content unchanged.',
      'Otherwise `timer` = `{startedAt: null, elapsedMs: round(elapsedMs + max(0, now() − startedAt))}` in milliseconds (an unparsable `startedAt` adds nothing).',
    ],
    errors: {},
    inverse: 'A `patch` setting `timer` back.',
  },
  describe: (_args, before, after) => timerEntry('Paused', before, after),
});

const resetTimerOperation = definePokerOperation({
  name: 'resetTimer',
  args: noArgs,
  apply: (content, _args, ctx) => resetTimer(content, ctx),
  doc: {
    summary: 'Stops the round timer and sets it back to 0.',
    preconditions: [],
    effects: ['The `timer` field is removed; without one the content is returned unchanged.'],
    errors: {},
    inverse: 'A `patch` restoring `timer`.',
  },
  describe: (_args, before, after) => timerEntry('Reset', before, after),
});

// entityType 'issue', entityId the issue's id.
const recordResultOperation = definePokerOperation({
  name: 'recordResult',
  args: recordResultArgs,
  apply: recordResult,
  doc: {
    summary: 'Keeps the final estimate of an issue in the session results.',
    preconditions: [
      '`issueId` is not blank after trimming (else NO_ISSUE_SELECTED).',
      '`estimate` is not blank after trimming (else INVALID_CARD).',
    ],
    effects: [
      'The result `{issueId, title, estimate, decidedAt: now()}` (strings trimmed) replaces the earlier result of that issue in its place in `results`, or is appended (`results` created when absent).',
      'The backlog issue itself is not changed: saving the estimate into it is an operation of its tracker.',
    ],
    errors: {
      NO_ISSUE_SELECTED: '`issueId` is blank',
      INVALID_CARD: '`estimate` is blank',
    },
    inverse: 'A `patch` restoring the earlier result (or removing the new one).',
  },
  describe: (args, before, after) => {
    const issueId = args.issueId.trim();
    const old = (before.results ?? []).find((entry) => entry.issueId === issueId);
    const result = (after.results ?? []).find((entry) => entry.issueId === issueId);
    return {
      entityType: 'issue',
      entityId: issueId,
      details: `Recorded the final estimate ${result?.estimate ?? ''} for "${result?.title ?? ''}"`,
      oldValue: old ? { ...old } : null,
      newValue: result ? { ...result } : null,
      params: { title: result?.title ?? '', estimate: result?.estimate ?? '' },
    };
  },
});

/**
 * Every named poker operation (spec §4 Scrum poker) in one set: `schema` checks `{type, ...args}`
 * (submitVote {userId, username, value: strings, presentVoters?: strings}, clearVote {userId:
 * string}, reveal {presentVoters?: strings}, hide, reset, changeScale {scale: 'fibonacci' | 'tshirt' | 'powers' |
 * 'custom'}, selectIssue {issueId: string | null}, setTopic {topic: string, from?: string},
 * setAutoReveal {enabled: boolean}, setSpectator {userId: string, spectator: boolean},
 * setCustomDeck {values: strings}, startTimer, pauseTimer, resetTimer, recordResult {issueId,
 * title, estimate: strings}; shapes only — the rules about values, such as a blank
 * user, a card of the scale or locked votes, are the operations', spec §8 Poker; unknown
 * arguments are dropped), `apply` replays one against any content — how a save that hit a 409
 * re-applies the user's change to the latest version (spec §4 Tool content) — and `describe`
 * gives its activity entry (see pokerActivityEntry in ./activity.ts).
 */
export const pokerOperations = operationSet([
  submitVoteOperation,
  clearVoteOperation,
  revealOperation,
  hideOperation,
  resetOperation,
  changeScaleOperation,
  selectIssueOperation,
  setTopicOperation,
  setAutoRevealOperation,
  setSpectatorOperation,
  setCustomDeckOperation,
  startTimerOperation,
  pauseTimerOperation,
  resetTimerOperation,
  recordResultOperation,
]);

/** Every named poker operation as a serialisable message, discriminated by `type`. */
export type PokerOperation = OperationSetOp<typeof pokerOperations>;

/** The `type` of every {@link PokerOperation}. */
export type PokerOperationType = PokerOperation['type'];

/**
 * Applies one {@link PokerOperation} to `content` with the named operation of the same type and
 * returns the new content; throws what that operation throws (NO_DATA for null content). With
 * the same `ctx` values the result is the same (spec §4 Tool content, re-apply on 409).
 */
export const applyPokerOperation = pokerOperations.apply;

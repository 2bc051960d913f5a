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

const submitVoteArgs = z.object({ userId: z.string(), username: z.string(), value: z.string() });
const clearVoteArgs = z.object({ userId: z.string() });
const changeScaleArgs = z.object({ scale: pokerScaleSchema });
const selectIssueArgs = z.object({ issueId: z.string().nullable() });
const setTopicArgs = z.object({ topic: z.string(), from: z.string().optional() });
const noArgs = z.object({});

/**
 * Arguments of {@link submitVote}: the current user (spec §6: the stored username serves as id
 * and name) and the card value chosen ('5', 'M', 'tea-cup', …).
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

/** The cards of `scale` (spec §3), e.g. for the card grid. */
export function cardsOf(scale: PokerScale): readonly PokerCard[] {
  return POKER_DECKS[scale];
}

/** Whether `value` is a card of `scale`'s deck (exact match: 'M' yes, 'm' no). */
export function isCardOf(scale: PokerScale, value: string): boolean {
  return POKER_DECKS[scale].some((card) => card.value === value);
}

/** The estimation of user `userId`, or undefined when they have not voted. */
export function userEstimation(content: PokerContent, userId: string): Estimation | undefined {
  return content.estimations.find((estimation) => estimation.userId === userId);
}

/**
 * Stores the user's vote (spec §4: submitting replaces the user's earlier vote, which keeps its
 * place in the list; a first vote is appended). `username` is trimmed and falls back to the id;
 * the timestamp comes from `ctx.now`. Throws NO_DATA; USER_NOT_AUTHENTICATED for a blank user
 * id; INVALID_CARD when `value` is not a card of the current scale (e.g. after another user
 * changed the scale); VOTE_LOCKED when revealed and `settings.allowChangeAfterReveal` is off.
 */
export function submitVote(
  content: PokerContent | null,
  args: SubmitVoteArgs,
  ctx: PokerContext,
): PokerContent {
  const current = requireContent(content);
  const userId = requireUser(args.userId);
  if (!isCardOf(current.scale, args.value)) throw new PokerError('INVALID_CARD');
  checkNotLocked(current);
  const username = args.username.trim();
  const vote: Estimation = {
    userId,
    username: username === '' ? userId : username,
    value: args.value,
    timestamp: ctx.now(),
  };
  const existing = current.estimations.some((estimation) => estimation.userId === userId);
  return {
    ...current,
    estimations: existing
      ? current.estimations.map((estimation) => (estimation.userId === userId ? vote : estimation))
      : [...current.estimations, vote],
  };
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
 * votes cast since. Throws NO_DATA, INVALID_SCALE ('Invalid scale value').
 */
export function changeScale(
  content: PokerContent | null,
  args: ChangeScaleArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  if (!POKER_SCALES.includes(args.scale)) throw new PokerError('INVALID_SCALE');
  if (current.scale === args.scale) return current;
  return { ...current, scale: args.scale, estimations: [], isRevealed: false };
}

/** Stores the issue id as `selectedIssueId` (spec §4), null clearing it. Throws NO_DATA. */
export function selectIssue(
  content: PokerContent | null,
  args: SelectIssueArgs,
  _ctx?: PokerContext,
): PokerContent {
  const current = requireContent(content);
  if (current.selectedIssueId === args.issueId) return current;
  return { ...current, selectedIssueId: args.issueId };
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

const revealOperation = definePokerOperation({
  name: 'reveal',
  args: noArgs,
  apply: (content, _args, ctx) => reveal(content, ctx),
  describe: (_args, before, after) => visibilityEntry('Revealed', before, after),
});

const hideOperation = definePokerOperation({
  name: 'hide',
  args: noArgs,
  apply: (content, _args, ctx) => hide(content, ctx),
  describe: (_args, before, after) => visibilityEntry('Hid', before, after),
});

const resetOperation = definePokerOperation({
  name: 'reset',
  args: noArgs,
  apply: (content, _args, ctx) => reset(content, ctx),
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

// entityType 'scale'. Its sentence's variant: the new scale, 'tshirt' or 'fibonacci'.
const changeScaleOperation = definePokerOperation({
  name: 'changeScale',
  args: changeScaleArgs,
  apply: changeScale,
  describe: (_args, before, after) => {
    const count = before.estimations.length;
    return {
      entityType: 'scale',
      entityId: after.id,
      details: `Changed the scale from "${before.scale}" to "${after.scale}", clearing ${count} estimations`,
      oldValue: { scale: before.scale, estimationCount: count },
      newValue: { scale: after.scale, estimationCount: after.estimations.length },
      params: { scale: after.scale, oldScale: before.scale, count },
      variant: after.scale === 'tshirt' ? 'tshirt' : 'fibonacci',
    };
  },
});

// entityType 'issue', entityId the selected issue's id (the one cleared when clearing the
// selection). Its sentence's variant: 'cleared' when the selection was cleared.
const selectIssueOperation = definePokerOperation({
  name: 'selectIssue',
  args: selectIssueArgs,
  apply: selectIssue,
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

/**
 * Every named poker operation (spec §4 Scrum poker) in one set: `schema` checks `{type, ...args}`
 * (submitVote {userId, username, value: strings}, clearVote {userId: string}, reveal, hide,
 * reset, changeScale {scale: 'fibonacci' | 'tshirt'}, selectIssue {issueId: string | null},
 * setTopic {topic: string, from?: string}; shapes only — the rules about values, such as a blank
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

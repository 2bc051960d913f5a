/**
 * How a facilitator runs Scrum Poker over several issues: every issue has its own round (votes,
 * reveal, scale and timer kept with it when another issue is selected), a round timer every
 * member computes alike, members who watch without voting, auto-reveal once every present voter
 * has voted, custom decks, and the session's final estimates as a table to copy. Pure functions;
 * the operations using them are in ./operations.ts.
 */
import { backlogEstimation } from './estimation.ts';
import { mostFrequentVotes } from './statistics.ts';
import {
  CUSTOM_CARD_MAX_LENGTH,
  CUSTOM_DECK_MAX_VALUES,
  CUSTOM_DECK_MIN_VALUES,
  SPECIAL_CARDS,
  type Estimation,
  type PokerCard,
  type PokerContent,
  type PokerRound,
  type PokerTimer,
} from './types.ts';

// ---------------------------------------------------------------------------------------------
// Rounds per issue

/**
 * The key of an issue's round in {@link PokerContent.rounds}: 'issue:' and its id, '' for the
 * round without an issue (so no issue id, not even '' or '__proto__', clashes with another key).
 */
export function roundKey(issueId: string | null): string {
  return issueId === null ? '' : `issue:${issueId}`;
}

/** The selected issue's round, as it would be kept when another issue is selected. */
export function activeRound(content: PokerContent): PokerRound {
  return {
    estimations: content.estimations,
    isRevealed: content.isRevealed,
    scale: content.scale,
    ...(content.timer ? { timer: content.timer } : {}),
  };
}

// A round with nothing in it is not kept: no votes and no timer.
function isEmptyRound(round: PokerRound): boolean {
  return round.estimations.length === 0 && round.timer === undefined;
}

/**
 * The content with `issueId` selected: the round of the issue selected so far is kept under its
 * key (dropped when empty), the new issue's kept round becomes the current one — its votes,
 * reveal, scale and timer — or, for an issue without one, a fresh round: no votes, hidden, no
 * timer, the scale as it is. Content written before `rounds` existed simply has none.
 */
export function switchRound(content: PokerContent, issueId: string | null): PokerContent {
  const leaving = activeRound(content);
  const oldKey = roundKey(content.selectedIssueId);
  const newKey = roundKey(issueId);
  const kept = roundOf(content, issueId);
  const rounds: Record<string, PokerRound> = Object.fromEntries(
    Object.entries(content.rounds ?? {}).filter(([key]) => key !== oldKey && key !== newKey),
  );
  if (!isEmptyRound(leaving)) rounds[oldKey] = leaving;
  const { timer: _timer, rounds: _rounds, ...rest } = content;
  return {
    ...rest,
    selectedIssueId: issueId,
    estimations: kept?.estimations ?? [],
    isRevealed: kept?.isRevealed ?? false,
    scale: kept?.scale ?? content.scale,
    ...(kept?.timer ? { timer: kept.timer } : {}),
    ...(Object.keys(rounds).length > 0 ? { rounds } : {}),
  };
}

/** The round of `issueId`: the current one when it is selected, a kept one, or undefined. */
export function roundOf(content: PokerContent, issueId: string | null): PokerRound | undefined {
  if (issueId === content.selectedIssueId) return activeRound(content);
  const key = roundKey(issueId);
  const rounds = content.rounds ?? {};
  return Object.hasOwn(rounds, key) ? rounds[key] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Suggestion

/**
 * The 'Suggested Values' of the Set Final Estimation select (spec §2): the most frequent of the
 * votes that can be an issue's estimation (numbers and sizes; never 'tea-cup', 'question' or
 * other text), once revealed. [] while hidden, and when no such vote was cast.
 */
export function suggestedFinalEstimations(content: PokerContent): string[] {
  if (!content.isRevealed) return [];
  return mostFrequentVotes(
    content.estimations.filter((estimation) => backlogEstimation(estimation.value) !== null),
  );
}

// ---------------------------------------------------------------------------------------------
// Spectators and auto-reveal

/** Whether user `userId` watches without voting. */
export function isSpectator(content: PokerContent, userId: string): boolean {
  return (content.spectators ?? []).includes(userId.trim());
}

/** Whether votes show by themselves once every present voter voted (absent: off). */
export function autoRevealEnabled(content: PokerContent): boolean {
  return content.settings.autoReveal === true;
}

/**
 * Whether every one of `present` (user ids of the members present; blanks ignored, spectators
 * left out) has voted in the current round; false when no voter is present.
 */
export function everyPresentVoterVoted(content: PokerContent, present: readonly string[]): boolean {
  const voters = present
    .map((userId) => userId.trim())
    .filter((userId) => userId !== '' && !isSpectator(content, userId));
  if (voters.length === 0) return false;
  const voted = new Set(content.estimations.map((estimation) => estimation.userId));
  return voters.every((userId) => voted.has(userId));
}

/**
 * Whether members leaving complete the round for auto-reveal: auto-reveal is on, the votes are
 * hidden, a user id in `before` (those present until now) is missing from `after` (those
 * present now) and every voter of `after` has voted ({@link everyPresentVoterVoted}). A vote
 * completing the round reveals by itself (submitVote); this covers the voter who leaves instead.
 */
export function departureCompletesRound(
  content: PokerContent,
  before: readonly string[],
  after: readonly string[],
): boolean {
  if (!autoRevealEnabled(content) || content.isRevealed) return false;
  const staying = new Set(after.map((userId) => userId.trim()));
  const someoneLeft = before.some((userId) => userId.trim() !== '' && !staying.has(userId.trim()));
  return someoneLeft && everyPresentVoterVoted(content, after);
}

/**
 * The one member who sends the reveal a departure causes: the lowest of the user ids `present`
 * (UTF-16 code-unit order, the same on every screen; blanks ignored), spectators included — they
 * see the round too. Undefined when nobody is present.
 */
export function departureRevealSender(present: readonly string[]): string | undefined {
  let lowest: string | undefined;
  for (const raw of present) {
    const userId = raw.trim();
    if (userId !== '' && (lowest === undefined || userId < lowest)) lowest = userId;
  }
  return lowest;
}

// ---------------------------------------------------------------------------------------------
// Timer

/**
 * Milliseconds `timer` has run at time `nowMs` (epoch ms): what it ran before plus, while
 * running, the time since it started (never negative, so a clock behind the starter's does not
 * count backwards). 0 for no timer or an unreadable start time.
 */
export function timerElapsedMs(timer: PokerTimer | undefined, nowMs: number): number {
  if (timer === undefined) return 0;
  if (timer.startedAt === null) return timer.elapsedMs;
  const started = Date.parse(timer.startedAt);
  if (Number.isNaN(started)) return timer.elapsedMs;
  return timer.elapsedMs + Math.max(0, nowMs - started);
}

/** Whether `timer` is running. */
export function timerRunning(timer: PokerTimer | undefined): boolean {
  return timer !== undefined && timer.startedAt !== null;
}

/** Elapsed time as 'm:ss' (or 'h:mm:ss' from an hour on), from milliseconds. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

// ---------------------------------------------------------------------------------------------
// Custom decks

/**
 * The values a typed deck gives: split on commas, semicolons and line breaks, trimmed, blanks
 * and repeats dropped, in typed order. Does not check the count or lengths (see
 * {@link customDeckProblem}).
 */
export function parseDeckText(text: string): string[] {
  const values: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const value = part.trim();
    if (value !== '' && !values.includes(value)) values.push(value);
  }
  return values;
}

/**
 * Whether `values` can be a custom deck: {@link CUSTOM_DECK_MIN_VALUES} to
 * {@link CUSTOM_DECK_MAX_VALUES} distinct, trimmed, non-blank values of at most
 * {@link CUSTOM_CARD_MAX_LENGTH} characters, none a special card's value. Returns true when it
 * can.
 */
export function isValidCustomDeck(values: readonly string[]): boolean {
  if (values.length < CUSTOM_DECK_MIN_VALUES || values.length > CUSTOM_DECK_MAX_VALUES)
    return false;
  if (new Set(values).size !== values.length) return false;
  return values.every(
    (value) =>
      value === value.trim() &&
      value !== '' &&
      value.length <= CUSTOM_CARD_MAX_LENGTH &&
      !SPECIAL_CARDS.some((card) => card.value === value),
  );
}

/** The cards of a custom deck: its values (numbers as 'number', other text as 'size'), then the specials. */
export function customCards(values: readonly string[]): PokerCard[] {
  return [
    ...values.map((value): PokerCard => ({
      value,
      kind: /^\d+(?:\.\d+)?$/.test(value) ? 'number' : 'size',
    })),
    ...SPECIAL_CARDS,
  ];
}

// ---------------------------------------------------------------------------------------------
// Results

/** One row of the results table: the issue's title (its id when the title is blank) and estimate. */
export interface PokerResultRow {
  issue: string;
  estimate: string;
}

/** The session's final estimates as rows, in the order first saved. */
export function pokerResultRows(content: PokerContent): PokerResultRow[] {
  return (content.results ?? []).map((result) => ({
    issue: result.title.trim() === '' ? result.issueId : result.title.trim(),
    estimate: result.estimate,
  }));
}

// A cell keeps to its line and column: tabs and line breaks become spaces.
function cell(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').trim();
}

/**
 * The rows as tab-separated text to paste into a spreadsheet or document: the header row
 * (`header`, e.g. ['Issue', 'Final estimate']) and one line per row, lines ended by '\n'.
 */
export function resultsTsv(rows: readonly PokerResultRow[], header: [string, string]): string {
  return [header, ...rows.map((row) => [row.issue, row.estimate])]
    .map((line) => line.map(cell).join('\t') + '\n')
    .join('');
}

/** Whether `estimations` holds a vote of `userId`. */
export function hasVoted(estimations: readonly Estimation[], userId: string): boolean {
  return estimations.some((estimation) => estimation.userId === userId);
}

/**
 * Vote statistics and consensus of a Scrum Poker round (spec §3 Statistics, §5 "statistics
 * ignore empty votes and specials", §9 Poker: average to 2 decimals, consensus thresholds).
 */
import { TSHIRT_POINTS, type Estimation, type TshirtSize } from './types.ts';

/**
 * spec §3 Statistics of a round. `average` is the mean of the numeric votes rounded to 2
 * decimals (null when none); `median` the median of the numeric votes (mean of the two middle
 * ones for an even count; null when none); `mode` the most frequent vote values (several when
 * tied, ascending by number; null when none); `count` all entries; `validCount` the votes that
 * convert to a number.
 */
export interface PokerStatistics {
  average: number | null;
  median: number | null;
  mode: string[] | null;
  count: number;
  validCount: number;
}

/** spec §9 Poker consensus levels. */
export type ConsensusLevel = 'High' | 'Medium' | 'Low';

/** spec §9: consensus is High from this percentage on. */
export const CONSENSUS_HIGH_PERCENT = 80;
/** spec §9: consensus is Medium from this percentage on (below {@link CONSENSUS_HIGH_PERCENT}). */
export const CONSENSUS_MEDIUM_PERCENT = 60;
/** spec §9: votes at most this far from the median count as agreeing. */
export const CONSENSUS_MAX_DISTANCE = 1;

/** Consensus of a round: `percent` (0–100, not rounded) and its {@link ConsensusLevel}. */
export interface Consensus {
  percent: number;
  level: ConsensusLevel;
}

// A plain decimal number: '5', '0.5'. Rejects '', '1e2', '0x1'.
const NUMERIC_PATTERN = /^-?\d+(?:\.\d+)?$/;

function isTshirtSize(text: string): text is TshirtSize {
  return Object.hasOwn(TSHIRT_POINTS, text);
}

/**
 * The number a vote counts as (spec §3, §5): a plain decimal number as is; XS=1, S=3, M=5, L=8,
 * XL=13 (case-insensitive); the specials 'tea-cup' and 'question', empty votes and anything else
 * give null. Surrounding whitespace is ignored.
 */
export function voteToNumber(value: string): number | null {
  const trimmed = value.trim();
  if (NUMERIC_PATTERN.test(trimmed)) return Number(trimmed);
  const size = trimmed.toUpperCase();
  return isTshirtSize(size) ? TSHIRT_POINTS[size] : null;
}

// The value a vote is counted under for the mode: numbers canonical ('05' → '5'), sizes upper case.
function canonicalVote(value: string): string | null {
  const trimmed = value.trim();
  if (NUMERIC_PATTERN.test(trimmed)) return String(Number(trimmed));
  const size = trimmed.toUpperCase();
  return isTshirtSize(size) ? size : null;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

function numericVotes(estimations: readonly Estimation[]): number[] {
  return estimations
    .map((estimation) => voteToNumber(estimation.value))
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
}

/**
 * Statistics of `estimations` (spec §3, §5): specials and empty votes count towards `count`
 * only. See {@link PokerStatistics}.
 */
export function computePokerStatistics(estimations: readonly Estimation[]): PokerStatistics {
  const numbers = numericVotes(estimations);
  const frequencies = new Map<string, number>();
  for (const estimation of estimations) {
    const value = canonicalVote(estimation.value);
    if (value !== null) frequencies.set(value, (frequencies.get(value) ?? 0) + 1);
  }
  const highest = Math.max(0, ...frequencies.values());
  const mode = [...frequencies.entries()]
    .filter(([, frequency]) => frequency === highest)
    .map(([value]) => value)
    .sort((a, b) => (voteToNumber(a) ?? 0) - (voteToNumber(b) ?? 0));
  const sum = numbers.reduce((total, value) => total + value, 0);
  return {
    average: numbers.length === 0 ? null : roundTo(sum / numbers.length, 2),
    median: median(numbers),
    mode: mode.length === 0 ? null : mode,
    count: estimations.length,
    validCount: numbers.length,
  };
}

/** spec §9: High at 80 percent or more, Medium at 60 or more, else Low. */
export function consensusLevel(percent: number): ConsensusLevel {
  if (percent >= CONSENSUS_HIGH_PERCENT) return 'High';
  if (percent >= CONSENSUS_MEDIUM_PERCENT) return 'Medium';
  return 'Low';
}

/**
 * Consensus of `estimations` (spec §9): the share, in percent, of numeric votes within 1 of their
 * median (100 when all are equal), with its {@link consensusLevel}; null when no vote is numeric.
 */
export function computeConsensus(estimations: readonly Estimation[]): Consensus | null {
  const numbers = numericVotes(estimations);
  const middle = median(numbers);
  if (middle === null) return null;
  const allEqual = numbers.every((value) => value === numbers[0]);
  const agreeing = numbers.filter(
    (value) => Math.abs(value - middle) <= CONSENSUS_MAX_DISTANCE,
  ).length;
  const percent = allEqual ? 100 : (agreeing / numbers.length) * 100;
  return { percent, level: consensusLevel(percent) };
}

// How a vote is counted by {@link mostFrequentVotes}: canonical for numbers and sizes, specials
// and any other text as trimmed; empty votes are not counted.
function countedVote(value: string): string | null {
  const canonical = canonicalVote(value);
  if (canonical !== null) return canonical;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The most frequent votes of a round, specials included (spec §2 'Set Final Estimation':
 * "most frequent vote, labelled 'Most Frequent'"): every value with the highest count, numbers
 * canonical ('05' → '5') and sizes in upper case, ordered by their number (sizes by their
 * equivalent) with specials and other text last. Empty votes are ignored; [] when there are
 * none. Unlike {@link PokerStatistics.mode} this may name 'tea-cup' or 'question', which
 * forwarding then refuses (spec §4).
 */
export function mostFrequentVotes(estimations: readonly Estimation[]): string[] {
  const frequencies = new Map<string, number>();
  for (const estimation of estimations) {
    const value = countedVote(estimation.value);
    if (value !== null) frequencies.set(value, (frequencies.get(value) ?? 0) + 1);
  }
  const highest = Math.max(0, ...frequencies.values());
  return [...frequencies.entries()]
    .filter(([, frequency]) => frequency === highest)
    .map(([value]) => value)
    .sort(
      (a, b) =>
        (voteToNumber(a) ?? Number.POSITIVE_INFINITY) -
        (voteToNumber(b) ?? Number.POSITIVE_INFINITY),
    );
}

/**
 * How the statistics column shows the mode (spec §2 "most frequent (or 'N tied' when
 * several)"): `none` without a numeric vote, `single` with its value, `tied` with how many
 * values share the highest count.
 */
export type ModeSummary =
  { kind: 'none' } | { kind: 'single'; value: string } | { kind: 'tied'; count: number };

/** The {@link ModeSummary} of a {@link PokerStatistics.mode}. */
export function summarizeMode(mode: readonly string[] | null): ModeSummary {
  const [first] = mode ?? [];
  if (mode === null || first === undefined) return { kind: 'none' };
  return mode.length === 1
    ? { kind: 'single', value: first }
    : { kind: 'tied', count: mode.length };
}

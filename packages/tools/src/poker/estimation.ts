/**
 * Moving estimations between the backlog and Scrum Poker (spec §5 "Taking over an issue
 * estimation", §4 Forwarding the final estimation, §2/§9 final-estimation options).
 */
import { voteToNumber } from './statistics.ts';
import { FIBONACCI_VALUES, PokerError, TSHIRT_SIZES, type PokerContent } from './types.ts';

/** spec §2, §9: the 'Standard Values' of the Set Final Estimation select, in order. */
export const FINAL_ESTIMATION_OPTIONS: readonly string[] = [
  '1',
  '2',
  '3',
  '5',
  '8',
  '13',
  '21',
  'XS',
  'S',
  'M',
  'L',
  'XL',
];

const INTEGER_PATTERN = /^-?\d+$/;

/** The Fibonacci card value closest to `value`; on a tie (e.g. 4 between 3 and 5) the lower one. */
export function closestFibonacci(value: number): number {
  let best = FIBONACCI_VALUES[0] ?? 0;
  for (const candidate of FIBONACCI_VALUES) {
    if (Math.abs(candidate - value) < Math.abs(best - value)) best = candidate;
  }
  return best;
}

/**
 * The card an issue's estimation text is taken over as (spec §5): after trimming, an integer in
 * the Fibonacci list is used as is ('8'); another integer maps to the closest Fibonacci value
 * ('4' → '3', '100' → '89', '-2' → '0'); XS/S/M/L/XL in any case map to that size ('m' → 'M');
 * anything else ('', '2.5', '?', 'big') becomes 'question'.
 */
export function takeOverEstimation(estimation: string): string {
  const trimmed = estimation.trim();
  if (INTEGER_PATTERN.test(trimmed)) return String(closestFibonacci(Number(trimmed)));
  const size = trimmed.toUpperCase();
  if ((TSHIRT_SIZES as readonly string[]).includes(size)) return size;
  return 'question';
}

/**
 * The backlog estimation text for a final estimation `value` (spec §4 Forwarding): numbers are
 * saved as text ('5'), XS/S/M/L/XL as they are (in upper case); the specials 'tea-cup' and 'question', empty
 * values and anything else give null (forwarding is skipped, result false).
 */
export function backlogEstimation(value: string): string | null {
  const trimmed = value.trim();
  const size = TSHIRT_SIZES.find((candidate) => candidate === trimmed.toUpperCase());
  if (size !== undefined) return size;
  const points = voteToNumber(trimmed);
  return points === null ? null : String(points);
}

/** What forwarding writes into the backlog: the issue's id and its new estimation text. */
export interface ForwardedEstimation {
  issueId: string;
  estimation: string;
}

/**
 * The backlog change that forwards `value` as the final estimation of the selected issue
 * (spec §4): `{ issueId: selectedIssueId, estimation }` with {@link backlogEstimation}, or null
 * when the value is a special and nothing is forwarded. Throws NO_DATA ('No data loaded') for
 * null content and NO_ISSUE_SELECTED ('No issue selected') when no issue is selected.
 */
export function forwardFinalEstimation(
  content: PokerContent | null,
  value: string,
): ForwardedEstimation | null {
  if (content === null) throw new PokerError('NO_DATA');
  if (content.selectedIssueId === null) throw new PokerError('NO_ISSUE_SELECTED');
  const estimation = backlogEstimation(value);
  return estimation === null ? null : { issueId: content.selectedIssueId, estimation };
}

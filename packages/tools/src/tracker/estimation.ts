/**
 * Estimation text to points for the issue tools (spec §3 Issue estimation, §5 Estimation to
 * number). Scrum poker's T-shirt equivalents differ and live with the poker tool.
 */

/** spec §3: the suggestions offered under the estimation field. */
export const ESTIMATION_HINTS: readonly string[] = ['1', '3', '5', 'XS', 'S', 'M', 'L', 'XL'];

/** spec §5: points of each T-shirt size in the issue tools. */
export const TSHIRT_ESTIMATION_POINTS: Readonly<Record<'XS' | 'S' | 'M' | 'L' | 'XL', number>> = {
  XS: 1,
  S: 2,
  M: 3,
  L: 5,
  XL: 8,
};

// A plain decimal number, optionally negative: '5', '0.5', '.5', '-1'. Rejects '1e2', '0x1', '3pt'.
const NUMERIC_PATTERN = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

function isTshirtSize(text: string): text is keyof typeof TSHIRT_ESTIMATION_POINTS {
  return Object.hasOwn(TSHIRT_ESTIMATION_POINTS, text);
}

/**
 * Points of an estimation text (spec §5 Estimation to number): after trimming, a plain decimal
 * number is taken as is (negative numbers included, so validation can refuse them); XS=1, S=2,
 * M=3, L=5, XL=8, case-insensitive; anything else (empty, '?', '1e2', '3pt') gives null.
 */
export function estimationToNumber(text: string): number | null {
  const trimmed = text.trim();
  if (NUMERIC_PATTERN.test(trimmed)) return Number(trimmed);
  const size = trimmed.toUpperCase();
  return isTshirtSize(size) ? TSHIRT_ESTIMATION_POINTS[size] : null;
}

/**
 * Whether an estimation is a number of story points ('5', '0.5'), which the trackers show with
 * its unit ('5 pts'); a T-shirt size ('M') or any other text is shown as it is written
 * (spec §2 Issue Management: estimation in pts).
 */
export function isPointsEstimation(text: string): boolean {
  return NUMERIC_PATTERN.test(text.trim());
}

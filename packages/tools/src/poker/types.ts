/**
 * Shapes of the Scrum Poker content (spec §3 Scrum poker content, Backlog issue), the card decks
 * and T-shirt equivalents (spec §3), and the one error type every poker rule throws (spec §8
 * Poker).
 */
import { DomainError, type DomainContext, type MessageParams } from '../shared.ts';

/** spec §3: the two card scales. */
export type PokerScale = 'fibonacci' | 'tshirt';

/** Every scale, in the order of the scale toggle (spec §2). */
export const POKER_SCALES: readonly PokerScale[] = ['fibonacci', 'tshirt'];

/** spec §3 Estimation entry: one per user; `value` is a card value, `timestamp` ISO 8601. */
export interface Estimation {
  userId: string;
  username: string;
  value: string;
  timestamp: string;
}

/** spec §3 poker settings. */
export interface PokerSettings {
  defaultScale: PokerScale;
  allowChangeAfterReveal: boolean;
  showStatistics: boolean;
}

/** The longest free topic of a round, in UTF-16 code units. */
export const POKER_TOPIC_MAX_LENGTH = 200;

/**
 * spec §3 Scrum poker content. `selectedIssueId` is the id of a backlog issue or null;
 * `topic`, when present, the free topic the round votes on without a backlog issue (trimmed,
 * not blank, at most {@link POKER_TOPIC_MAX_LENGTH} long); timestamps are ISO 8601. The content
 * lifecycle, not the operations, advances `version` and `lastModified`.
 */
export interface PokerContent {
  id: string;
  version: number;
  lastModified: string;
  createdAt: string;
  toolType: 'scrum-poker';
  selectedIssueId: string | null;
  topic?: string;
  estimations: Estimation[];
  isRevealed: boolean;
  scale: PokerScale;
  settings: PokerSettings;
}

/** The two special cards shared by both decks (spec §3). */
export type SpecialCardValue = 'tea-cup' | 'question';

/** spec §3 T-shirt sizes. */
export type TshirtSize = 'XS' | 'S' | 'M' | 'L' | 'XL';

/** Every T-shirt size, smallest first. */
export const TSHIRT_SIZES: readonly TshirtSize[] = ['XS', 'S', 'M', 'L', 'XL'];

/** spec §3: the numeric equivalents of T-shirt sizes in Scrum Poker (not the issue tools' ones). */
export const TSHIRT_POINTS: Readonly<Record<TshirtSize, number>> = {
  XS: 1,
  S: 3,
  M: 5,
  L: 8,
  XL: 13,
};

/** spec §3: the numbers of the Fibonacci deck, ascending. */
export const FIBONACCI_VALUES: readonly number[] = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89];

/**
 * One card of a deck. `value` is what a vote stores ('5', 'M', 'tea-cup', 'question'); `kind`
 * tells numbers, sizes and specials apart; `name` is the English long name of sizes and
 * specials (spec §3: 'Extra Small', 'Break needed', …), usable as a message key.
 */
export interface PokerCard {
  readonly value: string;
  readonly kind: 'number' | 'size' | 'special';
  readonly name?: string;
}

/** spec §3: the two special cards, 'tea-cup' (coffee-cup icon) and 'question'. */
export const SPECIAL_CARDS: readonly PokerCard[] = [
  { value: 'tea-cup', kind: 'special', name: 'Break needed' },
  { value: 'question', kind: 'special', name: 'Need more info' },
];

/** spec §3 Fibonacci cards: 0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89 plus the specials. */
export const FIBONACCI_CARDS: readonly PokerCard[] = [
  ...FIBONACCI_VALUES.map((value): PokerCard => ({ value: String(value), kind: 'number' })),
  ...SPECIAL_CARDS,
];

/** spec §3 T-shirt cards: XS, S, M, L, XL with their names plus the specials. */
export const TSHIRT_CARDS: readonly PokerCard[] = [
  { value: 'XS', kind: 'size', name: 'Extra Small' },
  { value: 'S', kind: 'size', name: 'Small' },
  { value: 'M', kind: 'size', name: 'Medium' },
  { value: 'L', kind: 'size', name: 'Large' },
  { value: 'XL', kind: 'size', name: 'Extra Large' },
  ...SPECIAL_CARDS,
];

/** The deck of each scale (spec §3). */
export const POKER_DECKS: Readonly<Record<PokerScale, readonly PokerCard[]>> = {
  fibonacci: FIBONACCI_CARDS,
  tshirt: TSHIRT_CARDS,
};

/**
 * spec §3 Backlog issue, as far as Scrum Poker reads it from the backlog tool's phases (the
 * tracker's Issue has this shape). `estimation` is text, '' when none.
 */
export interface BacklogIssue {
  id: string;
  title: string;
  description: string;
  tags: string[];
  assignedPerson: string;
  type: string;
  priority: string;
  estimation: string;
}

/** spec §3: a backlog phase as Scrum Poker reads it. */
export interface BacklogPhase {
  name: string;
  issues: BacklogIssue[];
}

/** Time and identity for poker operations (see DomainContext). */
export type PokerContext = DomainContext;

/** Why a poker operation was refused; each code has one English text in {@link POKER_MESSAGES}. */
export type PokerErrorCode =
  | 'NO_DATA'
  | 'USER_NOT_AUTHENTICATED'
  | 'NO_ISSUE_SELECTED'
  | 'INVALID_SCALE'
  | 'INVALID_CARD'
  | 'VOTE_LOCKED';

/**
 * English text of each {@link PokerErrorCode}. The first three are spec §8 Poker, 'Invalid
 * scale value' spec §5; the last two (no text in the spec) name the rule they enforce: a vote
 * must be a card of the current scale, and `settings.allowChangeAfterReveal` off freezes votes
 * once revealed.
 */
export const POKER_MESSAGES: Readonly<Record<PokerErrorCode, string>> = {
  NO_DATA: 'No data loaded',
  USER_NOT_AUTHENTICATED: 'User not authenticated',
  NO_ISSUE_SELECTED: 'No issue selected',
  INVALID_SCALE: 'Invalid scale value',
  INVALID_CARD: 'Invalid card value',
  VOTE_LOCKED: 'Estimations cannot be changed after reveal',
};

/**
 * A poker rule refused an operation (spec §8 Poker). `code` is the stable key for translation,
 * `params` the values in the message, `message` the English text.
 */
export class PokerError extends DomainError<PokerErrorCode> {
  constructor(code: PokerErrorCode, params: MessageParams = {}) {
    super(code, POKER_MESSAGES[code], params);
    this.name = 'PokerError';
  }
}

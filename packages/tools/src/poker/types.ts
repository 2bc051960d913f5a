/**
 * Shapes of the Scrum Poker content (spec §3 Scrum poker content, Backlog issue), the card decks
 * and T-shirt equivalents (spec §3), and the one error type every poker rule throws (spec §8
 * Poker).
 */
import { DomainError, type DomainContext, type MessageParams } from '../shared.ts';

/**
 * The card scales: spec §3's 'fibonacci' and 'tshirt', plus 'powers' (powers of two) and
 * 'custom' (the values typed into {@link PokerContent.customDeck}).
 */
export type PokerScale = 'fibonacci' | 'tshirt' | 'powers' | 'custom';

/** Every scale, in the order of the scale toggle (spec §2, then the two added decks). */
export const POKER_SCALES: readonly PokerScale[] = ['fibonacci', 'tshirt', 'powers', 'custom'];

/** The scales whose deck is fixed (every scale but 'custom'). */
export type FixedPokerScale = Exclude<PokerScale, 'custom'>;

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
  /**
   * Whether the votes show by themselves once every present voter has voted; absent means off
   * (content written before the setting existed).
   */
  autoReveal?: boolean;
}

/**
 * The round timer, the same for every member: `elapsedMs` counted before the last start (ms,
 * not negative) and `startedAt`, the ISO time it was last started, or null while paused.
 */
export interface PokerTimer {
  startedAt: string | null;
  elapsedMs: number;
}

/**
 * The round of an issue that is not selected right now: its votes, whether they were shown,
 * the scale they were cast in and its timer. The selected issue's round is the content's own
 * `estimations`, `isRevealed` and `timer`.
 */
export interface PokerRound {
  estimations: Estimation[];
  isRevealed: boolean;
  scale: PokerScale;
  timer?: PokerTimer;
}

/**
 * The final estimate saved for an issue in this session: its id, its title when saved, the
 * estimate (as written into the backlog) and when (ISO).
 */
export interface PokerResult {
  issueId: string;
  title: string;
  estimate: string;
  decidedAt: string;
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
  /** The rounds of the issues not selected now, by issue id ('' for the round without one). */
  rounds?: Record<string, PokerRound>;
  /** The selected issue's round timer; absent: never started. */
  timer?: PokerTimer;
  /** User ids of the members who watch without voting. */
  spectators?: string[];
  /** The values of the 'custom' scale, in deck order. */
  customDeck?: string[];
  /** The final estimates saved in this session, one per issue, in the order first saved. */
  results?: PokerResult[];
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

/** The numbers of the powers-of-two deck, ascending. */
export const POWERS_OF_TWO_VALUES: readonly number[] = [0, 1, 2, 4, 8, 16, 32, 64];

/** The powers-of-two deck: 0, 1, 2, 4, …, 64 plus the specials. */
export const POWERS_OF_TWO_CARDS: readonly PokerCard[] = [
  ...POWERS_OF_TWO_VALUES.map((value): PokerCard => ({ value: String(value), kind: 'number' })),
  ...SPECIAL_CARDS,
];

/** The deck of each fixed scale (spec §3; 'custom' is the content's own, see deckOf). */
export const POKER_DECKS: Readonly<Record<FixedPokerScale, readonly PokerCard[]>> = {
  fibonacci: FIBONACCI_CARDS,
  tshirt: TSHIRT_CARDS,
  powers: POWERS_OF_TWO_CARDS,
};

/** The fewest and the most values of a custom deck. */
export const CUSTOM_DECK_MIN_VALUES = 2;
export const CUSTOM_DECK_MAX_VALUES = 20;
/** The longest value of a custom deck: an issue's estimation holds at most 3 characters (§9). */
export const CUSTOM_CARD_MAX_LENGTH = 3;

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
  | 'VOTE_LOCKED'
  | 'SPECTATOR_CANNOT_VOTE'
  | 'INVALID_DECK';

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
  SPECTATOR_CANNOT_VOTE: 'Spectators do not vote',
  INVALID_DECK: 'A custom deck needs 2 to 20 different values of at most 3 characters',
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

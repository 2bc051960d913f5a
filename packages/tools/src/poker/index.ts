/**
 * The Scrum Poker domain (spec §3–§5, §8, §9): content shape, card decks, defaults, named pure
 * operations and their replay, validation, vote statistics and consensus, estimation take-over
 * and forwarding, the backlog issue search and activity log entries. No React, no I/O.
 */
export * from './types.ts';
export * from './defaults.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './schema.ts';
export * from './statistics.ts';
export * from './estimation.ts';
export * from './issues.ts';
export * from './participants.ts';
export * from './activity.ts';
export * from './definition.ts';
export * from './rounds.ts';

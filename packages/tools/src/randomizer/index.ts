/**
 * The Daily Randomizer domain (spec §3–§5, §8, §9): content shape, defaults, options text, the
 * pick animation, the §4 transitions as named pure operations and their replay, validation, how
 * a tab plays a shared run, the quick-fill lists and activity log entries.
 * No React, no I/O.
 */
export * from './types.ts';
export * from './defaults.ts';
export * from './options.ts';
export * from './animation.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './schema.ts';
export * from './playback.ts';
export * from './quick-fill.ts';
export * from './activity.ts';
export * from './definition.ts';

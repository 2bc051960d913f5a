/**
 * The Pinboard (bulletin) domain (spec §3–§5, §8, §9): content shapes, defaults, named pure
 * operations and their replay, validation, note dialog rules, expiry, statistics and canvas
 * layout, zod schemas of the content and the operations, activity log entries. The registry
 * entry is ./definition.ts (`tools.bulletin` in ../registry.ts). No React, no I/O.
 */
export * from './types.ts';
export * from './defaults.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './statistics.ts';
export * from './layout.ts';
export * from './placement.ts';
export * from './expired.ts';
export * from './schema.ts';
export * from './markdown-format.ts';
export * from './links.ts';
export * from './note-form.ts';
export * from './activity.ts';
export * from './definition.ts';

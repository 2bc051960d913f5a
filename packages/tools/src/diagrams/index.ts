/**
 * The Diagrams domain (spec §3–§5, §8, §9): the collection's shapes, default content with its
 * welcome drawing, named pure operations and their replay, validation, activity log entries
 * and the zod schemas of the content and the operations. The registry entry is ./definition.ts
 * (`tools.diagrams` in ../registry.ts). No React, no I/O.
 */
export * from './types.ts';
export * from './defaults.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './schema.ts';
export * from './activity.ts';
export * from './definition.ts';

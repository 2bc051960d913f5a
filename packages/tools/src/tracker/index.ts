/**
 * The tracker domain shared by Kanban and Issue Management (spec §3–§5, §8): content shapes,
 * defaults, named pure operations and their replay, validation, estimation, statistics, filter,
 * view helpers (due dates, checklists, work-in-progress limits), member names, notifications and
 * activity log.
 * No React, no I/O.
 */
export * from './types.ts';
export * from './defaults.ts';
export * from './operations.ts';
export * from './tags.ts';
export * from './validation.ts';
export * from './estimation.ts';
export * from './statistics.ts';
export * from './filter.ts';
export * from './moves.ts';
export * from './view.ts';
export * from './activity.ts';
export * from './schema.ts';
export * from './members.ts';
export * from './notifications.ts';
export * from './definition.ts';
export * from './exchange/index.ts';

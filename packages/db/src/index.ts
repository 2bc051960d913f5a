export * from './schema.ts';
export { createDb, MIGRATIONS_FOLDER } from './client.ts';
export type { CreateDbOptions, Database, DbHandle, DbNotifier, ListenState } from './client.ts';

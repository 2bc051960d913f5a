/**
 * `@cipherspace/sync`: the one sync engine of a tool's content — the persisted pending log is the
 * truth, pushes save it, pulls catch up, operations are applied only in ./rebase.ts. Runs in a
 * page, a worker and Node: storage, transport, crypto and clock are passed in.
 */
export * from './client.ts';
export * from './clock.ts';
export * from './contract.ts';
export type { SyncOptions } from './core.ts';
export * from './history.ts';
export * from './log.ts';
export type { Confirmed, Opened, SyncParts } from './parts.ts';
export { applyAll } from './rebase.ts';
export type { AppliedChange, AppliedOperationListener, SyncDomain } from './rebase.ts';
export * from './state.ts';

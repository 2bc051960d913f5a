export {
  appRouter,
  createCaller,
  type AppRouter,
  type RouterInputs,
  type RouterOutputs,
} from './root.ts';
export { createContextFactory, tokenFromHeaders } from './context.ts';
export type { Context, ContextDeps, ContextInput, HeaderBag } from './context.ts';
export { EventBus, EVENTS_CHANNEL, RESYNC_LOOKBACK_MS } from './events.ts';
export { broadcastWsEncoder } from './broadcast.ts';
export type {
  BusEvent,
  ContentUpdateData,
  EventBusOptions,
  PresenceData,
  RealtimeMessage,
  ResyncReason,
  TransportKind,
  TransportState,
} from './events.ts';
export type { RealtimeEvent, ResyncMessage, SessionEndedMessage } from './router/realtime.ts';
export type { ToolChangeView, ToolChangesView } from './router/content.ts';
export { deleteExpiredSessions } from './services/sessions.ts';
export { pruneSaveIds } from './services/saves.ts';
export { SESSION_CACHE_TTL_MS } from './services/session-cache.ts';
export { isDatabaseUnavailable } from './services/db-errors.ts';
export { deleteInactiveSpaces, type RetentionRun } from './services/retention.ts';
export {
  HISTORY_RETENTION_LOCK_KEY,
  pruneToolHistory,
  type HistoryPruneRun,
  type HistoryRetention,
} from './services/history-retention.ts';
export type {
  HistoryChange,
  HistoryEntry,
  HistoryPage,
  HistoryVersion,
} from './services/history.ts';
export { hasInvisibleCharacters, isSingleScript, nameKey, nameSkeleton } from './services/names.ts';
export { ERROR } from './errors.ts';
export { clientIdSchema } from './schemas.ts';
export * from './constants.ts';

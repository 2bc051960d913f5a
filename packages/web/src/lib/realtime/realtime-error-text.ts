/**
 * The §8 real-time texts in the interface language, for the error kinds the connection manager
 * reports (REALTIME_ERROR in ./realtime-manager.ts keeps the English originals for the log).
 */
import { m } from '../../paraglide/messages.js';
import type { RealtimeErrorKind } from './realtime-manager.ts';

const TEXT: Record<RealtimeErrorKind, () => string> = {
  maxAttempts: m.realtime_max_attempts,
  noToken: m.realtime_no_token,
  connectFailed: m.realtime_connect_failed,
  parseFailed: m.realtime_parse_failed,
  socketError: m.realtime_websocket_error,
  unknown: m.realtime_unknown_error,
};

/** The translated §8 text of `kind` in the current language. */
export function realtimeErrorText(kind: RealtimeErrorKind): string {
  return TEXT[kind]();
}

/**
 * How a tool screen's content follows the tab's live channel (spec §3 Real-time messages, §4
 * reconnect): a content_update of the tool catches up to its version (applying inline operations
 * when they suffice), a content_pending shows a teammate's change still uploading, and whenever
 * live updates may have been missed — the tab's socket reconnected ('reconnected', 'restored'
 * 1 s later) or the server says its link to the other server instances dropped or came back
 * (`resync`) — the content catches up with the changes since the version shown.
 */
import type { NamedOperation } from '@cipherspace/tools';

import type { RealtimeMessage, RealtimeSignal } from '../../lib/realtime/index.ts';
import type { SyncClient } from '@cipherspace/sync';
import { remoteChangeOf } from './content-transport.ts';

/** Where the live messages and connection signals come from (the tab's realtime manager). */
export interface RealtimeFeed {
  /** Calls `listener` with every message of the space; returns the unsubscribe function. */
  onMessage(listener: (message: RealtimeMessage) => void): () => void;
  /** Calls `listener` with every connection signal; returns the unsubscribe function. */
  onSignal(listener: (signal: RealtimeSignal) => void): () => void;
}

/** What of a {@link SyncClient} the live channel drives (see its methods). */
export type RealtimeFollower = Pick<
  SyncClient<unknown, NamedOperation>,
  'refresh' | 'remotePending' | 'remoteUpdate'
>;

/**
 * Feeds `feed`'s messages about `tool` and its catch-up triggers into `lifecycle` until the
 * returned function is called. Never throws; the sync engine reports its own failures in its state.
 */
export function followRealtime(
  lifecycle: RealtimeFollower,
  tool: string,
  feed: RealtimeFeed,
): () => void {
  const stopMessages = feed.onMessage((message) => {
    switch (message.type) {
      case 'content_pending':
        if (message.data.tool === tool) {
          void lifecycle.remotePending(message.data.base_version, message.data.operations);
        }
        return;
      case 'content_update':
        if (message.data.tool === tool) {
          void lifecycle.remoteUpdate(message.data.version, remoteChangeOf(message.data));
        }
        return;
      case 'resync':
        // Updates saved through another server instance may not have reached this tab.
        void lifecycle.refresh();
        return;
      case 'presence_update':
      case 'user_joined':
      case 'user_left':
        return;
      default:
        assertNever(message);
    }
  });
  const stopSignals = feed.onSignal((signal) => {
    if (signal === 'reconnected' || signal === 'restored') void lifecycle.refresh();
  });
  return () => {
    stopMessages();
    stopSignals();
  };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled realtime message ${JSON.stringify(value)}`);
}

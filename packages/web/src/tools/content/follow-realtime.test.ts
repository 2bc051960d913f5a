/**
 * A tool screen's content behind the tab's realtime manager, with an in-memory server that
 * records every change: when the server says live updates may have been lost between its
 * instances (`resync`), the screen fetches the changes since its version and applies the one it
 * missed — without loading the snapshot again.
 */
import { tools } from '@cipherspace/tools';
import type { KanbanContent, TrackerOperation } from '@cipherspace/tools/tracker';
import { describe, expect, it, vi } from 'vitest';

import {
  RealtimeManager,
  type RealtimeEvent,
  type RealtimeTransport,
} from '../../lib/realtime/realtime-manager.ts';
import {
  SyncClient,
  VersionConflictError,
  type ChangesSince,
  type ContentCodec,
  type ContentTransport,
  type StoredChange,
  type StoredContent,
} from '@cipherspace/sync';
import { followRealtime } from './follow-realtime.ts';

/** One tool's stored content with its change log, as `content.find/save/changes` keep it. */
class MemoryServer {
  stored: StoredContent | null = null;
  readonly log: StoredChange[] = [];
  readonly calls = { loads: 0, changes: [] as number[] };

  transport(): ContentTransport {
    return {
      load: () => {
        this.calls.loads += 1;
        return Promise.resolve(this.stored);
      },
      save: (encryptedData, baseVersion, operations) => {
        if ((this.stored?.version ?? 0) !== baseVersion)
          return Promise.reject(new VersionConflictError());
        const version = baseVersion + 1;
        // Operations alone keep the stored envelope (no snapshot upload here: never).
        this.stored = { encryptedData: encryptedData ?? this.stored?.encryptedData ?? '', version };
        this.log.push({
          version,
          kind: operations ? 'operations' : 'replacement',
          operations: operations ?? null,
        });
        return Promise.resolve(version);
      },
      changes: (since): Promise<ChangesSince> => {
        this.calls.changes.push(since);
        return Promise.resolve({
          version: this.stored?.version ?? 0,
          tooFarBehind: false,
          changes: this.log.filter((change) => change.version > since),
        });
      },
    };
  }
}

/** No encryption: the sync engine's rules, not the crypto, are under test here. */
const jsonCodec: ContentCodec = {
  encrypt: (value) => Promise.resolve(JSON.stringify(value)),
  decrypt: (envelope) => Promise.resolve(JSON.parse(envelope) as unknown),
  encryptOperation: (operation) => Promise.resolve(JSON.stringify(operation)),
  decryptOperation: (envelope) => Promise.resolve(JSON.parse(envelope) as unknown),
};

function lifecycleOn(server: MemoryServer, author: string) {
  return new SyncClient<KanbanContent, TrackerOperation>({
    domain: tools.kanban,
    transport: server.transport(),
    codec: jsonCodec,
    author,
  });
}

/** The tab's realtime manager on a scripted socket; `deliver` plays a server message. */
function connectedManager() {
  let deliver: ((event: RealtimeEvent) => void) | null = null;
  const transport: RealtimeTransport = {
    openSocket: (handlers) => {
      queueMicrotask(() => handlers.opened());
      return { close: () => undefined };
    },
    subscribe: (handlers) => {
      deliver = (event) => handlers.event(event);
      handlers.started();
      return () => {
        deliver = null;
      };
    },
    join: () => Promise.resolve({ ok: true }),
    heartbeat: () => Promise.resolve({ response: 'pong' }),
  };
  const manager = new RealtimeManager({
    timers: { after: () => () => undefined, every: () => () => undefined },
    onPageVisible: () => () => undefined,
    warn: () => undefined,
  });
  manager.start(transport);
  return {
    manager,
    deliver: (event: RealtimeEvent) => {
      if (!deliver) throw new Error('the member stream is not running');
      deliver(event);
    },
  };
}

describe('followRealtime', () => {
  it('on a resync message, fetches the changes since its version and applies the missed one', async () => {
    const server = new MemoryServer();
    const writer = lifecycleOn(server, 'alice');
    const reader = lifecycleOn(server, 'bob');
    await writer.load();
    await reader.load();
    expect(reader.getState().version).toBe(1);

    const { manager, deliver } = connectedManager();
    await vi.waitFor(() => expect(manager.isListening()).toBe(true));
    const stop = followRealtime(reader, 'kanban', {
      onMessage: manager.onMessage,
      onSignal: manager.onSignal,
    });

    // Saved through another server instance while this one's link to it was down: the reader's
    // socket never gets the content_update.
    const backlog = writer.getState().content?.phases.find((phase) => phase.name === 'Backlog');
    if (!backlog) throw new Error('no Backlog phase');
    const saved = await writer.perform({
      type: 'addIssue',
      phaseId: backlog.id,
      issue: { title: 'Saved during the outage' },
      createdBy: 'alice',
    });
    expect(saved.status).toBe('saved');
    expect(reader.getState().version).toBe(1);
    const loadsBefore = server.calls.loads;

    deliver({
      type: 'resync',
      space_name: 'Alpha Team',
      timestamp: new Date().toISOString(),
      data: { reason: 'event_bus_reconnected' },
    });

    await vi.waitFor(() => expect(reader.getState().version).toBe(2));
    expect(server.calls.changes).toEqual([1]);
    expect(server.calls.loads).toBe(loadsBefore);
    const titles = reader
      .getState()
      .content?.phases.flatMap((phase) => phase.issues.map((issue) => issue.title));
    expect(titles).toContain('Saved during the outage');
    expect(reader.getState().content).toEqual(writer.getState().content);

    stop();
    manager.stop();
  });
});

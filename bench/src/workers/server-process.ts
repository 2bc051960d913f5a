/**
 * Child process of the sockets benchmark: our server alone in a process, so that its resident
 * memory is the server's and nothing else's. Start it with `--expose-gc`.
 *
 * Requests: `{type: 'start', databaseUrl}` → `{type: 'listening', url, wsUrl}`;
 * `{type: 'memory'}` → `{type: 'memory', rssBytes, heapUsedBytes, externalBytes}` (after a full
 * garbage collection when available); `{type: 'stop'}` → `{type: 'stopped'}`.
 */
import { startOurServer, type RunningServer } from '../lib/servers.ts';
import { serveParent, type WorkerMessage } from '../lib/workers.ts';

let server: RunningServer | null = null;

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

serveParent(async (message: WorkerMessage) => {
  switch (message.type) {
    case 'start': {
      if (typeof message.databaseUrl !== 'string') throw new Error('start needs a databaseUrl');
      server = await startOurServer({ databaseUrl: message.databaseUrl });
      return { type: 'listening', url: server.url, wsUrl: server.wsUrl };
    }
    case 'memory': {
      collectGarbage();
      const usage = process.memoryUsage();
      return {
        type: 'memory',
        rssBytes: usage.rss,
        heapUsedBytes: usage.heapUsed,
        externalBytes: usage.external,
      };
    }
    case 'stop': {
      await server?.close();
      server = null;
      return { type: 'stopped' };
    }
    default:
      return null;
  }
});

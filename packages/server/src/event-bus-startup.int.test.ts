/**
 * EVENT_BUS_URL at start-up, as `pnpm start` runs the server: a scheme other
 * than nats:// or redis:// and a broker that does not answer both end the process before it
 * listens, with a message that names the variable; a broker that answers is reported by
 * `/api/health` (when this run has one: TEST_NATS_URL / TEST_REDIS_URL, see testEventBuses).
 * The server runs on embedded PGlite in a fresh DATA_DIR: the broker does not need PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, startServerProcess, testBrokerUrl, testEventBuses } from './testing.ts';

describe('EVENT_BUS_URL when the server starts', () => {
  let dataDir: string;
  const env = () => ({ DATABASE_URL: '', DATA_DIR: dataDir });

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cs-event-bus-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with a scheme other than nats:// or redis://', async () => {
    await expect(
      startServerProcess({ ...env(), EVENT_BUS_URL: 'kafka://broker:9092' }, 60_000),
    ).rejects.toThrow(
      /EVENT_BUS_URL: EVENT_BUS_URL must be a nats:\/\/ or redis:\/\/ \(rediss:\/\/\) URL/,
    );
  });

  it.each(['nats://127.0.0.1:1', 'redis://127.0.0.1:1'])(
    'refuses to start when the broker at %s does not answer',
    async (url) => {
      await expect(startServerProcess({ ...env(), EVENT_BUS_URL: url }, 60_000)).rejects.toThrow(
        /EVENT_BUS_URL: the event broker cannot be reached/,
      );
    },
  );

  for (const bus of testEventBuses()) {
    if (bus === 'notify') continue;
    it(`serves with the ${bus} broker and reports it in /api/health`, async () => {
      const server = await startServerProcess(
        { ...env(), EVENT_BUS_URL: testBrokerUrl(bus) },
        60_000,
      );
      try {
        const health = await api(server, 'GET', '/api/health');
        expect({ status: health.status, body: health.body }).toMatchObject({
          status: 200,
          body: { status: 'ok', realtime: 'listening', event_bus: bus, driver: 'pglite' },
        });
        // Logged just after the listening line the start waits for: it may still be on its way.
        await expect.poll(() => server.output()).toContain(`events: ${bus}`);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    });
  }
});

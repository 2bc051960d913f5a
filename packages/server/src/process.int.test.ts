/**
 * The server as `pnpm start` runs it: a real process that starts on the test project's
 * database (embedded PGlite in a fresh DATA_DIR, or PostgreSQL via DATABASE_URL), answers
 * /api/health, shuts down cleanly on SIGTERM, and keeps acknowledged saves across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { encryptJson } from '@cipherspace/crypto';
import { createTestDb, testDriver, type TestDb } from '@cipherspace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startServerProcess,
  type ServerProcess,
} from './testing.ts';

const start = (env: Record<string, string>) => startServerProcess(env, 60_000);

async function stop(running: ServerProcess): Promise<number | null> {
  running.child.kill('SIGTERM');
  return (await running.exited).code;
}

describe(`the server process (${testDriver()})`, () => {
  let dataDir: string;
  let database: TestDb | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cs-process-'));
    if (testDriver() === 'postgres') {
      database = await createTestDb();
      env = { DATABASE_URL: database.url ?? '' };
    } else {
      env = { DATA_DIR: dataDir };
    }
  });
  afterAll(async () => {
    await database?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves health, exits 0 on SIGTERM and keeps acknowledged saves across a restart', async () => {
    const first = await start(env);
    let envelope: string;
    let spaceName: string;
    let token: string;
    try {
      const health = await api(first, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', driver: testDriver() });
      const space = await createSpaceOverRest(first);
      spaceName = space.name;
      ({ token } = await loginOverRest(first, space, 'alice'));
      envelope = await encryptJson({ cards: ['kept'] }, space.key);
      const saved = await api(
        first,
        'PUT',
        `/api/content/${encodeURIComponent(space.name)}/kanban`,
        {
          token,
          body: { encrypted_data: envelope },
        },
      );
      expect(saved.status).toBe(200);
    } finally {
      expect(await stop(first)).toBe(0);
    }

    const second = await start(env);
    try {
      const loaded = await api(
        second,
        'GET',
        `/api/content/${encodeURIComponent(spaceName)}/kanban`,
        { token },
      );
      expect(loaded.status).toBe(200);
      expect((loaded.body as { encrypted_data: string }).encrypted_data).toBe(envelope);
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 180_000);
});

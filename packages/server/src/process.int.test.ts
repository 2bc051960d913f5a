/**
 * The server as `pnpm start` runs it: a real process that starts on the test project's
 * database (embedded PGlite in a fresh DATA_DIR, or PostgreSQL via DATABASE_URL), answers
 * /api/health, shuts down cleanly on SIGTERM, and keeps acknowledged saves across a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { encryptJson } from '@cipherspace/crypto';
import { createTestDb, testDriver, type TestDb } from '@cipherspace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, createSpaceOverRest, loginOverRest } from './testing.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no listening line within 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  return running.exited;
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

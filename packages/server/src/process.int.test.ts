/**
 * The server as `pnpm start` runs it: a real process that starts on the test project's
 * database (embedded PGlite in a fresh DATA_DIR, or PostgreSQL via DATABASE_URL), answers
 * /api/health, shuts down cleanly on SIGTERM — answering the requests it has already received
 * and closing WebSockets with 1001 — and keeps acknowledged saves across a restart.
 */
import { once } from 'node:events';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { derivePasswordVerifier, encryptJson } from '@cipherspace/crypto';
import { createTestDb, testDriver, type TestDb } from '@cipherspace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startServerProcess,
  wsUrlFor,
  type ServerProcess,
} from './testing.ts';

const start = (env: Record<string, string>) => startServerProcess(env, 60_000);

interface LogLine {
  msg?: string;
  req?: { url?: string };
  reqId?: string;
}

/** The process's pino lines in order (non-JSON output is skipped). */
function logLines(running: ServerProcess): LogLine[] {
  return running
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

/** The log lines of the registrations the process received and of their completion. */
function registrationLines(lines: LogLine[]): { received: LogLine[]; completed: LogLine[] } {
  const received = lines.filter(
    (line) => line.msg === 'incoming request' && line.req?.url?.endsWith('/users/register'),
  );
  const ids = new Set(received.map((line) => line.reqId));
  const completed = lines.filter((line) => line.msg === 'request completed' && ids.has(line.reqId));
  return { received, completed };
}

/**
 * Starts a JSON POST whose body is held back: the headers and the first half go out now, the
 * rest when `finish()` is called. Resolves with the status once the server answers.
 */
function heldRequest(
  running: ServerProcess,
  path: string,
  body: unknown,
): { finish: () => void; status: Promise<number> } {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const req = request(`${running.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, half));
  return { finish: () => req.end(bytes.subarray(half)), status };
}

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

  it('answers the requests in flight when SIGTERM arrives, keeps what it acknowledged and closes sockets with 1001', async () => {
    const first = await start(env);
    const space = await createSpaceOverRest(first);
    const names = ['carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy'];
    const password = 'in-flight';
    let statuses: number[];
    try {
      const admin = await loginOverRest(first, space, 'admin');
      const wsUrl = first.url.replace(/^http/, 'ws');
      const socket = new WebSocket(
        wsUrlFor({ wsUrl }, space.name, { token: admin.token, session_id: admin.userId }),
      );
      await once(socket, 'open');
      const closed = once(socket, 'close') as Promise<[number, Buffer]>;
      const encrypted_password = await derivePasswordVerifier(space.key, password);
      const received = () => registrationLines(logLines(first)).received.length;
      const before = received();
      const path = `/api/spaces/${encodeURIComponent(space.name)}/users/register`;
      const registration = (username: string) => ({
        username,
        encrypted_password,
        encrypted_space_name: space.verifier,
      });
      // Each registration hashes a verifier with argon2id, so most are still running when the
      // signal lands; the last one's body is held back until the server is shutting down, so at
      // least one request in flight is surely answered after the signal, however fast the machine.
      const [held, ...prompt] = names;
      const registrations = prompt.map((username) =>
        api(first, 'POST', path, { body: registration(username) }).then((res) => res.status),
      );
      const slow = heldRequest(first, path, registration(held ?? ''));
      // Signal once the server has received every registration (its request log says so).
      await expect.poll(received, { interval: 2, timeout: 10_000 }).toBe(before + names.length);
      first.child.kill('SIGTERM');
      await expect
        .poll(() => logLines(first).some((line) => line.msg === 'shutting down'), {
          interval: 2,
          timeout: 10_000,
        })
        .toBe(true);
      slow.finish();
      statuses = [await slow.status, ...(await Promise.all(registrations))];
      const [code] = await closed;
      expect(code).toBe(1001);
    } catch (error) {
      throw new Error(`failed with the server's output:\n${first.output()}`, { cause: error });
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGTERM');
      expect((await first.exited).code).toBe(0);
    }
    expect(statuses).toEqual(names.map(() => 201));
    // The test is only worth its name if some of them were answered after the signal.
    const lines = logLines(first);
    const shutdownAt = lines.findIndex((line) => line.msg === 'shutting down');
    expect(shutdownAt).toBeGreaterThan(-1);
    const { completed } = registrationLines(lines);
    expect(completed.filter((line) => lines.indexOf(line) > shutdownAt).length).toBeGreaterThan(0);

    const second = await start(env);
    try {
      for (const username of names) {
        const user = await loginOverRest(second, space, username, { password, register: false });
        expect(user.token).toMatch(/^[a-z2-7]{32}$/);
      }
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 180_000);
});

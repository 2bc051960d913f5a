/**
 * A crash in the middle of a burst of saves: after a SIGKILL, every save that was acknowledged
 * is present after restart. The real server process (`src/main.ts`, as
 * `pnpm start` runs it) serves four writers saving as fast as they can; it is killed with
 * SIGKILL mid-burst and started again on the same database — embedded PGlite in the same
 * DATA_DIR, or PostgreSQL — and every save that was answered 200 must be there with its version
 * and its exact ciphertext. A save that was in flight at the kill may be there too (committed,
 * answer lost), but nothing else.
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
  startServerProcess as start,
  type ClientSpace,
} from './testing.ts';

const TOOLS = ['kanban', 'ticket-system', 'bulletin', 'randomizer'] as const;
/** The kill comes after this many acknowledged saves (or after BURST_MAX_MS, if sooner). */
const KILL_AFTER_SAVES = 40;
const BURST_MAX_MS = 60_000;

/** What one writer knows about its tool: the last save answered 200, and every save it sent. */
interface WriterLog {
  acknowledged: { version: number; envelope: string } | null;
  /** The envelope sent for each version (acknowledged or not). */
  sent: Map<number, string>;
}

describe(`SIGKILL during a burst of saves (${testDriver()})`, () => {
  let dataDir: string;
  let database: TestDb | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cs-sigkill-'));
    if (testDriver() === 'postgres') {
      database = await createTestDb();
      env = { DATABASE_URL: database.url ?? '' };
    } else {
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
  });
  afterAll(async () => {
    await database?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged save, with its version and ciphertext, across a SIGKILL', async () => {
    const first = await start(env);
    let space: ClientSpace;
    let token: string;
    const logs = new Map<string, WriterLog>();
    let acknowledged = 0;
    let inFlight = 0;
    let inFlightAtKill = 0;
    try {
      space = await createSpaceOverRest(first);
      ({ token } = await loginOverRest(first, space, 'writer'));

      let killed = false;
      /** `killed` as a call, so that a check after an `await` is not narrowed away. */
      const isKilled = () => killed;
      const kill = () => {
        if (killed) return;
        killed = true;
        inFlightAtKill = inFlight;
        first.child.kill('SIGKILL');
      };
      /** Kills as soon as at least one save is on its way (so the kill lands mid-request). */
      const killMidRequest = () => {
        if (killed) return;
        if (inFlight > 0) kill();
        else setImmediate(killMidRequest);
      };
      const writer = async (tool: string) => {
        const log: WriterLog = { acknowledged: null, sent: new Map() };
        logs.set(tool, log);
        for (let version = 0; !killed; version++) {
          const envelope = await encryptJson({ tool, save: version + 1 }, space.key);
          if (isKilled()) return;
          log.sent.set(version + 1, envelope);
          let status: number;
          inFlight++;
          try {
            status = (
              await api(first, 'PUT', `/api/content/${encodeURIComponent(space.name)}/${tool}`, {
                token,
                body: { encrypted_data: envelope, metadata: { version } },
              })
            ).status;
          } catch {
            return; // the server is gone: this save was in flight
          } finally {
            inFlight--;
          }
          if (isKilled()) return; // answered after the kill was decided: not counted
          expect(status).toBe(200);
          log.acknowledged = { version: version + 1, envelope };
          if (++acknowledged >= KILL_AFTER_SAVES) killMidRequest();
        }
      };
      const deadline = setTimeout(killMidRequest, BURST_MAX_MS);
      await Promise.all(TOOLS.map((tool) => writer(tool)));
      clearTimeout(deadline);
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      first.child.kill('SIGKILL');
    }

    const second = await start(env);
    try {
      let found = 0;
      for (const tool of TOOLS) {
        const log = logs.get(tool);
        if (!log?.acknowledged) continue;
        const loaded = await api(
          second,
          'GET',
          `/api/content/${encodeURIComponent(space.name)}/${tool}`,
          { token },
        );
        expect(loaded.status).toBe(200);
        const body = loaded.body as {
          encrypted_data: string;
          content_metadata: { version: number };
        };
        const version = body.content_metadata.version;
        // The acknowledged save, or the one after it that was in flight at the kill.
        expect([log.acknowledged.version, log.acknowledged.version + 1]).toContain(version);
        expect(body.encrypted_data).toBe(log.sent.get(version));
        found += log.acknowledged.version;
      }
      console.info(
        `SIGKILL with ${inFlightAtKill} save(s) in flight after ${acknowledged} acknowledged saves (${testDriver()}): ${found} present after the restart, ${acknowledged - found} lost`,
      );
      expect(found).toBe(acknowledged);
      expect(acknowledged).toBeGreaterThan(0);
      expect(inFlightAtKill).toBeGreaterThan(0);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 240_000);
});

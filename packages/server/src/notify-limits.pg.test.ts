/**
 * The cross-instance event transport on PostgreSQL (one event bus via LISTEN/NOTIFY on one
 * connection per instance; NOTIFY payloads must stay < 8000 bytes).
 *
 * (a) The largest NOTIFY payload a client can make the server send stays below 8000 bytes. Every
 *     client-controlled field of the biggest event (presence_update, announced over tRPC so that
 *     the client id is the client's too) is at its largest allowed size in UTF-8 after JSON
 *     escaping: a space name of 100 four-byte letters, a username of 50 three-byte letters, a
 *     presence tool name of 64 characters (presence is not limited to the registry's tools), a
 *     status of 32 control characters (6 bytes each as `\u0001`), presence data of exactly 1 KiB
 *     of JSON, a client id of 64 control characters. A content_update names one of the registry's
 *     tools (its longest here). The payload is captured as PostgreSQL delivers it, on a LISTEN
 *     connection of this test's own.
 * (b) Each server instance holds exactly one LISTEN connection (pg_stat_activity, told apart by
 *     `application_name`), before and after traffic and across many LISTEN probes.
 *
 * Runs only in the integration-postgres project (`*.pg.test.ts`).
 */
import { EVENTS_CHANNEL } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import { createDb, type DbHandle } from '@cipherspace/db';
import { TOOL_NAMES } from '@cipherspace/tools/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTwoInstances,
  WsClient,
  wsUrlFor,
  type ClientSpace,
  type TwoInstances,
} from './testing.ts';

/** PostgreSQL's limit: a NOTIFY payload must be shorter than 8000 bytes. */
const NOTIFY_LIMIT_BYTES = 8000;
const FIRST_APP = 'cs-notify-first-instance';
const CAPTURE_APP = 'cs-notify-capture';
const DEFAULT_APP = 'postgres.js';

const withAppName = (url: string, name: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
};

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const jsonBytes = (value: unknown) => bytes(JSON.stringify(value));

/** Rows of a raw SQL query on a handle (postgres.js returns an array of rows). */
async function query<T>(handle: DbHandle, sql: string): Promise<T[]> {
  const result: unknown = await handle.db.execute(sql);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** LISTEN connections on the test database, by application_name. */
async function listeners(handle: DbHandle): Promise<Record<string, number>> {
  const rows = await query<{ application_name: string; n: number }>(
    handle,
    `select application_name, count(*)::int as n from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend'
         and query ilike 'listen %'
       group by application_name`,
  );
  return Object.fromEntries(rows.map((row) => [row.application_name, row.n]));
}

/** Every payload delivered on the events channel to a LISTEN connection of this test's own. */
function payloadCollector() {
  const payloads: string[] = [];
  const waiters = new Set<() => void>();
  return {
    payloads,
    push: (payload: string) => {
      payloads.push(payload);
      for (const wake of [...waiters]) wake();
    },
    until(match: (payload: string) => boolean, timeoutMs = 10_000): Promise<string> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = payloads.find(match);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching NOTIFY within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** A tRPC mutation over HTTP (superjson wire format), as the typed client sends it. */
async function mutation(
  url: string,
  path: string,
  token: string,
  input: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

describe('NOTIFY payloads and LISTEN connections (PostgreSQL)', () => {
  let instances: TwoInstances;
  let capture: DbHandle;
  let subscription: { unlisten(): Promise<void> } | null = null;
  const wire = payloadCollector();

  beforeAll(async () => {
    instances = await startTwoInstances({
      // Instance 1 is told apart by its application_name; instance 2 keeps postgres.js's default.
      firstDatabaseUrl: (url) => withAppName(url, FIRST_APP),
      // Probe often, so that the file sees many probes go through each instance's pool.
      db: { listenProbeIntervalMs: 200 },
    });
    const url = instances.database.url;
    if (!url) throw new Error('needs PostgreSQL');
    capture = await createDb({
      databaseUrl: withAppName(url, CAPTURE_APP),
      migrate: false,
      poolSize: 1,
    });
    if (!capture.notifier) throw new Error('no notifier on PostgreSQL');
    subscription = await capture.notifier.listen(EVENTS_CHANNEL, wire.push);
  });

  afterAll(async () => {
    await subscription?.unlisten();
    await capture.close();
    await instances.close();
  });

  it('(b) each instance holds exactly one LISTEN connection', async () => {
    expect(await listeners(instances.database)).toStrictEqual({
      [FIRST_APP]: 1,
      [DEFAULT_APP]: 1,
      [CAPTURE_APP]: 1,
    });
    // The LISTEN is on the events channel (postgres.js quotes the identifier).
    const texts = await query<{ query: string }>(
      instances.database,
      `select query from pg_stat_activity
         where datname = current_database() and application_name = '${FIRST_APP}'
           and query ilike 'listen %'`,
    );
    expect(texts.map((row) => row.query)).toStrictEqual([`listen "${EVENTS_CHANNEL}"`]);
  });

  it('PostgreSQL itself refuses a payload of 8000 bytes and takes one of 7999', async () => {
    const refused = await query(
      capture,
      `select pg_notify('cs_limit_probe', repeat('x', ${NOTIFY_LIMIT_BYTES}))`,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    // Drizzle wraps the driver's error: PostgreSQL's message is in `cause`.
    expect(String((refused as { cause?: unknown } | null)?.cause)).toMatch(
      /payload string too long/,
    );
    await query(
      capture,
      `select pg_notify('cs_limit_probe', repeat('x', ${NOTIFY_LIMIT_BYTES - 1}))`,
    );
  });

  describe('(a) the largest payloads the server can produce', () => {
    // Longest allowed values, each at its largest UTF-8 size after JSON escaping.
    const spaceName = '𝐀'.repeat(100); // 100 code points (spec §5), 4 bytes each
    const username = '語'.repeat(50); // USERNAME_MAX_CHARS UTF-16 units, 3 bytes each
    const tool = `t${'-'.repeat(63)}`; // PRESENCE_TOOL_MAX_CHARS
    // Content is saved only under the registry's tool names: the longest of them.
    const contentTool = TOOL_NAMES.reduce((longest, name) =>
      name.length > longest.length ? name : longest,
    );
    const status = '\u0001'.repeat(32); // presence status max 32, `\u0001` in JSON
    const clientId = '\u0002'.repeat(64); // clientIdSchema max 64, `\u0002` in JSON
    /** Presence data of exactly PRESENCE_DATA_MAX_BYTES (1024) bytes of JSON. */
    const presenceData = (size: number) => {
      const data = { p: '\u0003'.repeat(Math.floor((size - 8) / 6)) };
      data.p += 'x'.repeat(size - jsonBytes(data));
      expect(jsonBytes(data)).toBe(size);
      return data;
    };

    let space: ClientSpace;
    let alice: { token: string; userId: string };
    let bob: { token: string; userId: string };
    let bobSocket: WsClient;

    beforeAll(async () => {
      const { first, second } = instances;
      space = await createSpaceOverRest(first, { name: spaceName });
      alice = await loginOverRest(first, space, username);
      bob = await loginOverRest(second, space, 'bob');
      bobSocket = await WsClient.open(
        wsUrlFor(second, space.name, { token: bob.token, session_id: bob.userId }),
      );
    });
    afterAll(() => bobSocket.close());

    it('the inputs are the largest the server accepts: one more is refused', async () => {
      expect(Array.from(spaceName)).toHaveLength(100);
      expect(bytes(spaceName)).toBe(400);
      expect(bytes(username)).toBe(150);
      const base = { space_name: space.name, tool: 'kanban' };
      const refused = [
        { ...base, client_id: `${clientId}x` },
        { ...base, status: `${status}x` },
        { ...base, data: presenceData(1025) },
        { ...base, tool: `${tool}x` },
      ];
      for (const input of refused) {
        const answer = await mutation(instances.first.url, 'realtime.announce', alice.token, input);
        expect(answer.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      }
      const tooLongName = await api(
        instances.first,
        'PUT',
        `/api/spaces/${encodeURIComponent(space.name)}/users/${alice.userId}`,
        { token: alice.token, body: { username: `${'語'.repeat(50)}x` } },
      );
      expect(tooLongName.status).toBe(422);
      const tooLongSpace = await api(instances.first, 'POST', '/api/spaces/create', {
        body: {
          space_name: `${spaceName}𝐀`,
          encrypted_space_name: space.verifier,
          force_user_passwords: false,
          allow_self_registration: true,
        },
      });
      expect(tooLongSpace.status).toBe(422);
    });

    it('presence_update: every field at its maximum → the NOTIFY payload is < 8000 bytes and reaches the other instance', async () => {
      const data = presenceData(1024);
      const from = bobSocket.messages.length;
      const sent = await mutation(instances.first.url, 'realtime.announce', alice.token, {
        space_name: space.name,
        tool,
        status,
        data,
        client_id: clientId,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);

      const payload = await wire.until((p) => p.includes('"presence_update"'));
      const size = bytes(payload);
      expect(size, `presence payload is ${size} bytes`).toBeLessThan(NOTIFY_LIMIT_BYTES);
      if (process.env.SHOW_NOTIFY_SIZE) console.info(`largest NOTIFY payload: ${size} bytes`);
      // It is the worst case: every maximal field made it into the payload.
      const envelope = JSON.parse(payload) as {
        event: { origin: string; payload: { space_name: string; data: Record<string, unknown> } };
      };
      expect(envelope.event.origin).toBe(`${alice.userId}:${clientId}`);
      expect(envelope.event.payload.space_name).toBe(spaceName);
      expect(envelope.event.payload.data).toMatchObject({
        tool,
        username,
        data: { ...data, tool, status },
      });
      // The members of instance 2 get it through that NOTIFY.
      const { message } = await bobSocket.waitFor((m) => m.type === 'presence_update', { from });
      expect(message).toMatchObject({
        space_name: spaceName,
        data: { tool, user_id: alice.userId, username, data: { ...data, tool, status } },
      });
    });

    it('content_update and user_joined with the longest names are < 8000 bytes too, and never carry ciphertext', async () => {
      const envelope = await encryptJson({ blob: 'z'.repeat(100_000) }, space.key);
      const saved = await api(
        instances.first,
        'PUT',
        `/api/content/${encodeURIComponent(space.name)}/${contentTool}`,
        {
          token: alice.token,
          body: { encrypted_data: envelope, metadata: { version: 0, note: 'n'.repeat(10_000) } },
        },
      );
      expect(saved.status).toBe(200);
      const update = await wire.until((p) => p.includes('"content_update"'));
      expect(update).toContain(`"tool":"${contentTool}"`);
      expect(bytes(update)).toBeLessThan(NOTIFY_LIMIT_BYTES);
      const { data, iv, salt } = JSON.parse(envelope) as Record<string, string>;
      for (const secret of [data, iv, salt]) expect(update).not.toContain(secret);
      expect(update).not.toContain('n'.repeat(100));

      const joined = await mutation(instances.first.url, 'realtime.join', alice.token, {
        space_name: space.name,
        client_id: clientId,
      });
      expect(joined.status).toBe(200);
      expect(bytes(await wire.until((p) => p.includes('"user_joined"')))).toBeLessThan(
        NOTIFY_LIMIT_BYTES,
      );
    });

    it('no payload seen on the channel in this file reached the limit; the presence one is the largest', () => {
      const sizes = wire.payloads.map(bytes);
      expect(sizes.length).toBeGreaterThanOrEqual(3);
      const largest = Math.max(...sizes);
      expect(largest).toBeLessThan(NOTIFY_LIMIT_BYTES);
      const presence = wire.payloads.find((p) => p.includes('"presence_update"')) ?? '';
      expect(bytes(presence)).toBe(largest);
    });
  });

  it('(b) still exactly one LISTEN connection per instance after the traffic and many probes', async () => {
    // Ten probe intervals: each probe is a NOTIFY through the pool, never a second LISTEN.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await listeners(instances.database)).toStrictEqual({
      [FIRST_APP]: 1,
      [DEFAULT_APP]: 1,
      [CAPTURE_APP]: 1,
    });
    // Both instances are still listening (the transport state the health check reports).
    for (const server of [instances.first, instances.second]) {
      const health = await api(server, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({
        status: 'ok',
        realtime: 'listening',
        driver: 'postgres',
      });
    }
  });
});

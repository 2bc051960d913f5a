/**
 * The postgres.js patch (patches/postgres@3.4.9.patch): after a connection dies, no query result
 * may go to the wrong query.
 *
 * Why it matters: Node emits a socket's 'error' event at once but its 'close' event only after
 * the handle has closed, a turn of the event loop later. postgres.js 3.4.9 went on accepting
 * queries on the connection in between. When 'close' followed an error, it did not reject them,
 * and it kept their state for the next connection. There, every later query took the result of
 * the one before it. In the server this showed as 401 for a valid session, 409 for a first save
 * that was stored, and 500 from a listing handed a session row. The fault test
 * (packages/server/src/faults.pg.test.ts) hit it about once in 25 runs. This test reproduces it
 * every time: it breaks the socket itself and sends a query between the two events.
 *
 * Second: a transaction whose backend is terminated (57P01) sent its ROLLBACK to the closed
 * connection. Unpatched, the deferred write threw an uncaught TypeError (it failed a CI run of
 * the fault test once content saves became transactions) and the connection was parked for good,
 * so the pool's next query hung.
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ignoreNotice } from './client.ts';

describe('postgres.js after a connection error (PostgreSQL)', () => {
  const sockets: Socket[] = [];
  let sql: postgres.Sql;
  let admin: postgres.Sql;

  beforeAll(() => {
    const url = process.env.TEST_POSTGRES_URL;
    if (!url) throw new Error('this file needs TEST_POSTGRES_URL');
    const { hostname, port } = new URL(url);
    const options = {
      max: 1,
      fetch_types: false,
      onnotice: ignoreNotice,
      backoff: () => 0,
      // The driver's own connection, kept so that the test can break it (a documented option
      // its type declarations lack).
      socket: () => {
        const socket = connect(Number(port || 5432), hostname);
        sockets.push(socket);
        return socket;
      },
    };
    sql = postgres(url, options);
    admin = postgres(url, { max: 1, onnotice: ignoreNotice });
  });
  afterAll(async () => {
    await sql.end({ timeout: 1 });
    await admin.end({ timeout: 1 });
  });

  it('rejects a query sent between the socket error and its close, and pairs later results with their queries', async () => {
    await sql`select 1`;
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');

    const inFlight = sql`select pg_sleep(5)`.then(
      () => 'resolved',
      (error: unknown) => codeOf(error),
    );
    await delay(50);

    // Sent after postgres.js has handled 'error', before 'close' arrives.
    let betweenEvents: Promise<unknown> | undefined;
    socket.once('error', () => {
      betweenEvents = sql`select 'between the events' as label`.then(
        (rows) => ({ resolved: rows }),
        (error: unknown) => ({ rejected: codeOf(error) }),
      );
    });
    socket.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    await new Promise((resolve) => socket.once('close', resolve));

    expect(await inFlight).toBe('ECONNRESET');
    expect(betweenEvents).toBeDefined();

    // A new connection; each query must get its own answer, and none may hang.
    const answers = Promise.all(
      [1, 2, 3].map(async (n) => (await sql`select ${n}::int as n`)[0]?.n),
    );
    await expect(
      Promise.race([answers, delay(5000).then(() => 'hung: results went to the wrong queries')]),
    ).resolves.toEqual([1, 2, 3]);
    expect(await betweenEvents).toEqual({ rejected: 'CONNECTION_CLOSED' });
    expect(sockets.length).toBe(2);
  });

  it('rejects a transaction whose connection breaks, with no uncaught error from its ROLLBACK', async () => {
    await sql`select 1`;
    // Unpatched, the ROLLBACK the transaction sends once its query is rejected is written to
    // the closed connection from a deferred write, which throws outside any query.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      let pid: number | undefined;
      const transaction = sql
        .begin(async (tx) => {
          pid = (await tx<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]?.pid;
          await tx`select pg_sleep(5)`;
        })
        .then(
          () => 'committed',
          (error: unknown) => codeOf(error),
        );
      await delay(100);
      // The way the fault test ends backends: the server reports 57P01 and closes.
      await admin`select pg_terminate_backend(${pid ?? 0})`;
      expect(await transaction).toMatch(/^(57P01|ECONNRESET|CONNECTION_CLOSED)$/);
      await delay(100);
      expect(uncaught).toEqual([]);
      expect((await sql`select 7::int as n`)[0]?.n).toBe(7);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : error;
}

/**
 * The lingering close of linger.ts on a bare Fastify server: a client that writes its whole
 * refused body before reading still reads the answer, and what the lingering connections read is
 * shared out of one budget of bytes per second.
 */
import { connect, type Socket } from 'node:net';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { lingerAfterEarlyAnswers } from './linger.ts';

const MIB = 1024 * 1024;

interface RefusingServer {
  app: FastifyInstance;
  port: number;
  /** performance.now() of each server-side connection's close, in order. */
  closedAt: number[];
  /** How many connections the server has accepted. */
  accepted: () => number;
}

/** A server whose POST /refuse answers 413 before reading the body, lingering at `bytesPerSecond`. */
async function refusingServer(bytesPerSecond: number): Promise<RefusingServer> {
  const app = Fastify();
  const closedAt: number[] = [];
  let accepted = 0;
  app.server.on('connection', (socket: Socket) => {
    accepted += 1;
    socket.once('close', () => closedAt.push(performance.now()));
  });
  lingerAfterEarlyAnswers(app, bytesPerSecond);
  app.addHook('onRequest', async (_request, reply) => {
    await reply.code(413).send({ detail: 'Request body is too large' });
  });
  app.post('/refuse', () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port, closedAt, accepted: () => accepted };
}

/** Writes a POST of `bytes` bytes in full on a raw socket, as a browser does before reading. */
function uploadWhole(port: number, bytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
    socket.write(
      `POST /refuse HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${bytes}\r\n\r\n`,
    );
    socket.end(Buffer.alloc(bytes, 0x20));
  });
}

describe('lingering close after an early answer', () => {
  let server: FastifyInstance | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('a client that writes its whole refused body first still reads the 413 and its detail', async () => {
    const { app, port } = await refusingServer(64 * MIB);
    server = app;
    const answer = await uploadWhole(port, 4 * MIB);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('{"detail":"Request body is too large"}');
  });

  it('the lingering connections share one budget: 3 MiB at 1 MiB/s take about 2 s, not 0.5 s each', async () => {
    const { app, port, closedAt } = await refusingServer(MIB);
    server = app;
    const started = performance.now();
    const answers = await Promise.all([uploadWhole(port, 1.5 * MIB), uploadWhole(port, 1.5 * MIB)]);
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // The server closes a connection once it has read its whole body: the bucket starts full
    // (1 MiB), the other 2 MiB are read at 1 MiB/s, however much the kernel buffered meanwhile.
    await expect.poll(() => closedAt.length, { timeout: 10_000 }).toBe(2);
    expect(Math.max(...closedAt) - started).toBeGreaterThanOrEqual(1_800);
  });

  it('a server shutting down does not wait for the bodies its lingering connections still read', async () => {
    const { app, port, closedAt, accepted } = await refusingServer(64 * 1024);
    // The client is still writing when the server goes: it may see the answer or a reset.
    const outcome = uploadWhole(port, 4 * MIB).catch((error: unknown) => error);
    // At 64 KiB/s the body would take a minute to drain; the answer goes out at once.
    await expect.poll(accepted, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = performance.now();
    await app.close();
    expect(performance.now() - closing).toBeLessThan(5_000);
    await expect.poll(() => closedAt.length).toBe(1);
    await outcome;
  });
});

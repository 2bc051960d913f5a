import type { ServerResponse } from 'node:http';

import fastifyWebsocket, { type WebSocket as ServerSocket } from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { rememberUpgradeResponse, releaseUpgradeRequest } from './ws-release.ts';

interface Accepted {
  socket: ServerSocket;
  response: ServerResponse | undefined;
  errors: Error[];
}

let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** A server with one WebSocket route that releases its request; resolves each accepted socket. */
async function serve(): Promise<{ url: string; accepted: Promise<Accepted> }> {
  const server = Fastify({ logger: false });
  app = server;
  await server.register(fastifyWebsocket);
  let response: ServerResponse | undefined;
  let resolve: (accepted: Accepted) => void = () => undefined;
  const accepted = new Promise<Accepted>((done) => {
    resolve = done;
  });
  server.get(
    '/ws',
    {
      websocket: true,
      onRequest: (request, reply, done) => {
        response = reply.raw;
        rememberUpgradeResponse(request, reply, done);
      },
    },
    (socket, request) => {
      const errors: Error[] = [];
      releaseUpgradeRequest(socket, request, (error) => errors.push(error));
      resolve({ socket, response, errors });
    },
  );
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { url: `ws://127.0.0.1:${address.port}/ws`, accepted };
}

function open(url: string): Promise<WebSocket> {
  const client = new WebSocket(url);
  return new Promise((resolve, reject) => {
    client.once('open', () => resolve(client));
    client.once('error', reject);
  });
}

describe('releaseUpgradeRequest', () => {
  it('detaches the upgrade response and leaves a single error listener, and the socket works', async () => {
    const { url, accepted } = await serve();
    const client = await open(url);
    const { socket, response } = await accepted;
    // The hijacked ServerResponse no longer hangs off the TCP socket.
    expect(response).toBeDefined();
    expect(response?.socket).toBeNull();
    expect(socket.listenerCount('error')).toBe(1);

    socket.on('message', (data: Buffer) => socket.send(`echo ${data.toString('utf8')}`));
    const echo = new Promise<string>((resolve) => {
      client.once('message', (data: Buffer) => resolve(data.toString('utf8')));
    });
    client.send('ping');
    expect(await echo).toBe('echo ping');
    client.close();
  });

  it('terminates the socket on a socket error and reports it', async () => {
    const { url, accepted } = await serve();
    const client = await open(url);
    const { socket, errors } = await accepted;
    const closed = new Promise<number>((resolve) => client.once('close', resolve));
    socket.emit('error', new Error('boom'));
    expect(errors.map((error) => error.message)).toEqual(['boom']);
    expect(await closed).toBe(1006);
  });
});

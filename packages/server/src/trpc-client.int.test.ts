/**
 * The typed API as a developer uses it: `@trpc/client` over real HTTP (batched queries and
 * mutations) and a real WebSocket (subscriptions, token in `connectionParams`).
 */
import type { AppRouter } from '@cipherspace/api';
import { decryptJson, deriveSpaceNameVerifier, encryptJson } from '@cipherspace/crypto';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  TRPCClientError,
  wsLink,
} from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { startTestServer, type TestServer } from './testing.ts';

function typedClient(server: TestServer, token: () => string | null) {
  const wsClient = createWSClient({
    url: `${server.wsUrl}/trpc`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: () => {
      const current = token();
      return current ? { token: current } : {};
    },
    lazy: { enabled: true, closeMs: 0 },
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: httpBatchLink({
          url: `${server.url}/trpc`,
          transformer: superjson,
          headers: () => {
            const current = token();
            return current ? { authorization: `Bearer ${current}` } : {};
          },
        }),
      }),
    ],
  });
  return { client, close: () => wsClient.close() };
}

describe('typed tRPC client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a space, logs in, subscribes and sees a save decrypted', async () => {
    const name = 'Typed Client Team';
    const key = 'Typed-Cl1ent!key';
    const verifier = await deriveSpaceNameVerifier(key, name);
    let aliceToken: string | null = null;
    let bobToken: string | null = null;
    const alice = typedClient(server, () => aliceToken);
    const bob = typedClient(server, () => bobToken);
    try {
      const space = await alice.client.spaces.create.mutate({
        space_name: name,
        encrypted_space_name: verifier,
        force_user_passwords: false,
      });
      expect(space.created_at).toBeInstanceOf(Date);
      await alice.client.users.register.mutate({
        space_name: name,
        username: 'alice',
        encrypted_space_name: verifier,
      });
      await expect(
        bob.client.users.register.mutate({
          space_name: name,
          username: 'bob',
          encrypted_space_name: verifier,
        }),
      ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
      aliceToken = (
        await alice.client.auth.login.mutate({
          space_name: name,
          username: 'alice',
          encrypted_space_name: verifier,
        })
      ).access_token;
      await alice.client.spaces.update.mutate({ space_name: name, allow_self_registration: true });
      await bob.client.users.register.mutate({
        space_name: name,
        username: 'bob',
        encrypted_space_name: verifier,
      });
      bobToken = (
        await bob.client.auth.login.mutate({
          space_name: name,
          username: 'bob',
          encrypted_space_name: verifier,
        })
      ).access_token;

      const received = new Promise<unknown>((resolve, reject) => {
        const subscription = bob.client.realtime.onEvent.subscribe(
          { space_name: name },
          {
            onStarted: () => {
              void (async () => {
                const encrypted_data = await encryptJson({ title: 'Board', phases: [] }, key);
                await alice.client.content.save.mutate({
                  space_name: name,
                  tool: 'kanban',
                  encrypted_data,
                });
              })().catch(reject);
            },
            onData: (event) => {
              subscription.unsubscribe();
              resolve(event.data);
            },
            onError: reject,
          },
        );
      });
      expect(await received).toMatchObject({
        type: 'content_update',
        data: { tool: 'kanban', version: 1, modified_by: 'alice' },
      });
      const stored = await bob.client.content.get.query({ space_name: name, tool: 'kanban' });
      expect(await decryptJson(stored.encrypted_data, key)).toEqual({ title: 'Board', phases: [] });
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it('reports errors with their tRPC code and the zod message', async () => {
    const client = typedClient(server, () => null);
    try {
      const error = await client.client.spaces.create
        .mutate({ space_name: 'x', encrypted_space_name: 'nope' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<AppRouter>).data?.code).toBe('BAD_REQUEST');
      expect((error as TRPCClientError<AppRouter>).message).toBe(
        'Space name must be at least 3 characters and contain only letters, numbers, spaces, and dashes',
      );
      await expect(
        client.client.content.list.query({ space_name: 'Typed Client Team' }),
      ).rejects.toMatchObject({
        data: { code: 'UNAUTHORIZED' },
      });
    } finally {
      await client.close();
    }
  });
});

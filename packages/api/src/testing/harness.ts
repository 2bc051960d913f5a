/**
 * Test harness for the API: a real database (PGlite or Postgres, per test project), a real
 * event bus, a controllable clock, and callers built exactly as the hosts build them.
 * Verifiers are computed with the real `@cipherspace/crypto` (PBKDF2, 100 000 iterations).
 */
import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { spaces } from '@cipherspace/db';
import { createTestDb, type TestDb } from '@cipherspace/db/testing';
import {
  getErrorShape,
  isTrackedEnvelope,
  TRPCError,
  type TRPC_ERROR_CODE_KEY,
} from '@trpc/server';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

import { createContextFactory } from '../context.ts';
import { EventBus } from '../events.ts';
import { appRouter, createCaller } from '../root.ts';
import type { RealtimeEvent } from '../router/realtime.ts';

export interface TestClock {
  now: () => Date;
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
}

export interface ApiHarness {
  db: TestDb;
  bus: EventBus;
  clock: TestClock;
  /** A caller with the given bearer token (or none). */
  caller(
    token?: string | null,
    options?: { signal?: AbortSignal },
  ): ReturnType<typeof createCaller>;
  /** Creates a space with real verifiers; returns the credentials used. */
  createSpace(
    options?: Partial<SpaceCredentials & { force: boolean; selfRegistration: boolean }>,
  ): Promise<SpaceCredentials>;
  /** Registers and logs in a user; returns its token and id. */
  join(
    space: SpaceCredentials,
    username: string,
    password?: string,
  ): Promise<{ token: string; userId: string; role: string }>;
  /** Logs an existing user in (real verifiers); returns the new bearer token. */
  login(space: SpaceCredentials, username: string, password?: string): Promise<string>;
  /** The database id of the space named `name`. Throws when there is none. */
  spaceId(name: string): Promise<string>;
  /**
   * Subscribes `token` to `realtime.onEvent` of `spaceName` (with `pending`, as the web app does:
   * content_pending too); see {@link EventStream}.
   */
  subscribe(
    token: string,
    spaceName: string,
    clientId?: string,
    options?: { pending?: boolean },
  ): Promise<EventStream>;
  close(): Promise<void>;
}

/** One `realtime.onEvent` subscription, read message by message. */
export interface EventStream {
  /** The next tracked message `{ id, message }`; rejects when the stream ends first. */
  next(): Promise<{ id: string; message: RealtimeEvent }>;
  /** Resolves once the stream has ended (after its last message was read). Rejects on another message. */
  ended(): Promise<void>;
  /** Aborts the subscription (its `signal`). */
  close(): void;
}

export interface SpaceCredentials {
  name: string;
  key: string;
  verifier: string;
}

let counter = 0;

/** Opens a harness on a fresh database. Call `close()` in afterAll. */
export async function createApiHarness(): Promise<ApiHarness> {
  const db = await createTestDb();
  const bus = new EventBus(db.notifier);
  await bus.start();
  let offsetMs = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
  const createContext = createContextFactory({ db: db.db, bus, now: clock.now });
  const caller = (token?: string | null, options?: { signal?: AbortSignal }) =>
    createCaller(
      createContext({ headers: token ? { authorization: `Bearer ${token}` } : {} }),
      options,
    );

  const harness: ApiHarness = {
    db,
    bus,
    clock,
    caller,
    async createSpace(options = {}) {
      counter += 1;
      const name = options.name ?? `Team ${counter} ${Math.random().toString(36).slice(2, 8)}`;
      const key = options.key ?? 'Sp4ce-Key!long-enough';
      const verifier = await deriveSpaceNameVerifier(key, name);
      await caller().spaces.create({
        space_name: name,
        encrypted_space_name: verifier,
        force_user_passwords: options.force ?? false,
        allow_self_registration: options.selfRegistration ?? true,
      });
      return { name, key, verifier };
    },
    async join(space, username, password) {
      const encrypted_password = password
        ? await derivePasswordVerifier(space.key, password)
        : undefined;
      const user = await caller().users.register({
        space_name: space.name,
        username,
        encrypted_space_name: space.verifier,
        encrypted_password,
      });
      const login = await caller().auth.login({
        space_name: space.name,
        username,
        encrypted_space_name: space.verifier,
        encrypted_password,
      });
      return { token: login.access_token, userId: user.id, role: user.role };
    },
    async login(space, username, password) {
      const encrypted_password = password
        ? await derivePasswordVerifier(space.key, password)
        : undefined;
      const result = await caller().auth.login({
        space_name: space.name,
        username,
        encrypted_space_name: space.verifier,
        encrypted_password,
      });
      return result.access_token;
    },
    async spaceId(name) {
      const [row] = await db.db
        .select({ id: spaces.id })
        .from(spaces)
        .where(eq(spaces.name, name))
        .limit(1);
      if (!row) throw new Error(`no space named ${name}`);
      return row.id;
    },
    async subscribe(token, spaceName, clientId, options = {}) {
      const controller = new AbortController();
      const iterable = await caller(token, { signal: controller.signal }).realtime.onEvent({
        space_name: spaceName,
        ...(clientId === undefined ? {} : { client_id: clientId }),
        ...(options.pending === undefined ? {} : { pending: options.pending }),
      });
      // createCaller yields what the procedure yields: `tracked(id, message)` tuples (the
      // `{ id, data }` in the inferred type is what a remote client sees after transport).
      const iterator = (iterable as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      return {
        async next() {
          const result = await iterator.next();
          if (result.done) throw new Error('the event stream ended');
          if (!isTrackedEnvelope<RealtimeEvent>(result.value)) {
            throw new Error(`not a tracked() message: ${JSON.stringify(result.value)}`);
          }
          const [id, message] = result.value;
          return { id, message };
        },
        async ended() {
          const result = await iterator.next();
          if (!result.done)
            throw new Error(`expected the stream to end, got ${JSON.stringify(result.value)}`);
        },
        close() {
          controller.abort();
        },
      };
    },
    async close() {
      await bus.close();
      await db.cleanup();
    },
  };
  return harness;
}

/**
 * The `message` a tRPC client receives for `error`: the router's real error formatter, which
 * reports the first zod issue for invalid input (the REST adapter sends the same text as `detail`).
 */
export function clientMessage(error: TRPCError): string {
  return getErrorShape({
    config: appRouter._def._config,
    error,
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  }).message;
}

/**
 * Asserts that `promise` rejects with a TRPCError of `code` whose client-visible message is
 * exactly `message`. Returns the error for further checks.
 */
export async function expectTRPCError(
  promise: Promise<unknown>,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
): Promise<TRPCError> {
  let caught: unknown = undefined;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  return expectTRPCErrorValue(caught, code, message);
}

/** {@link expectTRPCError} for an error already caught (e.g. a `Promise.allSettled` reason). */
export function expectTRPCErrorValue(
  caught: unknown,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
): TRPCError {
  expect(caught, `expected a ${code} TRPCError`).toBeInstanceOf(TRPCError);
  const error = caught as TRPCError;
  expect({ code: error.code, message: clientMessage(error) }).toEqual({ code, message });
  return error;
}

export {
  insertSpaceWithoutNameKeys,
  LOOK_ALIKE_RENAMES,
  LOOK_ALIKE_SPACE_NAMES,
  LOOK_ALIKE_USERNAMES,
  type LookAlikeName,
} from './look-alike-names.ts';

/**
 * The encryption-aware flows every entry screen shares (spec §4 Create-space form, Login
 * screen, Quick access): verifiers are derived here in the browser from the space key, and
 * only verifiers travel to the server; the key itself is stored in this browser only.
 *
 * Each function takes the vanilla tRPC client (`trpc.useUtils().client`) and throws
 * `SpaceAccessError` with a `kind` the screens map to the §8 messages.
 */
import type { AppRouter } from '@cipherspace/api';
import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { TRPCClientError, type TRPCClient } from '@trpc/client';

import { saveLogin, type StoredUser } from './session.ts';

export type ApiClient = TRPCClient<AppRouter>;

/** Why an access flow failed: `encryption` (Web Crypto failed) or `server` (with its detail). */
export class SpaceAccessError extends Error {
  constructor(
    readonly kind: 'encryption' | 'server',
    /** The server's detail, if it sent one. */
    readonly detail: string | null,
    /** The tRPC code (e.g. 'UNAUTHORIZED', 'CONFLICT') for server errors. */
    readonly code: string | null,
    options?: ErrorOptions,
  ) {
    super(detail ?? kind, options);
    this.name = 'SpaceAccessError';
  }
}

async function derive<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new SpaceAccessError('encryption', null, null, { cause: error });
  }
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = (error as TRPCClientError<AppRouter>).data;
      throw new SpaceAccessError('server', error.message || null, data?.code ?? null, {
        cause: error,
      });
    }
    throw new SpaceAccessError('server', null, null, { cause: error });
  }
}

/** Creates a space (spec §2 /space/create). */
export async function createSpace(
  client: ApiClient,
  input: {
    spaceName: string;
    spaceKey: string;
    forceUserPasswords: boolean;
    allowSelfRegistration: boolean;
  },
): Promise<void> {
  const verifier = await derive(() => deriveSpaceNameVerifier(input.spaceKey, input.spaceName));
  await call(() =>
    client.spaces.create.mutate({
      space_name: input.spaceName,
      encrypted_space_name: verifier,
      force_user_passwords: input.forceUserPasswords,
      allow_self_registration: input.allowSelfRegistration,
    }),
  );
}

export interface Credentials {
  spaceName: string;
  spaceKey: string;
  username: string;
  /** Empty or absent: no password. */
  password?: string;
}

async function verifiers(credentials: Credentials) {
  return derive(async () => ({
    space: await deriveSpaceNameVerifier(credentials.spaceKey, credentials.spaceName),
    password: credentials.password
      ? await derivePasswordVerifier(credentials.spaceKey, credentials.password)
      : undefined,
  }));
}

/** Registers a user (spec §4 register mode); returns the new user with its role. */
export async function registerUser(
  client: ApiClient,
  credentials: Credentials,
): Promise<StoredUser> {
  const v = await verifiers(credentials);
  const user = await call(() =>
    client.users.register.mutate({
      space_name: credentials.spaceName,
      username: credentials.username,
      encrypted_space_name: v.space,
      ...(v.password ? { encrypted_password: v.password } : {}),
    }),
  );
  return { id: user.id, username: user.username, role: user.role };
}

/** Logs in and stores the session, space key included (spec §4 Session). */
export async function logIn(client: ApiClient, credentials: Credentials): Promise<void> {
  const v = await verifiers(credentials);
  const result = await call(() =>
    client.auth.login.mutate({
      space_name: credentials.spaceName,
      username: credentials.username,
      encrypted_space_name: v.space,
      ...(v.password ? { encrypted_password: v.password } : {}),
    }),
  );
  saveLogin({
    token: result.access_token,
    space: result.space,
    user: { id: result.user.id, username: result.user.username, role: result.user.role },
    spaceKey: credentials.spaceKey,
  });
}

/** Derives a password verifier for an admin-created user (spec §2 Add User). */
export function passwordVerifier(spaceKey: string, password: string): Promise<string> {
  return derive(() => derivePasswordVerifier(spaceKey, password));
}

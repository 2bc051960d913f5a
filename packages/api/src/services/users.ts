/** User rules shared by registration and admin-created users (spec §5 Login/register, Add user; §6). */
import { users, type Space, type User, type UserRole } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';

import { ERROR } from '../errors.ts';
import { isUniqueViolation, rethrowSpaceGone } from './db-errors.ts';
import type { Transaction } from './job-lock.ts';
import {
  keyUsernames,
  lockSpaceRow,
  nameKeysOf,
  usernameClash,
  type NameKeys,
} from './name-keys.ts';
import { NAME_KEYS_VERSION } from './names.ts';
import { hashVerifier } from './verifier-hash.ts';

/**
 * Hashes the optional password verifier, refusing a missing one where the space forces
 * passwords. @throws TRPCError UNPROCESSABLE_CONTENT 'This space requires users to have a password'.
 */
export async function passwordHashFor(
  space: Space,
  verifier: string | undefined,
): Promise<string | null> {
  if (verifier === undefined) {
    if (space.forceUserPasswords) {
      throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: ERROR.passwordRequired });
    }
    return null;
  }
  return hashVerifier(verifier);
}

/**
 * Inserts a user, inside transaction `tx` (call `keyUsernamesAhead` of ./name-keys.ts before it,
 * so the keys of older users stay filled in when the name is refused). The space's row is locked first, so name changes of
 * one space are serialised and the clash check sees every committed username (the lock ends
 * with `tx`). @throws TRPCError CONFLICT 'Username already exists…' when a user of the space has
 * the same name ignoring case, compatibility forms and spacing (services/names.ts `nameKey`),
 * CONFLICT 'A username that looks the same already exists…' when one looks the same (UTS #39
 * skeleton); NOT_FOUND 'Space not found' when the space was deleted after it was looked up.
 */
export async function insertUser(
  tx: Transaction,
  values: {
    spaceId: string;
    username: string;
    passwordHash: string | null;
    role: UserRole;
    createdAt: Date;
  },
): Promise<User> {
  const keys = await requireFreeUsername(tx, values.spaceId, values.username);
  try {
    const [user] = await tx
      .insert(users)
      .values({
        ...values,
        usernameKey: keys.key,
        usernameSkeleton: keys.skeleton,
        nameKeysVersion: NAME_KEYS_VERSION,
      })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new TRPCError({ code: 'CONFLICT', message: ERROR.usernameExists });
    return rethrowSpaceGone(error);
  }
}

/**
 * Renames user `userId` of space `spaceId` to `username`, inside transaction `tx`, under the same
 * rules and lock as {@link insertUser} (their own current name never clashes). Resolves to the
 * user, or null when no such user is in the space. @throws TRPCError CONFLICT as insertUser.
 */
export async function renameUser(
  tx: Transaction,
  spaceId: string,
  userId: string,
  username: string,
): Promise<User | null> {
  const keys = await requireFreeUsername(tx, spaceId, username, userId);
  const [user] = await tx
    .update(users)
    .set({
      username,
      usernameKey: keys.key,
      usernameSkeleton: keys.skeleton,
      nameKeysVersion: NAME_KEYS_VERSION,
    })
    .where(and(eq(users.id, userId), eq(users.spaceId, spaceId)))
    .returning();
  return user ?? null;
}

/**
 * Locks space `spaceId`'s row, keys its older usernames and checks `username` against them
 * (leaving out user `exceptUserId`). Resolves to the name's keys; a missing space resolves too
 * (the insert then fails on the foreign key). @throws TRPCError CONFLICT (see insertUser).
 */
async function requireFreeUsername(
  tx: Transaction,
  spaceId: string,
  username: string,
  exceptUserId?: string,
): Promise<NameKeys> {
  await lockSpaceRow(tx, spaceId);
  await keyUsernames(tx, spaceId);
  const keys = nameKeysOf(username);
  const clash = await usernameClash(tx, spaceId, keys, exceptUserId);
  if (clash) {
    const message = clash === 'same' ? ERROR.usernameExists : ERROR.usernameLookalike;
    throw new TRPCError({ code: 'CONFLICT', message });
  }
  return keys;
}

/** User rules shared by registration and admin-created users (spec §5 Login/register, Add user; §6). */
import { users, type Database, type Space, type User, type UserRole } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';

import { ERROR } from '../errors.ts';
import { isUniqueViolation, rethrowSpaceGone } from './db-errors.ts';
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
 * Inserts a user. @throws TRPCError CONFLICT 'Username already exists…' when the name (case-
 * insensitively) is taken in the space; NOT_FOUND 'Space not found' when the space was deleted
 * after it was looked up (a concurrent deletion).
 */
export async function insertUser(
  db: Database,
  values: {
    spaceId: string;
    username: string;
    passwordHash: string | null;
    role: UserRole;
    createdAt: Date;
  },
): Promise<User> {
  try {
    const [user] = await db.insert(users).values(values).returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new TRPCError({ code: 'CONFLICT', message: ERROR.usernameExists });
    return rethrowSpaceGone(error);
  }
}

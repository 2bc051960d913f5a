/** Space lookups and checks shared by the spaces, auth and users routers. */
import { spaces, type Database, type Space } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';

import { ERROR } from '../errors.ts';
import { verifyVerifier } from './verifier-hash.ts';

/** The space named `name` (exact match). @throws TRPCError NOT_FOUND 'Space not found'. */
export async function requireSpace(db: Database, name: string): Promise<Space> {
  const [space] = await db.select().from(spaces).where(eq(spaces.name, name)).limit(1);
  if (!space) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.spaceNotFound });
  return space;
}

/**
 * Checks the client's space-name verifier (proof that it knows the space key) against the
 * stored argon2id hash. @throws TRPCError UNAUTHORIZED 'Invalid space name or space key'.
 */
export async function requireSpaceVerifier(space: Space, verifier: string): Promise<void> {
  if (!(await verifyVerifier(space.verifierHash, verifier))) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR.invalidSpaceCredentials });
  }
}

/**
 * Exactly-once saves: the results of recent saves by the save id their client sent (`tool_saves`),
 * so that a retry of a save whose answer was lost — the connection dropped after the commit — is
 * answered with the original result instead of a phantom 409.
 *
 * `content.save` looks the id up first (a retry after the answer was lost), and again when its
 * versioned write found the version taken: a concurrent attempt with the same id may just have
 * committed it (PostgreSQL made the write wait for that transaction, and under READ COMMITTED the
 * next statement sees its row). The winner records its result in its own transaction, so the
 * stored version and the remembered id come and go together.
 *
 * A save id is the member's own (IETF Idempotency-Key draft: the key is scoped to the client):
 * it is looked up by space, tool, member and id, so another member's equal id is another save and
 * never returns that member's answer. It is bound to the save's body by {@link saveBodyDigest}:
 * the same member sending the id again with another body is refused with 422, nothing stored.
 */
import { createHash, type Hash } from 'node:crypto';

import { toolSaves, type Database } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { and, eq, lt } from 'drizzle-orm';

import { SAVE_ID_RETENTION_MS } from '../constants.ts';
import { ERROR } from '../errors.ts';
import type { ToolRef } from './history.ts';

/** A database handle or an open transaction on it. */
type Queryable = Pick<Database, 'select' | 'insert' | 'delete'>;

/** What `content.save` answered for a save: the content row's id, its new version and metadata. */
export interface SaveResult {
  id: string;
  tool: string;
  version: number;
  contentMetadata: Record<string, unknown>;
}

/** Which remembered save: the member `userId`'s save id `saveId` on the tool `ref`. */
export interface SaveKey extends ToolRef {
  userId: string;
  saveId: string;
}

/** What a save's body digest covers: the save's input as the procedure parsed it. */
export interface SaveBody {
  /** Absent for a save of operations only. */
  encrypted_data?: string | undefined;
  metadata: Record<string, unknown>;
  operations?: readonly string[] | undefined;
}

/** Feeds `value` to `hash` as canonical JSON: object keys sorted, no spaces, undefined left out. */
function hashCanonical(hash: Hash, value: unknown): void {
  if (Array.isArray(value)) {
    hash.update('[');
    value.forEach((item, index) => {
      if (index > 0) hash.update(',');
      hashCanonical(hash, item === undefined ? null : item);
    });
    hash.update(']');
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    hash.update('{');
    keys.forEach((key, index) => {
      hash.update(`${index > 0 ? ',' : ''}${JSON.stringify(key)}:`);
      hashCanonical(hash, record[key]);
    });
    hash.update('}');
  } else {
    hash.update(value === undefined ? 'null' : JSON.stringify(value));
  }
}

/**
 * The hex SHA-256 (64 characters) of the canonical JSON of `body` — `{"encrypted_data",
 * "metadata","operations"}` with object keys sorted at every depth, no whitespace, absent
 * operations as null — so the same save sent again (in any key order) has the same digest.
 */
export function saveBodyDigest(body: SaveBody): string {
  const hash = createHash('sha256');
  hashCanonical(hash, {
    encrypted_data: body.encrypted_data ?? null,
    metadata: body.metadata,
    operations: body.operations ?? null,
  });
  return hash.digest('hex');
}

/**
 * The remembered result of the save `key`, or null when there is none.
 * @throws TRPCError UNPROCESSABLE_CONTENT (REST 422) ERROR.saveIdReused when it was remembered
 * for a body whose digest is not `bodySha256`.
 */
export async function findSave(
  tx: Queryable,
  key: SaveKey,
  bodySha256: string,
): Promise<SaveResult | null> {
  const [row] = await tx
    .select({
      id: toolSaves.contentId,
      tool: toolSaves.tool,
      version: toolSaves.version,
      contentMetadata: toolSaves.contentMetadata,
      bodySha256: toolSaves.bodySha256,
    })
    .from(toolSaves)
    .where(
      and(
        eq(toolSaves.spaceId, key.spaceId),
        eq(toolSaves.tool, key.tool),
        eq(toolSaves.userId, key.userId),
        eq(toolSaves.saveId, key.saveId),
      ),
    );
  if (!row) return null;
  if (row.bodySha256 !== bodySha256) {
    throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: ERROR.saveIdReused });
  }
  const { bodySha256: _digest, ...result } = row;
  return result;
}

/**
 * Inside the save's transaction: remembers `result` under `key` with the body digest
 * `bodySha256`. Returns false when the key is already taken — by another save of this member on
 * the same tool committed meanwhile (one id reused for two different saves); the caller then
 * rolls back.
 */
export async function rememberSave(
  tx: Queryable,
  key: SaveKey,
  bodySha256: string,
  result: SaveResult,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(toolSaves)
    .values({
      spaceId: key.spaceId,
      tool: key.tool,
      userId: key.userId,
      saveId: key.saveId,
      bodySha256,
      contentId: result.id,
      version: result.version,
      contentMetadata: result.contentMetadata,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ version: toolSaves.version });
  return inserted.length > 0;
}

/**
 * Forgets the save ids remembered more than SAVE_ID_RETENTION_MS (24 h) before `now`; returns
 * how many. Run by the server's session cleanup job; harmless on several instances at once.
 */
export async function pruneSaveIds(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SAVE_ID_RETENTION_MS);
  const deleted = await db
    .delete(toolSaves)
    .where(lt(toolSaves.createdAt, cutoff))
    .returning({ version: toolSaves.version });
  return deleted.length;
}

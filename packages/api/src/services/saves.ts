/**
 * Exactly-once saves (issue 18 item 3): the results of recent saves by the save id their client
 * sent (`tool_saves`), so that a retry of a save whose answer was lost — the connection dropped
 * after the commit — is answered with the original result instead of a phantom 409.
 *
 * `content.save` looks the id up first (a retry after the answer was lost), and again when its
 * versioned write found the version taken: a concurrent attempt with the same id may just have
 * committed it (PostgreSQL made the write wait for that transaction, and under READ COMMITTED the
 * next statement sees its row). The winner records its result in its own transaction, so the
 * stored version and the remembered id come and go together.
 */
import { toolSaves, type Database } from '@cipherspace/db';
import { and, eq, lt } from 'drizzle-orm';

import { SAVE_ID_RETENTION_MS } from '../constants.ts';
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

/** The remembered result of the save `saveId` of the tool `ref`, or null when there is none. */
export async function findSave(
  tx: Queryable,
  ref: ToolRef,
  saveId: string,
): Promise<SaveResult | null> {
  const [row] = await tx
    .select({
      id: toolSaves.contentId,
      tool: toolSaves.tool,
      version: toolSaves.version,
      contentMetadata: toolSaves.contentMetadata,
    })
    .from(toolSaves)
    .where(
      and(
        eq(toolSaves.spaceId, ref.spaceId),
        eq(toolSaves.tool, ref.tool),
        eq(toolSaves.saveId, saveId),
      ),
    );
  return row ?? null;
}

/**
 * Inside the save's transaction: remembers `result` under `saveId`. Returns false when the id is
 * already taken — by another save of the same tool committed meanwhile (a client that reused one
 * id for two different saves); the caller then rolls back.
 */
export async function rememberSave(
  tx: Queryable,
  ref: ToolRef,
  saveId: string,
  result: SaveResult,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(toolSaves)
    .values({
      spaceId: ref.spaceId,
      tool: ref.tool,
      saveId,
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

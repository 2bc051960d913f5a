/**
 * The stored side of ./names.ts: the key, skeleton and rules version columns of `spaces` and
 * `users` (packages/db schema, migration 0003_name_keys), filled in for rows written before the
 * rules, and the clash check of a new name against them.
 *
 * Migration 0003 adds the columns empty: the rules are JavaScript (NFKC, case folding, UTS #39
 * confusables) that SQL cannot run. {@link keyNames} fills them in, oldest row first, inside the
 * transaction that is about to compare a new name, so a name is never compared against rows not
 * yet keyed — whether they predate the migration or were written by an instance still running the
 * old code. When an older row already holds a key or skeleton, the newer row keeps null in that
 * column: two spaces (or users) that clash were both accepted before the rules, and both stay
 * reachable by their exact names; a new name can clash with neither, because the older holds the
 * key. The unique indexes on the columns make the database refuse any second holder.
 *
 * Callers serialise name changes of one scope before calling (spaces: {@link lockSpaceNames};
 * users: the space's row lock), so keying and checking see every committed name.
 */
import { spaces, users, type Database } from '@cipherspace/db';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Transaction } from './job-lock.ts';
import { NAME_KEYS_VERSION, nameKey, nameSkeleton } from './names.ts';

/** Rows keyed per statement while filling in the keys of older rows. */
const KEYING_BATCH_ROWS = 500;

/** Advisory-lock key serialising space creation ("csname" in ASCII); unique within the database. */
const SPACE_NAMES_LOCK_KEY = 0x63_73_6e_61_6d_65;

/** The compared forms of a name, as stored in its row. */
export interface NameKeys {
  key: string;
  skeleton: string;
}

/** How a new name clashes with a stored one: the same name, or one that looks the same. */
export type NameClash = 'same' | 'lookalike';

/** The key and skeleton of `name` (./names.ts). */
export function nameKeysOf(name: string): NameKeys {
  return { key: nameKey(name), skeleton: nameSkeleton(name) };
}

/** Where one table keeps its names, and which rows form one scope of unique names. */
interface NameColumns {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  key: PgColumn;
  skeleton: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  scope: SQL | undefined;
}

const spaceNames: NameColumns = {
  table: spaces,
  id: spaces.id,
  name: spaces.name,
  key: spaces.nameKey,
  skeleton: spaces.nameSkeleton,
  version: spaces.nameKeysVersion,
  createdAt: spaces.createdAt,
  scope: undefined,
};

const usernamesOf = (spaceId: string): NameColumns => ({
  table: users,
  id: users.id,
  name: users.username,
  key: users.usernameKey,
  skeleton: users.usernameSkeleton,
  version: users.nameKeysVersion,
  createdAt: users.createdAt,
  scope: eq(users.spaceId, spaceId),
});

/**
 * Waits for the transaction-scoped lock that serialises space creation on every instance, so two
 * look-alike names created at the same moment cannot both pass {@link spaceNameClash}.
 */
export async function lockSpaceNames(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SPACE_NAMES_LOCK_KEY))})`);
}

/**
 * Fills in the name keys of every space keyed by older rules or none (see the module doc), inside
 * `tx` after {@link lockSpaceNames}. Finds nothing to do once {@link keySpaceNamesAhead} ran.
 */
export function keySpaceNames(tx: Transaction): Promise<void> {
  return keyNames(tx, spaceNames);
}

/**
 * {@link keySpaceNames} in a transaction of its own, before the one that checks and inserts a
 * name: keys filled in stay even when that name is then refused (its transaction rolls back).
 */
export function keySpaceNamesAhead(db: Database): Promise<void> {
  return db.transaction(async (tx) => {
    await lockSpaceNames(tx);
    await keyNames(tx, spaceNames);
  });
}

/**
 * Fills in the username keys of the users of space `spaceId` (see the module doc), inside `tx`
 * after {@link lockSpaceRow}.
 */
export function keyUsernames(tx: Transaction, spaceId: string): Promise<void> {
  return keyNames(tx, usernamesOf(spaceId));
}

/** {@link keyUsernames} in a transaction of its own (as {@link keySpaceNamesAhead}). */
export function keyUsernamesAhead(db: Database, spaceId: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockSpaceRow(tx, spaceId);
    await keyNames(tx, usernamesOf(spaceId));
  });
}

/** Locks space `spaceId`'s row until `tx` ends: serialises the name changes of its users. */
export async function lockSpaceRow(tx: Transaction, spaceId: string): Promise<void> {
  await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, spaceId)).for('update');
}

/** How `keys` clash with the stored space names: 'same', 'lookalike' or null (free). */
export function spaceNameClash(tx: Transaction, keys: NameKeys): Promise<NameClash | null> {
  return nameClash(tx, spaceNames, keys, undefined);
}

/**
 * How `keys` clash with the usernames of space `spaceId`, leaving out user `exceptUserId` (a user
 * renaming themself): 'same', 'lookalike' or null (free).
 */
export function usernameClash(
  tx: Transaction,
  spaceId: string,
  keys: NameKeys,
  exceptUserId?: string,
): Promise<NameClash | null> {
  return nameClash(tx, usernamesOf(spaceId), keys, exceptUserId);
}

async function nameClash(
  db: Transaction,
  columns: NameColumns,
  keys: NameKeys,
  exceptId: string | undefined,
): Promise<NameClash | null> {
  const rows = await db
    .select({ key: columns.key })
    .from(columns.table)
    .where(
      and(
        columns.scope,
        exceptId === undefined ? undefined : ne(columns.id, exceptId),
        or(eq(columns.key, keys.key), eq(columns.skeleton, keys.skeleton)),
      ),
    )
    // Both columns are unique: at most one row holds the key and one the skeleton.
    .limit(2);
  if (rows.length === 0) return null;
  return rows.some((row) => row.key === keys.key) ? 'same' : 'lookalike';
}

async function keyNames(tx: Transaction, columns: NameColumns): Promise<void> {
  const column = (which: PgColumn) => sql.identifier(which.name);
  // Keys of older rules are dropped first, so they cannot block the keys the rules give now.
  await tx.execute(sql`
    update ${columns.table}
    set ${column(columns.key)} = null, ${column(columns.skeleton)} = null,
        ${column(columns.version)} = null
    where ${and(columns.scope, lt(columns.version, NAME_KEYS_VERSION))}`);
  for (;;) {
    const pending = await tx
      .select({ id: columns.id, name: columns.name })
      .from(columns.table)
      .where(and(columns.scope, isNull(columns.version)))
      .orderBy(asc(columns.createdAt), asc(columns.id))
      .limit(KEYING_BATCH_ROWS);
    if (pending.length === 0) return;
    const computed = pending.map((row) => ({
      id: String(row.id),
      ...nameKeysOf(String(row.name)),
    }));
    const held = await tx
      .select({ key: columns.key, skeleton: columns.skeleton })
      .from(columns.table)
      .where(
        and(
          columns.scope,
          or(
            inArray(
              columns.key,
              computed.map((row) => row.key),
            ),
            inArray(
              columns.skeleton,
              computed.map((row) => row.skeleton),
            ),
          ),
        ),
      );
    const keyed = assignNameKeys(computed, held);
    await tx.execute(sql`
      update ${columns.table}
      set ${column(columns.key)} = v.key, ${column(columns.skeleton)} = v.skeleton,
          ${column(columns.version)} = ${NAME_KEYS_VERSION}
      from jsonb_to_recordset(${JSON.stringify(keyed)}::jsonb) as v(id uuid, key text, skeleton text)
      where ${columns.id} = v.id`);
  }
}

/**
 * The keys rows get, oldest first: a key or skeleton already `held` by a stored row, or by an
 * older row of `rows`, is left null for this row (it was accepted before the rules). Pure.
 */
export function assignNameKeys(
  rows: readonly ({ id: string } & NameKeys)[],
  held: readonly { key: unknown; skeleton: unknown }[],
): { id: string; key: string | null; skeleton: string | null }[] {
  const keys = new Set(held.map((row) => row.key));
  const skeletons = new Set(held.map((row) => row.skeleton));
  return rows.map((row) => {
    const key = keys.has(row.key) ? null : row.key;
    const skeleton = skeletons.has(row.skeleton) ? null : row.skeleton;
    keys.add(row.key);
    skeletons.add(row.skeleton);
    return { id: row.id, key, skeleton };
  });
}

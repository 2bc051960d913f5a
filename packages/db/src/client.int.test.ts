import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spaces, toolContents } from './schema.ts';
import { createTestDb, testDriver, type TestDb } from './testing.ts';

describe(`createDb (${testDriver()})`, () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.cleanup();
  });

  it('migrates the schema and answers ping', async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
    const [space] = await handle.db
      .insert(spaces)
      .values({ name: 'Team One', verifierHash: 'h' })
      .returning();
    expect(space?.forceUserPasswords).toBe(true);
    expect(space?.allowSelfRegistration).toBe(false);
  });

  it('stores ciphertext byte-exact and enforces one document per (space, tool)', async () => {
    const [space] = await handle.db
      .insert(spaces)
      .values({ name: 'Team Two', verifierHash: 'h' })
      .returning();
    if (!space) throw new Error('no space');
    const envelope = '{"data":"AAEC/+==","iv":"x","salt":"ü\\u0000"}';
    await handle.db.insert(toolContents).values({
      spaceId: space.id,
      tool: 'kanban',
      encryptedData: envelope,
      contentMetadata: {},
      version: 1,
      snapshotVersion: 1,
    });
    const [row] = await handle.db
      .select()
      .from(toolContents)
      .where(eq(toolContents.spaceId, space.id));
    expect(row?.encryptedData).toBe(envelope);
    await expect(
      handle.db.insert(toolContents).values({
        spaceId: space.id,
        tool: 'kanban',
        encryptedData: 'x',
        contentMetadata: {},
        version: 1,
        snapshotVersion: 1,
      }),
    ).rejects.toThrow();
  });

  it('refuses a second space with the same name', async () => {
    await expect(
      handle.db.insert(spaces).values({ name: 'Team One', verifierHash: 'h' }),
    ).rejects.toThrow();
  });
});

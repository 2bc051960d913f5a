import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createDb } from './client.ts';
import { spaces } from './schema.ts';

describe('createDb on embedded PGlite with a data directory', () => {
  it('keeps data across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-pglite-'));
    try {
      const first = await createDb({ dataDir: dir });
      expect(first.driver).toBe('pglite');
      await first.db.insert(spaces).values({ name: 'Persisted', verifierHash: 'h' });
      await first.close();
      const second = await createDb({ dataDir: dir });
      const rows = await second.db.select().from(spaces).where(eq(spaces.name, 'Persisted'));
      expect(rows).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

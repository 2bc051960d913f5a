/**
 * vitest global setup of the whole workspace run (root vitest.config.ts): writes one migrated
 * PGlite data directory image per run and names it in `TEST_PGLITE_IMAGE`, so that every
 * in-memory test database starts from it (testing.ts createTestDb) instead of running initdb
 * and the migrations again. The image is removed after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGLITE_IMAGE_ENV, writePgliteImage } from './testing.ts';

export async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'cipherspace-pglite-image-'));
  const path = join(dir, 'migrated.tar');
  await writePgliteImage(path);
  // Test workers are created after this and inherit the environment.
  process.env[PGLITE_IMAGE_ENV] = path;
  return () => rmSync(dir, { recursive: true, force: true });
}

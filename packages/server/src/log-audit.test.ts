/**
 * The log audit's search (log-audit.ts) and what the capture counts as a secret
 * (log-capture.ts): found where a log could hold it, never confused with garbage.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { auditLogDir, findLeaks, SecretIndex } from './log-audit.ts';
import { collectSecrets, isSecretLike } from './log-capture.ts';

const TOKEN = 'k7fq2mzx4w5abc3defgh6ijklmnop2qr';
const VERIFIER = 'q83vEjRWeJCrze8BI0VniavN7wEjRWeJq83vEjRWeJA=';
const CIPHERTEXT = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8=';
const IV = 'AAECAwQFBgcICQoL';
const SALT = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const ENVELOPE = JSON.stringify({ data: CIPHERTEXT, iv: IV, salt: SALT });
const SPACE_KEY = 'Sp4ce-Key!long-enough';

describe('SecretIndex', () => {
  const index = new SecretIndex([TOKEN, VERIFIER, CIPHERTEXT.slice(0, 44), SPACE_KEY]);

  it('finds a secret alone, inside a longer run of its alphabet, and escaped in JSON', () => {
    expect(index.findIn(`{"msg":"token ${TOKEN}"}`)).toEqual([TOKEN]);
    expect(index.findIn(`{"url":"/api/ws/x?token=${TOKEN}&session_id=1"}`)).toEqual([TOKEN]);
    expect(index.findIn(JSON.stringify({ body: ENVELOPE }))).toEqual([CIPHERTEXT.slice(0, 44)]);
    expect(index.findIn(`verifier=${VERIFIER}`)).toEqual([VERIFIER]);
  });

  it('finds secrets outside the base64 alphabet by substring', () => {
    expect(index.findIn(`{"key":"${SPACE_KEY}"}`)).toEqual([SPACE_KEY]);
  });

  it('finds nothing in lines without a secret, or with only part of one', () => {
    expect(index.findIn('{"level":30,"msg":"request completed","url":"/api/health"}')).toEqual([]);
    expect(index.findIn(TOKEN.slice(0, 31))).toEqual([]);
    expect(index.findIn(SPACE_KEY.slice(1))).toEqual([]);
  });

  it('counts each secret once', () => {
    expect(new SecretIndex([TOKEN, TOKEN, SPACE_KEY, SPACE_KEY]).size).toBe(2);
  });
});

describe('findLeaks and auditLogDir', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('reports the file and line of every secret, reading the secrets of every server', () => {
    dir = mkdtempSync(join(tmpdir(), 'log-audit-test-'));
    writeFileSync(join(dir, '1-0-server1.secrets'), `${JSON.stringify(TOKEN)}\n`);
    writeFileSync(join(dir, '1-0-client.secrets'), `${JSON.stringify(SPACE_KEY)}\n`);
    writeFileSync(join(dir, '1-0-server1.log'), '{"msg":"ok"}\n{"msg":"fine"}\n');
    writeFileSync(
      join(dir, '2-0-server1.log'),
      `{"msg":"ok"}\n{"auth":"Bearer ${TOKEN}"}\n{"k":"${SPACE_KEY}"}\n`,
    );
    const report = auditLogDir(dir);
    expect(report).toMatchObject({ logFiles: 2, logLines: 5, secrets: 2 });
    expect(report.leaks).toEqual([
      { file: '2-0-server1.log', line: 2, secret: 'k7fq2m…p2qr' },
      { file: '2-0-server1.log', line: 3, secret: 'Sp4ce-…ough' },
    ]);
  });

  it('reports nothing for clean logs, and an empty report for a missing directory', () => {
    expect(findLeaks('x.log', '{"msg":"ok"}\n', new SecretIndex([TOKEN]))).toEqual([]);
    expect(auditLogDir(join(tmpdir(), 'no-such-log-dir-xyz'))).toEqual({
      logFiles: 0,
      logLines: 0,
      secrets: 0,
      leaks: [],
    });
  });
});

describe('what the capture records as a secret', () => {
  const secretsOf = (value: unknown) => {
    const out = new Set<string>();
    collectSecrets(value, out);
    return [...out].sort();
  };

  it('records issued tokens, verifiers, envelope members and CSRF tokens, at any depth', () => {
    expect(
      secretsOf({
        '0': { json: { access_token: TOKEN, user: { id: 'x' } } },
        encrypted_space_name: VERIFIER,
        nested: [{ encrypted_data: ENVELOPE }],
        csrf_token: 'WfY3h2-abcDEF_123xyz789',
      }),
    ).toEqual(
      [CIPHERTEXT.slice(0, 44), IV, SALT, TOKEN, VERIFIER, 'WfY3h2-abcDEF_123xyz789'].sort(),
    );
  });

  it('ignores malformed values and low-entropy garbage that hostile tests send', () => {
    expect(
      secretsOf({
        access_token: 'a'.repeat(32),
        token: 'not a token',
        encrypted_password: 'alice-password',
        encrypted_space_name: 'A'.repeat(43) + '=',
        encrypted_data: '{"data":"x"}',
        username: TOKEN,
      }),
    ).toEqual([]);
    expect(isSecretLike('aaaaaaaaaaaaaaaaaaaaaaaa')).toBe(false);
    expect(isSecretLike(TOKEN)).toBe(true);
  });
});

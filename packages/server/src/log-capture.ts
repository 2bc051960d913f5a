/**
 * Log capture for the log audit (no token, verifier, key or ciphertext in any log line;
 * log-audit.ts). Test support only: `startTestServer` (testing.ts) uses it when `TEST_LOG_DIR`
 * names a directory — the root vitest global setup sets it for every run.
 *
 * Per test server it writes two files into that directory:
 * - `<id>.log`: every log line of the server (pino JSON, one per line), at `trace` unless the
 *   test chose a level;
 * - `<id>.secrets`: every secret that passed through the server, one JSON string per line —
 *   bearer tokens it issued (`access_token` of a login), verifiers (`encrypted_space_name`,
 *   `encrypted_password`), the members of envelopes (`encrypted_data`), CSRF tokens — taken
 *   from request bodies, response bodies and WebSocket messages of REST, tRPC and the raw socket.
 * Space keys never reach a server: the client helpers record those with {@link recordClientSecret}.
 *
 * Only values of the real formats are recorded (an issued token, a valid verifier or envelope)
 * and only if they are not low-entropy, so hostile-input tests that send `'a'.repeat(500)` do not
 * turn their own garbage into "secrets".
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { threadId } from 'node:worker_threads';

import { isEnvelope, isVerifier } from '@cipherspace/crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** The environment variable naming the directory of the captured logs ('off' disables capture). */
export const TEST_LOG_DIR_ENV = 'TEST_LOG_DIR';

/** A session token as the server issues it (services/sessions.ts): 32 lowercase base32 chars. */
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
/** Values with fewer distinct characters are not random enough to be a secret worth hunting. */
const MIN_DISTINCT_CHARS = 8;
/** Envelope members are recorded by at most this many leading characters (iv 16, salt 44). */
const CIPHERTEXT_PREFIX_CHARS = 44;
/** How deep {@link collectSecrets} walks a parsed body (hostile tests send 5000-deep JSON). */
const MAX_WALK_DEPTH = 24;

/** The capture directory, or null when capture is off. */
export function captureDir(): string | null {
  const dir = process.env[TEST_LOG_DIR_ENV];
  return dir && dir !== 'off' ? dir : null;
}

/** Whether `value` is random-looking enough to be recorded as a secret. */
export function isSecretLike(value: string): boolean {
  return value.length >= 16 && new Set(value).size >= MIN_DISTINCT_CHARS;
}

/**
 * The secrets in a parsed JSON value (a request or response body, a WebSocket message), by the
 * field that carries them. Walks nested objects and arrays (tRPC wraps inputs in `{json}`).
 */
export function collectSecrets(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > MAX_WALK_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectSecrets(item, out, depth + 1);
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') secretOfField(key, field, out);
    else collectSecrets(field, out, depth + 1);
  }
}

function secretOfField(key: string, value: string, out: Set<string>): void {
  switch (key) {
    case 'access_token':
    case 'token':
      if (TOKEN_PATTERN.test(value)) add(value, out);
      return;
    case 'encrypted_space_name':
    case 'encrypted_password':
      if (isVerifier(value)) add(value, out);
      return;
    case 'encrypted_data':
      // The members, not the JSON text: a log would hold them escaped. Ciphertext by its first
      // CIPHERTEXT_PREFIX_CHARS characters, which keeps the audit's set of lengths small.
      if (isEnvelope(value)) {
        const members = JSON.parse(value) as Record<string, string>;
        for (const member of Object.values(members))
          add(member.slice(0, CIPHERTEXT_PREFIX_CHARS), out);
      }
      return;
    case 'csrf_token':
      add(value, out);
      return;
    default:
      return;
  }
}

function add(value: string, out: Set<string>): void {
  if (isSecretLike(value)) out.add(value);
}

/** An append-only file of secrets, one JSON string per line, each written once. */
class SecretFile {
  private readonly seen = new Set<string>();
  private fd: number | null;

  constructor(path: string) {
    this.fd = openSync(path, 'a');
  }

  record(secrets: Iterable<string>): void {
    if (this.fd === null) return;
    let text = '';
    for (const secret of secrets) {
      if (this.seen.has(secret)) continue;
      this.seen.add(secret);
      text += `${JSON.stringify(secret)}\n`;
    }
    if (text) writeSync(this.fd, text);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

function fileBase(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  return join(dir, `${process.pid}-${threadId}-${name}`);
}

let clientSecrets: SecretFile | null = null;

/**
 * Records a secret only the client knows (a space key), so the audit hunts for it too. No-op
 * when capture is off or the value is not random-looking.
 */
export function recordClientSecret(value: string): void {
  const dir = captureDir();
  if (!dir || !isSecretLike(value)) return;
  clientSecrets ??= new SecretFile(`${fileBase(dir, 'client')}.secrets`);
  clientSecrets.record([value]);
}

export interface LogCapture {
  /** Where the server logs: the log file, and the test's own stream too when it gave one. */
  stream: NodeJS.WritableStream;
  /** Records the secrets in `app`'s requests, responses and socket messages (before `listen`). */
  watch(app: FastifyInstance): void;
  /** Closes both files; later lines and secrets are dropped. */
  close(): void;
}

let serverCount = 0;

/** Opens the files of one test server, or returns null when capture is off. */
export function openLogCapture(forward?: NodeJS.WritableStream): LogCapture | null {
  const dir = captureDir();
  if (!dir) return null;
  serverCount += 1;
  const base = fileBase(dir, `server${serverCount}-${randomBytes(3).toString('hex')}`);
  let logFd: number | null = openSync(`${base}.log`, 'a');
  const secrets = new SecretFile(`${base}.secrets`);
  const recordJson = (text: string) => {
    const found = new Set<string>();
    try {
      collectSecrets(JSON.parse(text), found);
    } catch {
      return;
    }
    secrets.record(found);
  };
  const recordValue = (value: unknown) => {
    const found = new Set<string>();
    if (typeof value === 'string') {
      recordJson(value);
      return;
    }
    collectSecrets(value, found);
    secrets.record(found);
  };

  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (logFd !== null) writeSync(logFd, chunk);
      forward?.write(chunk);
      callback();
    },
  });

  return {
    stream,
    watch(app) {
      // Parsed JSON bodies of REST; the raw text bodies of tRPC (its parser keeps strings).
      app.addHook('preHandler', (request, _reply, done) => {
        recordValue(request.body);
        done();
      });
      app.addHook('onSend', async (_request, reply, payload) => {
        if (typeof payload === 'string') {
          recordJson(payload);
        } else if (payload instanceof Response) {
          const type = payload.headers.get('content-type') ?? '';
          if (type.includes('json')) recordJson(await payload.clone().text());
        } else if (
          Buffer.isBuffer(payload) &&
          String(reply.getHeader('content-type')).includes('json')
        ) {
          recordJson(payload.toString('utf8'));
        }
        return payload;
      });
      // tRPC over the WebSocket: connectionParams (the token), inputs and results both ways.
      // (The raw socket's messages carry no secrets; its token, in the upgrade URL, was issued
      // by a login response and is recorded there.)
      app.websocketServer.on('connection', (socket: WebSocket, request: IncomingMessage) => {
        if (!request.url?.startsWith('/trpc')) return;
        socket.on('message', (data: Buffer) => recordJson(data.toString('utf8')));
        const send = socket.send.bind(socket) as (...args: unknown[]) => void;
        socket.send = ((...args: unknown[]) => {
          if (typeof args[0] === 'string') recordJson(args[0]);
          send(...args);
        }) as WebSocket['send'];
      });
    },
    close() {
      if (logFd !== null) closeSync(logFd);
      logFd = null;
      secrets.close();
    },
  };
}

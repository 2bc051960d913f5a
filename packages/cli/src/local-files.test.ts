/**
 * The CLI's local files and inputs without a server: environment, secrets, session file,
 * backup file format.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';

import { encryptJson } from '@cipherspace/crypto';
import { tools } from '@cipherspace/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readBackup } from './backup.ts';
import { readEnvironment, type CliEnvironment } from './config.ts';
import { EXIT, NOT_LOGGED_IN_MESSAGE, WRONG_KEY_MESSAGE } from './errors.ts';
import type { CliIo } from './io.ts';
import { readSecret } from './secrets.ts';
import {
  createKeyCheck,
  readSession,
  SESSION_FORMAT,
  verifyKeyCheck,
  writeSession,
  type Session,
} from './session-store.ts';
import { buildContent } from './test-content.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cipherspace-cli-unit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function io(env: Partial<CliEnvironment> = {}): CliIo & { stderrText(): string } {
  let stderr = '';
  return {
    env: {
      server: undefined,
      spaceKey: undefined,
      sourceSpaceKey: undefined,
      password: undefined,
      configHome: dir,
      ...env,
    },
    stdout: { write: () => undefined },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: new PassThrough(),
    cwd: dir,
    now: () => new Date(),
    stderrText: () => stderr,
  };
}

const keySources = (file?: string, env?: string) => ({
  file,
  env,
  envName: 'CIPHERSPACE_SPACE_KEY',
  fileOption: '--space-key-file',
  prompt: 'Space key: ',
});

describe('readEnvironment', () => {
  it('reads the CIPHERSPACE_* variables and follows the XDG base directory rules', () => {
    expect(
      readEnvironment(
        {
          CIPHERSPACE_SERVER: 'https://x.example',
          CIPHERSPACE_SPACE_KEY: 'k',
          CIPHERSPACE_PASSWORD: '',
          XDG_CONFIG_HOME: '/cfg',
        },
        '/home/u',
      ),
    ).toEqual({
      server: 'https://x.example',
      spaceKey: 'k',
      sourceSpaceKey: undefined,
      password: undefined,
      configHome: '/cfg',
    });
    expect(readEnvironment({ XDG_CONFIG_HOME: 'relative' }, '/home/u').configHome).toBe(
      '/home/u/.config',
    );
  });
});

describe('readSecret', () => {
  it('reads a key file without its trailing line break, and warns when others may read it', async () => {
    const file = join(dir, 'key.txt');
    await writeFile(file, ' Spaced Key!1 \n', { mode: 0o644 });
    const shell = io({ spaceKey: 'from-env' });
    await expect(readSecret(shell, keySources('key.txt', 'from-env'))).resolves.toBe(
      ' Spaced Key!1 ',
    );
    expect(shell.stderrText()).toContain('can be read by other users');
  });

  it('falls back to the environment, and without any source (and no terminal) fails with exit 2', async () => {
    await expect(readSecret(io(), keySources(undefined, 'Env-Key!1'))).resolves.toBe('Env-Key!1');
    await expect(readSecret(io(), keySources())).rejects.toMatchObject({
      exitCode: EXIT.usage,
      message: 'No space key given.',
    });
    await expect(readSecret(io(), keySources('missing.txt'))).rejects.toMatchObject({
      exitCode: EXIT.usage,
    });
  });
});

describe('session file', () => {
  const session = async (): Promise<Session> => ({
    format: SESSION_FORMAT,
    version: 1,
    server: 'http://127.0.0.1:3000',
    space: 'Team',
    token: 'tok',
    user: { id: 'u1', username: 'alice' },
    expires_at: '2030-01-01T00:00:00.000Z',
    key_check: await createKeyCheck('Right-Key!1', 'Team'),
  });

  it('is written with mode 0600 in a 0700 folder and read back', async () => {
    const file = join(dir, 'nested', 'cipherspace', 'session.json');
    const stored = await session();
    await writeSession(file, stored);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'nested'))).mode & 0o777).toBe(0o700);
    await expect(readSession(file)).resolves.toEqual(stored);
    expect(await readFile(file, 'utf8')).not.toContain('Right-Key!1');
  });

  it('missing or damaged: exit 5', async () => {
    await expect(readSession(join(dir, 'none.json'))).rejects.toMatchObject({
      exitCode: EXIT.session,
      message: NOT_LOGGED_IN_MESSAGE,
    });
    const damaged = join(dir, 'damaged.json');
    await writeFile(damaged, '{"format":"cipherspace-cli-session"}');
    await expect(readSession(damaged)).rejects.toMatchObject({ exitCode: EXIT.session });
  });

  it('the key check accepts the right key and refuses others with the spec §8 message', async () => {
    const stored = await session();
    await expect(verifyKeyCheck(stored, 'Right-Key!1')).resolves.toBeUndefined();
    await expect(verifyKeyCheck(stored, 'Wrong-Key!1')).rejects.toMatchObject({
      exitCode: EXIT.wrongKey,
      message: WRONG_KEY_MESSAGE,
    });
    // A key check of another space (copied session files) does not pass either.
    const copied = { ...stored, space: 'Other' };
    await expect(verifyKeyCheck(copied, 'Right-Key!1')).rejects.toMatchObject({
      exitCode: EXIT.wrongKey,
    });
  });
});

describe('readBackup', () => {
  const write = async (name: string, value: unknown) => {
    const file = join(dir, name);
    await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };
  const valid = async () => ({
    format: 'cipherspace-backup',
    format_version: 1,
    created_at: '2025-01-01T00:00:00.000Z',
    server: 'http://127.0.0.1:3000',
    space_name: 'Team',
    tools: [
      {
        tool: 'kanban',
        version: 3,
        last_modified: null,
        modified_by: null,
        content_metadata: { version: 3 },
        encrypted_data: await encryptJson(buildContent(tools.kanban, []), 'Right-Key!1'),
      },
    ],
  });

  it('reads a backup of format version 1', async () => {
    const backup = await valid();
    await expect(readBackup(await write('ok.json', backup))).resolves.toEqual(backup);
  });

  it('refuses anything else with exit 2: not JSON, other formats, odd tool ids, duplicates', async () => {
    const backup = await valid();
    const [entry] = backup.tools;
    const cases: [string, unknown][] = [
      ['not-json', '{oops'],
      ['other-format', { ...backup, format: 'zip' }],
      ['newer', { ...backup, format_version: 2 }],
      ['traversal', { ...backup, tools: [{ ...entry, tool: '../../etc/passwd' }] }],
      ['plaintext', { ...backup, tools: [{ ...entry, encrypted_data: '{"a":1}' }] }],
      ['twice', { ...backup, tools: [entry, entry] }],
    ];
    for (const [name, value] of cases) {
      await expect(readBackup(await write(`${name}.json`, value)), name).rejects.toMatchObject({
        exitCode: EXIT.usage,
        message: expect.stringContaining('is not a cipherspace backup') as unknown,
      });
    }
  });
});

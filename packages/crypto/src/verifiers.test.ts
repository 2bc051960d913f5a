import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifierVectors } from '../test/vectors.ts';
import {
  PASSWORD_VERIFIER_SALT,
  PBKDF2_ITERATIONS,
  SPACE_NAME_VERIFIER_SALT,
  VERIFIER_BASE64_CHARS,
} from './constants.ts';
import { derivePasswordVerifier, deriveSpaceNameVerifier, isVerifier } from './verifiers.ts';

function nodeVerifier(kind: 'spaceName' | 'password', spaceKey: string, input: string): string {
  const salt = kind === 'spaceName' ? SPACE_NAME_VERIFIER_SALT : PASSWORD_VERIFIER_SALT;
  return pbkdf2Sync(
    Buffer.from(`${spaceKey}\u0000${input}`, 'utf8'),
    Buffer.from(salt, 'utf8'),
    PBKDF2_ITERATIONS,
    32,
    'sha256',
  ).toString('base64');
}

const derive = { spaceName: deriveSpaceNameVerifier, password: derivePasswordVerifier };

describe('verifier vectors (docs/crypto-vectors.json)', () => {
  it.each(verifierVectors)('$description ($kind): reproduces the verifier', async (vector) => {
    const verifier = await derive[vector.kind](vector.spaceKey, vector.input);
    expect(verifier).toBe(vector.verifier);
    expect(verifier).toHaveLength(VERIFIER_BASE64_CHARS);
    expect(isVerifier(verifier)).toBe(true);
  });

  it.each(verifierVectors)('$description ($kind): node:crypto recomputes it', (vector) => {
    expect(nodeVerifier(vector.kind, vector.spaceKey, vector.input)).toBe(vector.verifier);
  });

  it('covers both kinds and non-ASCII input', () => {
    expect(new Set(verifierVectors.map((vector) => vector.kind))).toEqual(
      new Set(['spaceName', 'password']),
    );
    for (const kind of ['spaceName', 'password'] as const) {
      expect(
        verifierVectors.some(
          (vector) => vector.kind === kind && /[äöüÄÖÜß]/.test(vector.spaceKey + vector.input),
        ),
      ).toBe(true);
    }
  });
});

describe('deriveSpaceNameVerifier / derivePasswordVerifier', () => {
  it('separates the two kinds and binds the space key', async () => {
    const key = 'Correct-Horse-Battery-9!';
    const name = await deriveSpaceNameVerifier(key, 'team');
    expect(await derivePasswordVerifier(key, 'team')).not.toBe(name);
    expect(await deriveSpaceNameVerifier('Correct-Horse-Battery-8!', 'team')).not.toBe(name);
    expect(await deriveSpaceNameVerifier(key, 'team')).toBe(name);
  });

  it('rejects an empty key or a key containing the separator with TypeError', async () => {
    await expect(deriveSpaceNameVerifier('', 'team')).rejects.toThrow(TypeError);
    await expect(derivePasswordVerifier('key\u0000x', 'pw')).rejects.toThrow(TypeError);
  });
});

describe('isVerifier', () => {
  it.each<[string, unknown, boolean]>([
    ['a verifier', 'kTx7gezlwPX3Ta8XvWr8r6TqRW/tzYqBGcccC45O1nY=', true],
    ['32 zero bytes', `${'A'.repeat(43)}=`, true],
    ['31 bytes', `${'A'.repeat(40)}AAA=`.slice(0, 40) + 'AA==', false],
    ['33 bytes', 'A'.repeat(44), false],
    ['non-canonical padding bits', `${'A'.repeat(42)}B=`, false],
    ['missing padding', 'A'.repeat(43), false],
    ['URL-safe alphabet', `${'-'.repeat(42)}A=`, false],
    ['empty string', '', false],
    ['a number', 42, false],
    ['undefined', undefined, false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isVerifier(value)).toBe(expected);
  });
});

/**
 * The session id of a token (Lucia session design): hex SHA-256 of the token's UTF-8 bytes. Ids
 * stored before the hash moved to `node:crypto` were made with `@oslojs/crypto`: both must agree,
 * or every live session would end at the upgrade.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';

import { generateSessionToken, sessionIdFromToken } from './sessions.ts';

describe('sessionIdFromToken', () => {
  it('is the hex SHA-256 of the token (FIPS 180-2 test vector "abc")', () => {
    expect(sessionIdFromToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('gives the id @oslojs/crypto gave for every token, so stored sessions stay valid', () => {
    for (let i = 0; i < 50; i++) {
      const token = generateSessionToken();
      expect(sessionIdFromToken(token)).toBe(
        encodeHexLowerCase(sha256(new TextEncoder().encode(token))),
      );
    }
  });
});

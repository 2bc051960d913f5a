import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECRYPT_FAILED_MESSAGE, WEB_CRYPTO_UNSUPPORTED_MESSAGE } from './constants.ts';
import { decryptJson, encryptJson } from './envelope.ts';
import { generateSpaceKey } from './space-key.ts';
import { assertWebCrypto, hasWebCrypto } from './support.ts';
import { deriveSpaceNameVerifier } from './verifiers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('assertWebCrypto', () => {
  it('passes on Node 20+', () => {
    expect(hasWebCrypto()).toBe(true);
    expect(() => {
      assertWebCrypto();
    }).not.toThrow();
  });

  it('throws the spec message without crypto', () => {
    vi.stubGlobal('crypto', undefined);
    expect(hasWebCrypto()).toBe(false);
    expect(() => {
      assertWebCrypto();
    }).toThrow(new Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE));
  });

  it('throws without crypto.subtle (browser insecure context)', () => {
    const getRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    expect(() => {
      assertWebCrypto();
    }).toThrow(WEB_CRYPTO_UNSUPPORTED_MESSAGE);
  });

  it('makes the operations fail with the documented errors', async () => {
    vi.stubGlobal('crypto', undefined);
    expect(() => generateSpaceKey()).toThrow(WEB_CRYPTO_UNSUPPORTED_MESSAGE);
    await expect(encryptJson({}, 'Abcdefgh1!')).rejects.toThrow(WEB_CRYPTO_UNSUPPORTED_MESSAGE);
    await expect(deriveSpaceNameVerifier('Abcdefgh1!', 'team')).rejects.toThrow(
      WEB_CRYPTO_UNSUPPORTED_MESSAGE,
    );
    const envelope = JSON.stringify({
      data: 'A'.repeat(24),
      iv: 'A'.repeat(16),
      salt: `${'A'.repeat(43)}=`,
    });
    const error: unknown = await decryptJson(envelope, 'Abcdefgh1!').catch(
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({
      name: 'DecryptError',
      message: DECRYPT_FAILED_MESSAGE,
      cause: new Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE),
    });
  });
});

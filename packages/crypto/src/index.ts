/**
 * @cipherspace/crypto — browser and Node (≥ 20) Web Crypto primitives of Cipherspace: the content
 * envelope, the pre-derived content-key pool, the operations key and operation envelope (no PBKDF2
 * for receivers), the space-name and password verifiers, space-key rules, the derived-key cache,
 * secret wrapping under a device key and the iterated SHA-256 of the crypto page. No transport, no
 * storage. Formats byte for byte: ../README.md. Spec §5 Validation rules, §9 Encryption.
 */
export * from './constants.ts';
export { iteratedSha256 } from './digest.ts';
export { bytesToBase64, base64ToBytes } from './encoding.ts';
export {
  DecryptError,
  decryptJson,
  encryptJson,
  encryptJsonWithParams,
  isEnvelope,
  jsonText,
  parseEnvelope,
  type CryptoOptions,
  type EnvelopeParams,
  type ParsedEnvelope,
} from './envelope.ts';
export { hasInvisibleCharacters, isSingleScript, removeInvisibleCharacters } from './name-rules.ts';
export { createKeyCache, defaultKeyCache, type KeyCache, type KeyCacheStats } from './key-cache.ts';
export {
  createEnvelopeKeyPool,
  type EnvelopeKeyPool,
  type EnvelopeKeyPoolOptions,
  type EnvelopeKeyPoolStats,
} from './key-pool.ts';
// deriveOperationsKeyBytes, importOperationsKey and operationsKeySalt stay internal (test vectors).
export {
  createOperationsKeyCache,
  decryptOperation,
  defaultOperationsKeyCache,
  deriveOperationsKey,
  encryptOperation,
  encryptOperationWithParams,
  isOperationEnvelope,
  parseOperationEnvelope,
  type OperationEnvelopeParams,
  type OperationsKey,
  type OperationsKeyCache,
  type OperationsKeyCacheStats,
  type OperationsKeyOptions,
  type ParsedOperationEnvelope,
} from './operations.ts';
export {
  SPACE_NAME_PATTERN,
  checkHexKeyStrength,
  checkSpaceKey,
  generateSpaceKey,
  validateSpaceName,
  type HexKeyStrength,
  type SpaceKeyCheck,
  type SpaceKeyChecks,
  type SpaceNameValidation,
} from './space-key.ts';
export { UnwrapError, generateWrappingKey, unwrapSecret, wrapSecret } from './secret-wrap.ts';
export { assertWebCrypto, hasWebCrypto, type WebCryptoKey } from './support.ts';
export { deriveSpaceNameVerifier, derivePasswordVerifier, isVerifier } from './verifiers.ts';

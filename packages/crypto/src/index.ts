/**
 * @cipherspace/crypto — browser and Node (≥ 20) Web Crypto primitives of Cipherspace: the content
 * envelope, the space-name and password verifiers, space-key rules and the derived-key cache. No
 * transport, no storage. Formats byte for byte: ../README.md. Spec §5 Validation rules, §9
 * Encryption.
 */
export * from './constants.ts';
export { bytesToBase64, base64ToBytes } from './encoding.ts';
export {
  DecryptError,
  decryptJson,
  encryptJson,
  encryptJsonWithParams,
  isEnvelope,
  parseEnvelope,
  type CryptoOptions,
  type EnvelopeParams,
  type ParsedEnvelope,
} from './envelope.ts';
export { createKeyCache, defaultKeyCache, type KeyCache, type KeyCacheStats } from './key-cache.ts';
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
export { assertWebCrypto, hasWebCrypto, type WebCryptoKey } from './support.ts';
export { deriveSpaceNameVerifier, derivePasswordVerifier, isVerifier } from './verifiers.ts';

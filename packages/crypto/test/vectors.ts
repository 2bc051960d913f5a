import rawVectors from '../../../docs/crypto-vectors.json' with { type: 'json' };

/** One envelope vector of docs/crypto-vectors.json; see README.md "Test vectors". */
export interface EnvelopeVector {
  description: string;
  spaceKey: string;
  plaintext: unknown;
  plaintextJson: string;
  saltHex: string;
  ivHex: string;
  aesKeyHex: string;
  envelope: string;
}

/** One verifier vector of docs/crypto-vectors.json. */
export interface VerifierVector {
  description: string;
  kind: 'spaceName' | 'password';
  spaceKey: string;
  input: string;
  verifier: string;
}

/** One operations-key vector of docs/crypto-vectors.json; see README.md "Operations key". */
export interface OperationsKeyVector {
  description: string;
  spaceKey: string;
  spaceName: string;
  keySaltHex: string;
  operationsKeyHex: string;
}

/** One operation-envelope vector of docs/crypto-vectors.json; see README.md "Operation envelope". */
export interface OperationEnvelopeVector {
  description: string;
  spaceKey: string;
  spaceName: string;
  operationsKeyHex: string;
  plaintext: unknown;
  plaintextJson: string;
  saltHex: string;
  ivHex: string;
  aesKeyHex: string;
  envelope: string;
}

function isVerifierKind(kind: string): kind is VerifierVector['kind'] {
  return kind === 'spaceName' || kind === 'password';
}

/** The envelope vectors, typed. */
export const envelopeVectors: readonly EnvelopeVector[] = rawVectors.envelopes;

/** The verifier vectors, typed (throws at import if a `kind` is unknown). */
export const verifierVectors: readonly VerifierVector[] = rawVectors.verifiers.map((vector) => {
  if (!isVerifierKind(vector.kind)) {
    throw new Error(`Unknown verifier kind ${vector.kind}`);
  }
  return { ...vector, kind: vector.kind };
});

/** The operations-key vectors, typed. */
export const operationsKeyVectors: readonly OperationsKeyVector[] = rawVectors.operationsKeys;

/** The operation-envelope vectors, typed. */
export const operationEnvelopeVectors: readonly OperationEnvelopeVector[] =
  rawVectors.operationEnvelopes;

/** Bytes of a lowercase or uppercase hex string (test helper; no validation beyond even length). */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) {
    throw new Error('odd hex length');
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

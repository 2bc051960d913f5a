/**
 * What the envelope worker (./envelope.worker.ts) does with a message: serialises and encrypts a
 * whole tool content's JSON text into the content envelope v1 of `@cipherspace/crypto` (spec §9), off the
 * page's main thread, where a 5,000-card board (~2.4 MB of JSON) would block it for 100+ ms. A
 * pure module, so tests run it without a worker; the page side is ./envelope-client.ts.
 */
import { createEnvelopeKeyPool, type EnvelopeKeyPool, type KeyCache } from '@cipherspace/crypto';

import type { SnapshotUpload } from './content-api-http.ts';

/**
 * A message to the worker, answered by one {@link EnvelopeAnswer} with the same `id`:
 * `encrypt` a content's JSON text (`jsonText` of `@cipherspace/crypto`) with `spaceKey`, or
 * `prepare` a pre-derived key for the next encryption (idle time), or `upload` a snapshot. The
 * page sends text, not the object: serialising a 5,000-card board takes ~5 ms, its structured
 * clone 15–30 ms; and a request body of 3.2 MB held the page's thread ~50 ms in `fetch`.
 */
export type EnvelopeRequest =
  | { kind: 'encrypt'; id: number; spaceKey: string; json: string }
  | { kind: 'prepare'; id: number; spaceKey: string }
  | ({ kind: 'upload'; id: number } & SnapshotUpload);

/**
 * The answer to the request `id`: `encrypted` with the envelope text (byte for byte what
 * `encryptJson` writes), `prepared`, `uploaded` (the server stored the snapshot), or `failed`
 * with the error's text (an empty space key, no Web Crypto, an upload the server refused or
 * could not be sent).
 */
export type EnvelopeAnswer =
  | { kind: 'encrypted'; id: number; envelope: string }
  | { kind: 'prepared'; id: number }
  | { kind: 'uploaded'; id: number }
  | { kind: 'failed'; id: number; error: string };

/** Options of {@link createEnvelopeHandler}. */
export interface EnvelopeHandlerOptions {
  /** Where derived keys are kept (default: the crypto package's `defaultKeyCache`). */
  cache?: KeyCache;
  /** Sends an `upload` request's snapshot (none: such requests fail). */
  upload?: (upload: SnapshotUpload) => Promise<void>;
}

/**
 * A handler of {@link EnvelopeRequest}s that keeps one key pool (`createEnvelopeKeyPool`) for the
 * space key last asked for, so a key is derived once per salt and the next one ahead of time;
 * another space key replaces it (a tab works in one space at a time). Never rejects: errors are
 * `failed` answers.
 */
export function createEnvelopeHandler(
  options: EnvelopeHandlerOptions = {},
): (request: EnvelopeRequest) => Promise<EnvelopeAnswer> {
  let current: { spaceKey: string; pool: EnvelopeKeyPool } | null = null;
  const poolFor = (spaceKey: string): EnvelopeKeyPool => {
    if (current?.spaceKey !== spaceKey) {
      current?.pool.clear();
      current = { spaceKey, pool: createEnvelopeKeyPool(spaceKey, options) };
    }
    return current.pool;
  };
  return async (request) => {
    try {
      switch (request.kind) {
        case 'encrypt':
          return {
            kind: 'encrypted',
            id: request.id,
            envelope: await poolFor(request.spaceKey).encryptText(request.json),
          };
        case 'prepare':
          await poolFor(request.spaceKey).prepare();
          return { kind: 'prepared', id: request.id };
        case 'upload': {
          if (!options.upload) throw new Error('This worker uploads nothing');
          const { id, token, csrf, input } = request;
          await options.upload({ token, csrf, input });
          return { kind: 'uploaded', id };
        }
        default:
          return assertNever(request);
      }
    } catch (error) {
      return { kind: 'failed', id: request.id, error: String(error) };
    }
  };
}

function assertNever(value: never): never {
  throw new Error(`Unknown envelope request: ${JSON.stringify(value)}`);
}

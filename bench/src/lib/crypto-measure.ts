/**
 * The crypto measurements, run as they are in Node and — bundled into a page — in Chromium:
 * only `@cipherspace/crypto`, Web Crypto, `fetch` and `performance` (no Node module).
 */
import { createKeyCache, decryptJson, encryptJson, parseEnvelope } from '@cipherspace/crypto';

/** Timings of one document size, in ms (medians over the iterations). */
export interface CryptoTimings {
  /** Bytes of the document's JSON. */
  bytes: number;
  /** encryptJson: a fresh salt per save, so it always derives a key (PBKDF2) — cache or not. */
  encryptMs: number;
  /** decryptJson with an empty key cache: PBKDF2 + AES-GCM + parsing. */
  decryptColdMs: number;
  /** decryptJson with the key already cached. */
  decryptWarmMs: number;
  /** Bare baseline of the warm decrypt: AES-GCM with the key in hand on decoded bytes + JSON.parse. */
  bareDecryptMs: number;
}

function medianOf(samples: number[]): number {
  const sorted = samples.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Shortest sample, in ms: browsers coarsen `performance.now()` (Chromium to 0.1 ms without
 * cross-origin isolation), so a sample repeats a fast operation until it lasts this long.
 */
const MIN_SAMPLE_MS = 5;
/** Most repetitions in one sample. */
const MAX_REPEAT = 1000;

/** Median duration of `run` in ms over `iterations` samples (each of one or more runs). */
async function timed(iterations: number, run: () => Promise<unknown>): Promise<number> {
  const probeStart = performance.now();
  await run();
  const probe = performance.now() - probeStart;
  const repeat =
    probe >= MIN_SAMPLE_MS
      ? 1
      : Math.min(
          MAX_REPEAT,
          Math.ceil(MIN_SAMPLE_MS / Math.max(probe, MIN_SAMPLE_MS / MAX_REPEAT)),
        );
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    for (let r = 0; r < repeat; r++) await run();
    samples.push((performance.now() - start) / repeat);
  }
  return medianOf(samples);
}

/**
 * Measures encrypt/decrypt of each document (given as its JSON text) `iterations` times.
 * @throws when a round trip does not give the document back.
 */
export async function measureCrypto(
  documentsJson: readonly string[],
  spaceKey: string,
  iterations: number,
): Promise<CryptoTimings[]> {
  const results: CryptoTimings[] = [];
  for (const json of documentsJson) {
    const document: unknown = JSON.parse(json);
    const envelope = await encryptJson(document, spaceKey, { cache: createKeyCache() });
    const back = await decryptJson(envelope, spaceKey, { cache: createKeyCache() });
    if (JSON.stringify(back) !== json)
      throw new Error('the crypto round trip changed the document');

    const encryptMs = await timed(iterations, () =>
      encryptJson(document, spaceKey, { cache: createKeyCache() }),
    );
    const decryptColdMs = await timed(iterations, () =>
      decryptJson(envelope, spaceKey, { cache: createKeyCache() }),
    );
    const warm = createKeyCache();
    await decryptJson(envelope, spaceKey, { cache: warm });
    const decryptWarmMs = await timed(iterations, () =>
      decryptJson(envelope, spaceKey, { cache: warm }),
    );
    const { data, iv, salt } = parseEnvelope(envelope);
    const key = await warm.getKey(spaceKey, salt);
    const decoder = new TextDecoder();
    const bareDecryptMs = await timed(iterations, async () => {
      const plain = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data);
      return JSON.parse(decoder.decode(plain)) as unknown;
    });
    results.push({
      bytes: new TextEncoder().encode(json).length,
      encryptMs,
      decryptColdMs,
      decryptWarmMs,
      bareDecryptMs,
    });
  }
  return results;
}

/** Where a page opens a tool from (same origin). */
export interface ToolOpenTarget {
  token: string;
  spaceName: string;
  tool: string;
  spaceKey: string;
}

/**
 * Opens a tool as the web app does — `content.get` over tRPC's HTTP batch link, then
 * decryptJson — `iterations` times with an empty key cache (a first visit) and `iterations`
 * times with the key cached (reopening it); medians in ms, and of the reopening the part spent
 * in decryptJson (the rest is the request and parsing its response).
 */
export async function measureToolOpen(
  target: ToolOpenTarget,
  iterations: number,
): Promise<{ coldMs: number; warmMs: number; warmDecryptMs: number; bytes: number }> {
  const input = encodeURIComponent(
    JSON.stringify({ 0: { json: { space_name: target.spaceName, tool: target.tool } } }),
  );
  let bytes = 0;
  const decryptSamples: number[] = [];
  const open = async (cache: ReturnType<typeof createKeyCache>) => {
    const response = await fetch(`/trpc/content.get?batch=1&input=${input}`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    if (!response.ok) throw new Error(`content.get answered ${response.status}`);
    const text = await response.text();
    bytes = text.length;
    const [first] = JSON.parse(text) as [
      { result?: { data?: { json?: { encrypted_data?: string } } } },
    ];
    const envelope = first.result?.data?.json?.encrypted_data;
    if (typeof envelope !== 'string') throw new Error('content.get sent no envelope');
    const start = performance.now();
    const document: unknown = await decryptJson(envelope, target.spaceKey, { cache });
    decryptSamples.push(performance.now() - start);
    return document;
  };
  const coldMs = await timed(iterations, () => open(createKeyCache()));
  const warm = createKeyCache();
  await open(warm);
  decryptSamples.length = 0;
  const warmMs = await timed(iterations, () => open(warm));
  return { coldMs, warmMs, warmDecryptMs: medianOf(decryptSamples), bytes };
}

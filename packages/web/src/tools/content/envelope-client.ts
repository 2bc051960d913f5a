/**
 * The page's side of the envelope worker (./envelope.worker.ts): a tool's whole content goes
 * there as its JSON text and comes back as its content envelope, so encrypting a large board
 * (~2.4 MB of JSON for 5,000 cards) no longer blocks the main thread. The page serialises it
 * (~5 ms at 5,000 cards): a string crosses to the worker in 1–4 ms, the object's structured
 * clone took 15–30 ms.
 * The space key goes with it: the worker is the page's own and the key never leaves the browser.
 * Whatever the worker does not do (no workers, a failed worker, a value JSON cannot represent)
 * answers null, and the caller encrypts in the page (./content-transport.ts `spaceKeyCodec`).
 */
import { jsonText } from '@cipherspace/crypto';

import type { SnapshotUpload } from './content-api-http.ts';
import type { EnvelopeAnswer, EnvelopeRequest } from './envelope-handler.ts';

/** Encryption in a worker; null answers mean "not done there: encrypt in the page". */
export interface EnvelopeWorkerClient {
  /**
   * The content envelope v1 of `value` under `spaceKey` (spec §9, a fresh salt and IV), made in
   * the worker; null when there is no worker, it failed, or JSON cannot represent `value`
   * (encrypting in the page then reports the value's error). Never rejects.
   */
  encrypt(spaceKey: string, value: unknown): Promise<string | null>;
  /**
   * Has the worker derive the key of the next envelope for `spaceKey` ahead of time (PBKDF2,
   * 100,000 iterations): true when it did, false as for `encrypt`. Never rejects.
   */
  prepare(spaceKey: string): Promise<boolean>;
  /**
   * Has the worker send `upload`'s snapshot (`content.snapshot`), so the page's thread never
   * holds its request body: true when the server stored it, false when there is no worker, the
   * server refused it or it could not be sent (the page may send it itself). Never rejects.
   */
  upload(upload: SnapshotUpload): Promise<boolean>;
}

/** A request before the client numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * A client of the worker that `start` starts on the first request (`start` answering null or
 * throwing: there is none, every request answers null). A worker that reports an error (its
 * code did not load, it crashed, an answer could not be read) is ended and not started again:
 * the requests waiting for it and every later one answer null.
 */
export function createEnvelopeWorkerClient(start: () => Worker | null): EnvelopeWorkerClient {
  let worker: Worker | null = null;
  let unavailable = false;
  let nextId = 1;
  const waiting = new Map<number, (answer: EnvelopeAnswer | null) => void>();

  const fail = () => {
    unavailable = true;
    worker?.terminate();
    worker = null;
    for (const settle of waiting.values()) settle(null);
    waiting.clear();
  };

  const running = (): Worker | null => {
    if (worker || unavailable) return worker;
    try {
      worker = start();
    } catch {
      worker = null;
    }
    if (!worker) {
      unavailable = true;
      return null;
    }
    worker.onmessage = (event: MessageEvent<EnvelopeAnswer>) => {
      const settle = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      settle?.(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail();
    };
    worker.onmessageerror = fail;
    return worker;
  };

  const ask = (request: Unnumbered<EnvelopeRequest>): Promise<EnvelopeAnswer | null> => {
    const target = running();
    if (!target) return Promise.resolve(null);
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      try {
        target.postMessage({ ...request, id });
      } catch {
        waiting.delete(id);
        resolve(null);
      }
    });
  };

  return {
    async encrypt(spaceKey, value) {
      let json: string;
      try {
        json = jsonText(value);
      } catch {
        return null;
      }
      const answer = await ask({ kind: 'encrypt', spaceKey, json });
      return answer?.kind === 'encrypted' ? answer.envelope : null;
    },
    async prepare(spaceKey) {
      return (await ask({ kind: 'prepare', spaceKey }))?.kind === 'prepared';
    },
    async upload(upload) {
      return (await ask({ kind: 'upload', ...upload }))?.kind === 'uploaded';
    },
  };
}

let tabClient: EnvelopeWorkerClient | null = null;

/**
 * The tab's envelope worker client (one worker per tab, started on first use). None where the
 * browser has no workers (jsdom, Node), nor inside a worker, which is off the page's thread
 * already (the offline sync's replay).
 */
export function tabEnvelopeWorker(): EnvelopeWorkerClient {
  return (tabClient ??= createEnvelopeWorkerClient(() =>
    typeof Worker === 'undefined' || typeof document === 'undefined'
      ? null
      : new Worker(new URL('./envelope.worker.ts', import.meta.url), {
          type: 'module',
          name: 'cipherspace-envelope',
        }),
  ));
}

/**
 * The crypto benchmark's page script (bundled with esbuild and served by our server): exposes
 * the measurements of ../lib/crypto-measure.ts to the benchmark as `globalThis.cipherspaceBench`.
 */
import { measureCrypto, measureToolOpen } from '../lib/crypto-measure.ts';

Object.assign(globalThis, { cipherspaceBench: { measureCrypto, measureToolOpen } });

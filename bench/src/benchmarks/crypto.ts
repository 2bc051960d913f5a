/**
 * crypto: encrypt and decrypt of 10 KB, 100 KB and 1 MB documents in Node and in headless Chromium,
 * with and without the derived-key cache; and opening a tool in Chromium (content.get + decrypt of
 * 1 MB) the first time and again. Goals: first open ≤ 150 ms, repeat ≤ 20 ms. Baseline of the
 * cached decrypt: AES-GCM on the decoded bytes with the key in hand plus JSON.parse — what no
 * envelope format can avoid.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { encryptJson } from '@cipherspace/crypto';

import type { Benchmark, BenchContext } from '../lib/benchmark.ts';
import { bundleForBrowser } from '../lib/bundle.ts';
import { launchChromium } from '../lib/chromium.ts';
import {
  measureCrypto,
  type CryptoTimings,
  type ToolOpenTarget,
  type measureToolOpen,
} from '../lib/crypto-measure.ts';
import { createThrowawayDatabase } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { startOurServer } from '../lib/servers.ts';
import { documentOfSize, saveContent, setUpSpace, BENCH_SPACE_KEY } from '../lib/spaces.ts';

const KB = 1024;
const SIZES = [10 * KB, 100 * KB, 1024 * KB];
/** Documents are at least their nominal size (a few hundred bytes more, to end on a whole card). */
const SIZE_LABELS = ['10 KB', '100 KB', '1 MB'];
const OPEN_GOAL_MS = 150;
const REOPEN_GOAL_MS = 20;

/** What the page script exposes (src/browser/crypto-page.ts). */
interface PageBench {
  measureCrypto: typeof measureCrypto;
  measureToolOpen: typeof measureToolOpen;
}

function timingFigures(runtime: string, timings: CryptoTimings[]): Figure[] {
  return timings.flatMap((t, index) => {
    const size = SIZE_LABELS[index] ?? `${Math.round(t.bytes / KB)} KB`;
    return [
      {
        name: `${runtime}, ${size} — encrypt (derives a key)`,
        value: t.encryptMs,
        unit: 'ms' as const,
      },
      {
        name: `${runtime}, ${size} — decrypt, key not cached`,
        value: t.decryptColdMs,
        unit: 'ms' as const,
      },
      {
        name: `${runtime}, ${size} — decrypt, key cached`,
        value: t.decryptWarmMs,
        unit: 'ms' as const,
        baseline: { value: t.bareDecryptMs, label: 'AES-GCM + JSON.parse' },
      },
    ];
  });
}

export const crypto: Benchmark = {
  name: 'crypto',
  summary: 'encrypt/decrypt 10 KB–1 MB in Node and Chromium, with/without key cache; tool open',
  async run(context: BenchContext) {
    const iterations = context.smoke ? 1 : 9;
    const documents = SIZES.map((bytes) => JSON.stringify(documentOfSize(bytes)));

    context.log('crypto: Node');
    const nodeTimings = await measureCrypto(documents, BENCH_SPACE_KEY, iterations);

    const pageDir = mkdtempSync(join(tmpdir(), 'cs-bench-crypto-'));
    const removePage = context.defer(() =>
      Promise.resolve(rmSync(pageDir, { recursive: true, force: true })),
    );
    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    try {
      await bundleForBrowser(
        fileURLToPath(new URL('../browser/crypto-page.ts', import.meta.url)),
        join(pageDir, 'crypto-page.js'),
      );
      writeFileSync(
        join(pageDir, 'index.html'),
        '<!doctype html>\n<html><head><meta charset="utf-8"><title>crypto bench</title>' +
          '<script type="module" src="/crypto-page.js"></script></head><body></body></html>\n',
      );
      const server = await startOurServer({ databaseUrl: database.url, webDistDir: pageDir });
      const stopServer = context.defer(() => server.close());
      const browser = await launchChromium(context.config.chromiumPath);
      const closeBrowser = context.defer(() => browser.close());
      try {
        const space = await setUpSpace(server.url, ['alice'], 'Crypto');
        const [alice] = space.members;
        if (!alice) throw new Error('space set-up failed');
        const largest = documents.at(-1) ?? '{}';
        const envelope = await encryptJson(JSON.parse(largest), space.key);
        await saveContent(server.url, alice.token, space.name, 'kanban', envelope, 0);

        const page = await browser.newPage();
        await page.goto(`${server.url}/`);
        await page.waitForFunction(() => 'cipherspaceBench' in globalThis);
        context.log(`crypto: Chromium ${browser.version()}`);
        const chromiumTimings = await page.evaluate(
          ({ documents, key, iterations }) =>
            (
              globalThis as unknown as { cipherspaceBench: PageBench }
            ).cipherspaceBench.measureCrypto(documents, key, iterations),
          { documents, key: space.key, iterations },
        );
        const target: ToolOpenTarget = {
          token: alice.token,
          spaceName: space.name,
          tool: 'kanban',
          spaceKey: space.key,
        };
        const open = await page.evaluate(
          ({ target, iterations }) =>
            (
              globalThis as unknown as { cipherspaceBench: PageBench }
            ).cipherspaceBench.measureToolOpen(target, iterations),
          { target, iterations: Math.max(iterations, 3) },
        );

        const figures: Figure[] = [
          ...timingFigures('Node', nodeTimings),
          ...timingFigures('Chromium', chromiumTimings),
          {
            name: `Chromium — tool open, 1 MB (content.get + decrypt, key not cached)`,
            value: open.coldMs,
            unit: 'ms',
            goal: { op: '<=', bound: OPEN_GOAL_MS },
          },
          {
            name: 'Chromium — tool open again (key cached)',
            value: open.warmMs,
            unit: 'ms',
            goal: { op: '<=', bound: REOPEN_GOAL_MS },
          },
        ];
        return {
          figures,
          notes: [
            `medians of ${iterations} samples (fast operations repeated within a sample, as Chromium coarsens its clock to 0.1 ms); documents are Kanban boards of ${SIZE_LABELS.join(', ')} of JSON; Node ${process.version}, Chromium ${browser.version()} (headless, Debian's package) with @cipherspace/crypto bundled by esbuild. encryptJson draws a fresh salt per save (spec §9), so every encrypt derives a key (PBKDF2, 100,000 iterations) whether or not a cache is used; "key not cached" decrypts with an empty cache, "key cached" with the envelope's key already derived. Tool open: same-origin fetch of \`/trpc/content.get\` (as the web app's tRPC link) from our server on loopback, then decrypt; of the repeated open ${open.warmDecryptMs.toFixed(1)} ms is decryptJson, the rest the request and parsing its ${Math.round(open.bytes / KB)} KB answer`,
          ],
        };
      } finally {
        await closeBrowser();
        await stopServer();
      }
    } finally {
      await dropDatabase();
      await removePage();
    }
  },
};

// How long this machine takes for a fixed single-threaded workload, in ms (the best of five
// rounds): native crypto (PBKDF2) and plain JavaScript (JSON of a 1 MB board). `.ci/run` scales
// its time budget by it, so a slower machine is not failed for being slower (docs/testing.md).
import { pbkdf2Sync } from 'node:crypto';

const board = {
  phases: Array.from({ length: 5 }, (_, phase) => ({
    id: `p${String(phase)}`,
    issues: Array.from({ length: 400 }, (_, issue) => ({
      id: `i${String(phase)}-${String(issue)}`,
      title: `Card ${String(issue)}`,
      description: 'Steps to reproduce. '.repeat(20),
      tags: ['a', 'b'],
    })),
  })),
};

let best = Infinity;
for (let round = 0; round < 5; round++) {
  const start = performance.now();
  pbkdf2Sync('cipherspace', 'ci-calibration', 200_000, 32, 'sha256');
  for (let i = 0; i < 20; i++) JSON.parse(JSON.stringify(board));
  best = Math.min(best, performance.now() - start);
}
console.log(Math.round(best));

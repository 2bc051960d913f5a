/** Every benchmark of `pnpm bench`, in the order a full run takes them. */
import type { Benchmark } from '../lib/benchmark.ts';
import { bodyAttack } from './body-attack.ts';
import { crossInstance } from './cross-instance.ts';
import { crypto } from './crypto.ts';
import { fanout } from './fanout.ts';
import { live } from './live.ts';
import { offline } from './offline.ts';
import { search } from './search.ts';
import { sockets } from './sockets.ts';
import { throughput } from './throughput.ts';
import { web } from './web.ts';

export const BENCHMARKS: readonly Benchmark[] = [
  fanout,
  crossInstance,
  throughput,
  sockets,
  crypto,
  web,
  live,
  offline,
  search,
  bodyAttack,
];

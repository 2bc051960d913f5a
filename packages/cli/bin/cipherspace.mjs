#!/usr/bin/env node
// `cipherspace`: registers tsx's loader, then runs src/main.ts, so the CLI works from a fresh
// clone without a build step (Node 20 cannot run TypeScript by itself). docs/cli.md.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
await main();

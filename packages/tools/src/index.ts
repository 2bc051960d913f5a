/**
 * `@cipherspace/tools`: every tool's content, rules and named deterministic operations (spec
 * §3–§5, §8), pure TypeScript for the browser, Node, the CLI and third-party clients. The
 * registry and the operation wire format are here; each tool's own API is a subpath export
 * (`@cipherspace/tools/tracker`, `/bulletin`, `/poker`, `/randomizer`, `/diagrams`).
 */
export * from './shared.ts';
export * from './tool.ts';
export * from './operation.ts';
export * from './registry.ts';
export * from './metadata.ts';
export * from './patch.ts';
export * from './edits.ts';
export * from './activity.ts';
export * from './content-problem.ts';

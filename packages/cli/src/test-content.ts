/**
 * Tool content for the CLI's tests, built with `@cipherspace/tools` the way the app builds it:
 * the tool's default content (spec §3 Defaults), then named operations, each serialised to the
 * wire format (`{v, tool, name, args, id, at, by}`), read back from JSON and applied by
 * `applyAll` of `@cipherspace/sync`. The tests never write a tool's content shape by hand, except
 * to show what happens to shapes the app would not produce.
 */
import {
  operationContext,
  parseOperation,
  serializeOperation,
  type NamedOperation,
  type ToolDefinition,
} from '@cipherspace/tools';
import { applyAll } from '@cipherspace/sync';
import type { TrackerContent } from '@cipherspace/tools/tracker';

/** One step of {@link buildContent}: an operation, or a function of the content so far giving one. */
export type BuildStep<C, Op> = Op | ((content: C) => Op);

/** Where {@link buildContent} starts: the first timestamp and the author of every operation. */
export interface BuildOptions {
  /** ISO 8601 time of the default content; operation n is made n minutes later. */
  start?: string;
  /** The user name in every operation's `by` (and wherever an operation records its author). */
  by?: string;
}

/** The default `start` of {@link buildContent}. */
export const BUILD_START = '2025-01-02T09:00:00.000Z';

const MINUTE_MS = 60_000;

/**
 * `tool`'s default content with `steps` applied in order through the serialised operation
 * format. Ids are deterministic: the default content's come from `<tool>-default` (`:1`, `:2`…),
 * operation n has the id `<tool>-op-n` (so an issue added by operation 3 of kanban has the id
 * `kanban-op-3`) and the time `start` + n minutes.
 * @throws whatever the tool throws when an operation is malformed or refused by a rule.
 */
export function buildContent<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  steps: readonly NoInfer<BuildStep<C, Op>>[],
  options: BuildOptions = {},
): C {
  const start = Date.parse(options.start ?? BUILD_START);
  const name = tool.metadata.name;
  let content = tool.defaultContent(
    operationContext({ id: `${name}-default`, at: new Date(start).toISOString() }),
  );
  steps.forEach((step, index) => {
    const op = typeof step === 'function' ? step(content) : step;
    const serialised = tool.createOperation(op, {
      id: `${name}-op-${index + 1}`,
      at: new Date(start + (index + 1) * MINUTE_MS).toISOString(),
      by: options.by ?? 'alice',
    });
    const received = parseOperation(JSON.parse(serializeOperation(serialised)));
    content = applyAll(tool, content, [received]);
  });
  return content;
}

/**
 * The id of the phase named `name` on `board`.
 * @throws Error when the board has no such phase (a mistake in the test).
 */
export function phaseId(board: TrackerContent, name: string): string {
  const phase = board.phases.find((candidate) => candidate.name === name);
  if (!phase) throw new Error(`test board has no phase "${name}"`);
  return phase.id;
}

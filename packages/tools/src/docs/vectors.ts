/**
 * The operation test vectors (docs/operation-vectors.json): for every operation of every tool
 * the content before, the operation, the context its apply used and the content after (or the
 * DomainError code it throws), computed with the real `apply` from the hand-written inputs of
 * ./vector-fixtures.ts. The format is described at the top of docs/operations.md
 * ({@link VECTORS_FORMAT}).
 */
import type { ToolName } from '../metadata.ts';
import type { Operation } from '../operation.ts';
import { getTool } from '../registry.ts';
import type { ToolDefinition } from '../tool.ts';
import { VECTOR_FIXTURES, type VectorFixture } from './vector-fixtures.ts';

/** The repository path of the vectors file. */
export const VECTORS_FILE = 'docs/operation-vectors.json';

/** The version of the vectors file format. */
export const VECTORS_FORMAT_VERSION = 1;

/** The `{id, at, by}` of the serialised operation: what its apply takes ids, time and author from. */
export interface VectorContext {
  id: string;
  at: string;
  by: string;
}

/** One test vector. Exactly one of `contentAfter` and `error` is present. */
export interface OperationVector {
  tool: ToolName;
  /** The operation's name (= `operation.type`). */
  name: string;
  /** What the vector shows, in English. */
  description: string;
  contentBefore: unknown;
  /** `{type, ...args}`: on the wire `{v: 1, tool, name: type, args, id, at, by}`. */
  operation: { type: string } & Record<string, unknown>;
  context: VectorContext;
  contentAfter?: unknown;
  /** The DomainError `code` the operation throws. */
  error?: string;
}

/** The vectors file. */
export interface VectorsDocument {
  format: number;
  description: string;
  vectors: OperationVector[];
}

/** The time every default content and setup step is made at. */
export const SETUP_AT = '2026-01-05T09:00:00.000Z';

/** The context of a vector's operation unless its fixture says otherwise. */
export const DEFAULT_VECTOR_CONTEXT: VectorContext = {
  id: 'op-1',
  at: '2026-01-05T10:00:00.000Z',
  by: 'ann',
};

function requireTool(name: ToolName): ToolDefinition {
  const tool = getTool(name);
  if (!tool) throw new Error(`unknown tool ${name}`);
  return tool;
}

/** The serialised operation of `operation` with `context`'s id, time and author. */
export function wireOperation(
  tool: ToolName,
  operation: OperationVector['operation'],
  context: VectorContext,
): Operation {
  const { type, ...args } = operation;
  return { v: 1, tool, name: type, args, id: context.id, at: context.at, by: context.by };
}

// JSON as the file holds it: undefined fields dropped, objects copied.
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/**
 * The content a fixture starts from: the tool's default content made with ids `d1`, `d2`, … at
 * {@link SETUP_AT}, then each setup operation applied as a serialised operation with id `s1`,
 * `s2`, … (so what it creates has these ids) by 'setup'.
 */
export function fixtureContent(fixture: VectorFixture): unknown {
  const tool = requireTool(fixture.tool);
  let count = 0;
  let content = tool.defaultContent({ now: () => SETUP_AT, newId: () => `d${String(++count)}` });
  (fixture.setup ?? []).forEach((step, index) => {
    const context = { id: `s${String(index + 1)}`, at: SETUP_AT, by: 'setup' };
    content = tool.apply(content, wireOperation(fixture.tool, step, context));
  });
  return asJson(content);
}

/**
 * Applies a vector's operation to its content before with the tool's real `apply`: the content
 * after, or the thrown error's `code` (an error without one is rethrown).
 */
export function applyVector(
  vector: Pick<OperationVector, 'tool' | 'contentBefore' | 'operation' | 'context'>,
): { contentAfter: unknown } | { error: string } {
  const tool = requireTool(vector.tool);
  try {
    const before = tool.parse(structuredClone(vector.contentBefore));
    const after = tool.apply(before, wireOperation(vector.tool, vector.operation, vector.context));
    return { contentAfter: asJson(after) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return { error: code };
    throw error;
  }
}

/** The vector of one fixture; throws when the outcome is not the one the fixture expects. */
export function vectorOf(fixture: VectorFixture): OperationVector {
  const contentBefore = fixtureContent(fixture);
  const context = { ...DEFAULT_VECTOR_CONTEXT, ...fixture.context };
  const base = {
    tool: fixture.tool,
    name: fixture.operation.type,
    description: fixture.description,
    contentBefore,
    operation: fixture.operation,
    context,
  };
  const outcome = applyVector(base);
  const label = `${fixture.tool}.${fixture.operation.type} (${fixture.description})`;
  if ('error' in outcome) {
    if (outcome.error !== fixture.error)
      throw new Error(`${label}: threw ${outcome.error}, expected ${fixture.error ?? 'no error'}`);
    return { ...base, error: outcome.error };
  }
  if (fixture.error !== undefined) throw new Error(`${label}: expected ${fixture.error}`);
  // A vector that changes nothing would show no effect of its operation.
  if (JSON.stringify(outcome.contentAfter) === JSON.stringify(contentBefore))
    throw new Error(`${label}: changes nothing`);
  return { ...base, contentAfter: outcome.contentAfter };
}

/** The whole vectors document. */
export function vectorsDocument(): VectorsDocument {
  return {
    format: VECTORS_FORMAT_VERSION,
    description:
      'Operation test vectors of Cipherspace tools: the format, and how `context` gives the ids ' +
      'and times an operation writes, are described at the top of docs/operations.md. Generated ' +
      'by `pnpm docs:generate`; do not edit.',
    vectors: VECTOR_FIXTURES.map(vectorOf),
  };
}

/**
 * The JSON export imports again (./export.ts, ./apply.ts): any board that operations can make,
 * exported as JSON and imported into a fresh board of either tool, gives the same cards — in the
 * phases of the same names, unless the fresh board has no room for them (reported) — and content
 * the strict schema and validation accept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { operationContext } from '../../operation.ts';
import { stampOf } from '../../testing.ts';
import { operationAgainst } from '../arbitraries.ts';
import { defaultContent } from '../defaults.ts';
import { applyOperation } from '../operations.ts';
import { kanbanContentSchema, ticketContentSchema } from '../schema.ts';
import { TrackerError, type ToolType, type TrackerContent } from '../types.ts';
import { validateContent } from '../validation.ts';
import { applyImportPlan, previewImport } from './apply.ts';
import { exportJson, parseCipherspaceJson } from './export.ts';
import type { ExchangeIssue } from './types.ts';

const TOOLS: readonly ToolType[] = ['kanban', 'ticket'];

/** What an import keeps of a card: everything but ids, position and ticket number. */
function cardOf(plain: ExchangeIssue) {
  const { id: _id, order: _order, number: _number, comments, checklist, ...rest } = plain;
  return {
    ...rest,
    comments: comments.map(({ id: _commentId, ...comment }) => comment),
    checklist: checklist?.map(({ text, done }) => ({ text, done })),
  };
}

function cardsByPhaseName(content: TrackerContent): Map<string, ReturnType<typeof cardOf>[]> {
  const byName = new Map<string, ReturnType<typeof cardOf>[]>();
  for (const phase of content.phases.toSorted((a, b) => a.order - b.order)) {
    const key = phase.name.trim().toLocaleLowerCase();
    const issues = phase.issues.toSorted((a, b) => a.order - b.order).map(cardOf);
    byName.set(key, [...(byName.get(key) ?? []), ...issues]);
  }
  return byName;
}

// JSON with every object's keys sorted: the same card gives the same text in any field order.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function allCards(content: TrackerContent): string[] {
  return content.phases
    .flatMap((phase) => phase.issues.map((issue) => canonical(cardOf(issue))))
    .sort();
}

describe.each(TOOLS)('%s: export as JSON, import into a fresh board (property)', (source) => {
  it.each(TOOLS)(
    'into %s gives the same cards',
    (target) => {
      fc.assert(
        fc.property(fc.gen(), fc.noBias(fc.integer({ min: 1, max: 30 })), (generate, steps) => {
          let board: TrackerContent = defaultContent(source, operationContext(stampOf(0)));
          for (let step = 1; step <= steps; step += 1) {
            const operation = generate(operationAgainst, board);
            try {
              board = applyOperation(board, operation, operationContext(stampOf(step)));
            } catch (error) {
              if (!(error instanceof TrackerError)) throw error;
            }
          }
          const fresh = defaultContent(target, operationContext(stampOf(0)));
          const plan = parseCipherspaceJson(JSON.parse(exportJson(board)));
          const preview = previewImport(fresh, plan);
          const result = applyImportPlan(fresh, plan, operationContext(stampOf(99)), { by: 'zed' });

          const schema = target === 'kanban' ? kanbanContentSchema : ticketContentSchema;
          expect(schema.safeParse(result).success).toBe(true);
          expect(validateContent(result)).toEqual([]);
          expect(allCards(result)).toEqual(allCards(board));
          const team = result.teamMembers.map((name) => name.toLocaleLowerCase());
          for (const name of board.teamMembers) expect(team).toContain(name.toLocaleLowerCase());
          if (preview.skipped.length === 0) {
            const imported = cardsByPhaseName(result);
            for (const [name, cards] of cardsByPhaseName(board))
              expect(imported.get(name) ?? []).toEqual(cards);
          } else {
            expect(preview.skipped.every((item) => item.reason === 'MAX_PHASES')).toBe(true);
          }
        }),
        { numRuns: 60 },
      );
    },
    60_000,
  );
});

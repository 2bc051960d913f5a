/**
 * fast-check arbitraries of tracker operations (test-only, spec §4): what the property tests of
 * the operations (./operations.property.test.ts) and of their inverses
 * (./inverse.property.test.ts) generate against the current content.
 */
import fc from 'fast-check';

import type { TrackerOperation } from './operations.ts';
import {
  ISSUE_PRIORITIES,
  ISSUE_TYPES,
  PHASE_COLORS,
  type Issue,
  type TrackerContent,
} from './types.ts';

function issuesOf(content: TrackerContent): Issue[] {
  return content.phases.flatMap((phase) => phase.issues);
}

const blankText = fc.constantFrom('', ' ', '   ', '\t', '\n', ' \u00a0 ');
const unicodeText = fc.constantFrom(
  'Ünïcödé ✓',
  '日本語のタスク',
  '👩‍💻 fix',
  'e\u0301',
  '  padded  ',
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: blankText },
  { weight: 2, arbitrary: unicodeText },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);
/** Mostly a usable title, sometimes any text (blank included). */
const title = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('Fix login', ' Bug ', 'Ünïcödé ✓', '👩‍💻', 'x') },
  { weight: 2, arbitrary: text },
);
const estimation = fc.oneof(
  fc.constantFrom('', '1', '3', '5', 'XS', 'm', 'XL', '-1', '-.5', ' 2 ', '100', '1000', '?', '0'),
  fc.string({ maxLength: 4 }),
);
const person = fc.oneof(fc.constantFrom('ann', 'bo', ' cy '), text);
const color = fc.oneof(fc.constantFrom(...PHASE_COLORS.map((choice) => choice.hex)), text);
const issueType = fc.constantFrom(...ISSUE_TYPES);
const priority = fc.constantFrom(...ISSUE_PRIORITIES);
const tags = fc.array(fc.oneof(fc.constantFrom('ui', 'api', ' ui ', 'UI', 'Api '), text), {
  maxLength: 4,
});
const maxIssues = fc.nat({ max: 5 });
/** Mostly a real date, sometimes blank, padded, no such day or no date at all. */
const dueDate = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('2024-01-31', '2024-02-29', '2030-12-01') },
  { weight: 1, arbitrary: fc.constantFrom('', ' 2024-03-01 ', '2023-02-29', '2024-13-01', 'soon') },
);
/** Tag names in any case, including names of Object.prototype's fields. */
const tagName = fc.oneof(
  fc.constantFrom('ui', 'UI', ' Api ', '__proto__', 'constructor', 'toString'),
  text,
);
const tagColor = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('#1a2b3c', '#FFFFFF', ' #00ff00 ') },
  { weight: 1, arbitrary: fc.constantFrom('red', '#fff', '#12345g', '') },
  { weight: 1, arbitrary: fc.constant(null) },
);
/** A name as typed: the given one in another case, or anyone. */
function sameOrOther(name: string): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(name, name.toUpperCase(), ` ${name} `), person);
}

/** An existing id of `ids` most of the time, sometimes one that does not exist. */
function someId(ids: readonly string[]): fc.Arbitrary<string> {
  const missing = fc.constantFrom('missing', '');
  return ids.length === 0
    ? missing
    : fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...ids) },
        { weight: 1, arbitrary: missing },
      );
}

/**
 * Any tracker operation with well-shaped args against `content` (spec §4): ids and positions
 * mostly picked from it, sometimes missing or out of range, texts blank, padded or unicode.
 */
export function operationAgainst(content: TrackerContent): fc.Arbitrary<TrackerOperation> {
  const phaseId = someId(content.phases.map((phase) => phase.id));
  const issues = issuesOf(content);
  const issueId = someId(issues.map((issue) => issue.id));
  const maxPosition = Math.max(
    content.phases.length,
    ...content.phases.map((p) => p.issues.length),
  );
  const position = fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: 0, max: maxPosition }) },
    { weight: 1, arbitrary: fc.constantFrom(-1, 0.5, maxPosition + 1) },
  );
  const commented = issues.flatMap((issue) =>
    issue.comments.map((comment) => ({
      issueId: issue.id,
      commentId: comment.id,
      author: comment.createdBy,
    })),
  );
  const commentRef =
    commented.length === 0
      ? fc.record({ issueId, commentId: fc.constant('missing'), author: person })
      : fc.oneof(
          fc.constantFrom(...commented),
          fc.record({ issueId, commentId: fc.constant('missing'), author: person }),
        );
  const listed = issues.flatMap((issue) =>
    (issue.checklist ?? []).map((item) => ({ issueId: issue.id, itemId: item.id })),
  );
  const itemRef =
    listed.length === 0
      ? fc.record({ issueId, itemId: fc.constant('missing') })
      : fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...listed) },
          { weight: 1, arbitrary: fc.record({ issueId, itemId: fc.constant('missing') }) },
        );
  const boardTags = issues.flatMap((issue) => issue.tags);
  const anyTag =
    boardTags.length === 0 ? tagName : fc.oneof(fc.constantFrom(...boardTags), tagName);
  const issueFields = {
    description: text,
    type: issueType,
    priority,
    estimation,
    assignedPerson: person,
    tags,
  };
  const op = <T extends TrackerOperation>(arbitrary: fc.Arbitrary<T>) => arbitrary;
  return fc.oneof(
    {
      weight: 2,
      arbitrary: op(
        fc.record(
          {
            type: fc.constant('addPhase' as const),
            name: title,
            color,
            description: text,
            maxIssues,
            isEndPhase: fc.boolean(),
          },
          { requiredKeys: ['type', 'name'] },
        ),
      ),
    },
    op(
      fc.record({
        type: fc.constant('updatePhase' as const),
        phaseId,
        changes: fc.record(
          {
            name: title,
            color,
            description: text,
            maxIssues: fc.option(maxIssues, { nil: null }),
            isEndPhase: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
      }),
    ),
    op(fc.record({ type: fc.constant('deletePhase' as const), phaseId })),
    op(
      fc.record({
        type: fc.constant('movePhase' as const),
        phaseId,
        direction: fc.constantFrom('left' as const, 'right' as const),
      }),
    ),
    op(fc.record({ type: fc.constant('movePhaseTo' as const), phaseId, toIndex: position })),
    {
      weight: 4,
      arbitrary: op(
        fc.record({
          type: fc.constant('addIssue' as const),
          phaseId,
          issue: fc.record({ title, ...issueFields, dueDate }, { requiredKeys: ['title'] }),
          createdBy: person,
        }),
      ),
    },
    {
      weight: 2,
      arbitrary: op(
        fc.record({
          type: fc.constant('updateIssue' as const),
          issueId,
          changes: fc.record(
            {
              title,
              ...issueFields,
              dueDate: fc.option(dueDate, { nil: null }),
              archived: fc.boolean(),
            },
            { requiredKeys: [] },
          ),
        }),
      ),
    },
    op(fc.record({ type: fc.constant('deleteIssue' as const), issueId })),
    {
      weight: 3,
      arbitrary: op(
        fc.record(
          {
            type: fc.constant('moveIssue' as const),
            issueId,
            toPhaseId: phaseId,
            toIndex: position,
          },
          { requiredKeys: ['type', 'issueId', 'toPhaseId'] },
        ),
      ),
    },
    op(
      fc.record({
        type: fc.constant('archiveIssues' as const),
        phaseId,
        issueIds: fc.array(issueId, { maxLength: 4 }),
      }),
    ),
    {
      weight: 2,
      arbitrary: op(
        fc.record({
          type: fc.constant('addComment' as const),
          issueId,
          content: text,
          createdBy: person,
        }),
      ),
    },
    op(
      commentRef.chain(({ issueId: id, commentId, author }) =>
        fc.record(
          {
            type: fc.constant('deleteComment' as const),
            issueId: fc.constant(id),
            commentId: fc.constant(commentId),
            by: sameOrOther(author),
          },
          { requiredKeys: ['type', 'issueId', 'commentId'] },
        ),
      ),
    ),
    op(
      commentRef.chain(({ issueId: id, commentId, author }) =>
        fc.record({
          type: fc.constant('updateComment' as const),
          issueId: fc.constant(id),
          commentId: fc.constant(commentId),
          content: text,
          by: sameOrOther(author),
        }),
      ),
    ),
    {
      weight: 2,
      arbitrary: op(
        fc.record({ type: fc.constant('addChecklistItem' as const), issueId, text: title }),
      ),
    },
    {
      weight: 2,
      arbitrary: op(
        itemRef.chain(({ issueId: id, itemId }) =>
          fc.record({
            type: fc.constant('updateChecklistItem' as const),
            issueId: fc.constant(id),
            itemId: fc.constant(itemId),
            changes: fc.record({ text: title, done: fc.boolean() }, { requiredKeys: [] }),
          }),
        ),
      ),
    },
    op(
      itemRef.map(({ issueId: id, itemId }) => ({
        type: 'deleteChecklistItem' as const,
        issueId: id,
        itemId,
      })),
    ),
    op(fc.record({ type: fc.constant('setTagColor' as const), tag: anyTag, color: tagColor })),
    op(fc.record({ type: fc.constant('addTeamMember' as const), name: person })),
    op(
      fc.record({
        type: fc.constant('updateSettings' as const),
        changes: fc.record(
          { showTicketNumbers: fc.boolean(), autoAssignCreator: fc.boolean() },
          { requiredKeys: [] },
        ),
      }),
    ),
  );
}

/**
 * Merging an {@link ImportPlan} into a board (spec §3 Shared phase/issue tool content, §4, §5):
 * {@link previewImport} says where each imported issue goes and what is left out, and
 * {@link applyImportPlan} makes the board with them — through the tracker's own addPhase and
 * addIssue, so ticket numbers, positions, team members and the §5 rules are those of a member
 * adding them by hand. Pure; the result is saved as one change by the caller.
 */
import { addIssue, addPhase, findPhase, sortByOrder } from '../operations.ts';
import { tagColorKey } from '../tags.ts';
import type { Phase, TrackerContent, TrackerContext } from '../types.ts';
import { importEstimation } from './fields.ts';
import type {
  ExchangeContent,
  ExchangeIssue,
  ImportedIssue,
  ImportedPhase,
  ImportPlan,
  SkippedItem,
} from './types.ts';

/** Where imported issues go: an existing phase (`phaseId`) or one the import creates (null). */
export interface ImportTarget {
  /** The phase's name on the board (an existing phase's own spelling). */
  name: string;
  /** The existing phase's id; null for a phase the import adds. */
  phaseId: string | null;
  /** The issues that go into it, in order (already checked: each will be imported). */
  issues: ImportedIssue[];
  /** For a new phase: its colour and end-phase flag from the source. */
  color?: string;
  isEndPhase?: boolean;
}

/** What an import will do to a board: the phases it fills or adds, and everything reported. */
export interface ImportPreview {
  /** Every phase that gets issues or is created, existing ones in board order, then new ones. */
  targets: ImportTarget[];
  /** The plan's own reports followed by those of the board (MAX_PHASES, PHASE_FULL…). */
  skipped: SkippedItem[];
  /** How many issues will be imported. */
  issueCount: number;
  /** How many phases will be created. */
  newPhaseCount: number;
}

/** A phase name as matched: trimmed, case-insensitive. */
function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/** An issue as it will be imported, or the reason it will not be; estimation checked again. */
function checkedIssue(issue: ImportedIssue, skipped: SkippedItem[]): ImportedIssue | null {
  const title = issue.title.trim();
  if (title === '') {
    skipped.push({ item: issue.description.slice(0, 40), reason: 'TITLE_MISSING' });
    return null;
  }
  const estimation = importEstimation(issue.estimation);
  if (estimation === null)
    skipped.push({ item: title, reason: 'ESTIMATION_TOO_LONG', detail: issue.estimation });
  return { ...issue, title, estimation: estimation ?? '' };
}

/**
 * Where each issue of `plan` goes on `content`, without changing it. A plan phase whose name
 * matches a board phase (trimmed, case-insensitive) fills that phase; the others are created
 * after the board's phases while `settings.maxPhases` allows — beyond, the phase is reported
 * (MAX_PHASES) and its issues go to the board's last phase. Issues beyond an existing phase's
 * `maxIssues` are reported (PHASE_FULL) and left out, as are issues without a title
 * (TITLE_MISSING); an estimation a board cannot keep is emptied (ESTIMATION_TOO_LONG).
 */
export function previewImport(content: TrackerContent, plan: ImportPlan): ImportPreview {
  const skipped: SkippedItem[] = [...plan.skipped];
  const existing = sortByOrder(content.phases);
  const targets: ImportTarget[] = [];
  const targetOf = new Map<string, ImportTarget>();
  const room = new Map<ImportTarget, number>();
  const boardTarget = (phase: Phase): ImportTarget => {
    const key = `id:${phase.id}`;
    let target = targetOf.get(key);
    if (!target) {
      target = { name: phase.name, phaseId: phase.id, issues: [] };
      targetOf.set(key, target);
      room.set(
        target,
        phase.maxIssues === undefined ? Infinity : phase.maxIssues - phase.issues.length,
      );
    }
    return target;
  };
  let phaseCount = content.phases.length;
  const newTargets: ImportTarget[] = [];

  const place = (source: ImportedPhase): ImportTarget | null => {
    const key = nameKey(source.name);
    const onBoard = existing.find((phase) => nameKey(phase.name) === key);
    if (onBoard) return boardTarget(onBoard);
    const planned = newTargets.find((target) => nameKey(target.name) === key);
    if (planned) return planned;
    if (phaseCount < content.settings.maxPhases && key !== '') {
      const target: ImportTarget = { name: source.name.trim(), phaseId: null, issues: [] };
      if (source.color !== undefined) target.color = source.color;
      if (source.isEndPhase !== undefined) target.isEndPhase = source.isEndPhase;
      newTargets.push(target);
      room.set(target, Infinity);
      phaseCount += 1;
      return target;
    }
    skipped.push({ item: source.name, reason: 'MAX_PHASES' });
    const lastNew = newTargets.at(-1);
    if (lastNew) return lastNew;
    const lastPhase = existing.at(-1);
    return lastPhase ? boardTarget(lastPhase) : null;
  };

  for (const source of plan.phases) {
    const target = place(source);
    for (const issue of source.issues) {
      const checked = checkedIssue(issue, skipped);
      if (checked === null) continue;
      if (target === null || (room.get(target) ?? 0) <= 0) {
        skipped.push({ item: checked.title, reason: 'PHASE_FULL', detail: target?.name ?? '' });
        continue;
      }
      room.set(target, (room.get(target) ?? 0) - 1);
      target.issues.push(checked);
    }
  }
  for (const phase of existing) {
    const target = targetOf.get(`id:${phase.id}`);
    if (target && target.issues.length > 0) targets.push(target);
  }
  targets.push(...newTargets);
  return {
    targets,
    skipped,
    issueCount: targets.reduce((sum, target) => sum + target.issues.length, 0),
    newPhaseCount: newTargets.length,
  };
}

/** `names` added to the board's team unless there already (case-insensitive, trimmed). */
function withMembers<C extends TrackerContent>(content: C, names: readonly string[]): C {
  const team = [...content.teamMembers];
  for (const raw of names) {
    const name = raw.trim();
    if (name !== '' && !team.some((member) => nameKey(member) === nameKey(name))) team.push(name);
  }
  return team.length === content.teamMembers.length ? content : { ...content, teamMembers: team };
}

function replaceLastIssue<C extends TrackerContent>(
  content: C,
  phaseId: string,
  update: (issue: ExchangeIssue) => ExchangeIssue,
): C {
  return {
    ...content,
    phases: content.phases.map((phase) =>
      phase.id === phaseId
        ? {
            ...phase,
            issues: phase.issues.map((issue, at, all) =>
              at === all.length - 1 ? update(issue) : issue,
            ),
          }
        : phase,
    ),
  };
}

function importIssue<C extends TrackerContent>(
  content: C,
  phaseId: string,
  source: ImportedIssue,
  ctx: TrackerContext,
  by: string,
): C {
  // Names as the source wrote them; the team gets each once, whatever its case (below).
  const createdBy = source.createdBy?.trim() ? source.createdBy : by;
  const assignedPerson = source.assignedPerson.trim();
  const createdAt = source.createdAt?.trim() ? source.createdAt : ctx.now();
  const added = addIssue(
    content,
    {
      phaseId,
      issue: {
        title: source.title,
        description: source.description,
        type: source.type,
        priority: source.priority,
        estimation: source.estimation,
        assignedPerson,
        tags: source.tags,
      },
      createdBy,
    },
    { ...ctx, now: () => createdAt },
  );
  const team = withMembers(content, [createdBy, assignedPerson]).teamMembers;
  return replaceLastIssue({ ...added, teamMembers: team }, phaseId, (issue) => {
    // The source's assignee as it was: an unassigned issue stays so even with autoAssignCreator.
    const result: ExchangeIssue = {
      ...source.extra,
      ...issue,
      assignedPerson,
      comments: source.comments
        .filter((comment) => comment.content.trim() !== '')
        .map((comment) => ({
          ...comment.extra,
          id: ctx.newId(),
          content: comment.content,
          createdAt: comment.createdAt.trim() === '' ? createdAt : comment.createdAt,
          createdBy: comment.createdBy,
        })),
    };
    if (source.dueDate !== undefined) result.dueDate = source.dueDate;
    if (source.checklist !== undefined)
      result.checklist = source.checklist.map((item) => ({
        id: ctx.newId(),
        text: item.text,
        done: item.done,
      }));
    if (source.archived === true) result.archived = true;
    return result;
  });
}

/**
 * `content` with `plan` merged in as {@link previewImport} places it: new phases appended (id
 * from `ctx.newId`, the source's colour or the default), issues appended to their phase with
 * the next `order` and the board's next ticket numbers, ids from `ctx.newId`, each keeping its
 * source's creation time and creator (absent: `ctx.now()` and `by`), comments, due date,
 * checklist, archived flag and `extra` fields; assignees, creators and `plan.teamMembers` join
 * the team unless already in it (case-insensitive, trimmed; the team's spelling kept, the
 * issue's as the source wrote it); `plan.tagColors` fill the board's tag colours for tags that
 * have none, keyed as `tagColors` is (trimmed and lower-cased; of tags equal ignoring case the
 * first colour kept; blank tags skipped); the issues' tags are cleaned as `addIssue` cleans
 * them. Never mutates `content`; returns it when the plan adds
 * nothing. The result passes the strict content schema and `validate` whenever `content` does.
 * `by`: the importing member's name.
 */
export function applyImportPlan<C extends TrackerContent>(
  content: C,
  plan: ImportPlan,
  ctx: TrackerContext,
  options: { by: string },
): C {
  const preview = previewImport(content, plan);
  let board: C = withMembers(content, plan.teamMembers ?? []);
  for (const target of preview.targets) {
    let phaseId = target.phaseId;
    if (phaseId === null) {
      board = addPhase(
        board,
        {
          name: target.name,
          ...(target.color === undefined ? {} : { color: target.color }),
          ...(target.isEndPhase === undefined ? {} : { isEndPhase: target.isEndPhase }),
        },
        ctx,
      );
      phaseId = sortByOrder(board.phases).at(-1)?.id ?? '';
    }
    for (const issue of target.issues) {
      if (findPhase(board, phaseId) === null) break;
      board = importIssue(board, phaseId, issue, ctx, options.by);
    }
  }
  const colored: ExchangeContent = board;
  const existing = colored.tagColors ?? {};
  const added: [string, string][] = [];
  for (const [tag, color] of Object.entries(plan.tagColors)) {
    // Keyed as the board reads colours: one key per tag whatever its case, the first colour kept.
    const key = tagColorKey(tag);
    if (key !== '' && !Object.hasOwn(existing, key) && !added.some(([other]) => other === key))
      added.push([key, color]);
  }
  if (added.length === 0) return board;
  const tagColors: Record<string, string> = {};
  // defineProperty: a tag called '__proto__' is a field like any other.
  for (const [key, color] of [...Object.entries(existing), ...added])
    Object.defineProperty(tagColors, key, {
      value: color,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return { ...board, tagColors };
}

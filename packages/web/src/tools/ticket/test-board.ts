/**
 * Plain Issue Management content for the component tests of this folder: the default backlog
 * (`defaultContent('ticket', ctx)`) with issues and comments added through the domain's own
 * operations, so tests render exactly what the app would store.
 */
import {
  addComment,
  addIssue,
  defaultContent,
  type Issue,
  type IssueInput,
  type TicketContent,
  type TrackerContext,
} from '@cipherspace/tools/tracker';

/** A deterministic context: ids `id-1`, `id-2`…, and the time set in `time`. */
export function testContext(time = '2024-03-05T14:07:00.000Z'): TrackerContext & { time: string } {
  let id = 0;
  const ctx = { time, newId: () => `id-${++id}`, now: () => ctx.time };
  return ctx;
}

/** A builder over the default backlog: add issues and comments, then read `content`. */
export function testBoard() {
  const ctx = testContext();
  let content: TicketContent = defaultContent('ticket', ctx);
  const phaseId = (name: string) => {
    const phase = content.phases.find((entry) => entry.name === name);
    if (!phase) throw new Error(`no phase ${name}`);
    return phase.id;
  };
  const allIssues = () => content.phases.flatMap((phase) => phase.issues);
  const board = {
    ctx,
    get content() {
      return content;
    },
    phaseId,
    /** Adds an issue to the phase named `phaseName` and returns it. */
    addIssue(phaseName: string, issue: IssueInput, createdBy = 'alice'): Issue {
      const before = new Set(allIssues().map((entry) => entry.id));
      content = addIssue(content, { phaseId: phaseId(phaseName), issue, createdBy }, ctx);
      const created = allIssues().find((entry) => !before.has(entry.id));
      if (!created) throw new Error('issue not added');
      return created;
    },
    /** Adds a comment at `time` to the issue and returns the updated issue. */
    addComment(issueId: string, text: string, createdBy: string, time: string): Issue {
      ctx.time = time;
      content = addComment(content, { issueId, content: text, createdBy }, ctx);
      const issue = allIssues().find((entry) => entry.id === issueId);
      if (!issue) throw new Error('issue gone');
      return issue;
    },
  };
  return board;
}

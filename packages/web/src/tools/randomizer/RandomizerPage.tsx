/**
 * The Daily Randomizer screen, route /tools/randomizer, content id 'randomizer' (spec §2; §3
 * Randomizer content; §4 Randomizer, Tool content; §5 Randomizer content; §7 usernames; §8
 * Randomizer; §9 Randomizer animation). Loads the shared document through the sync engine
 * and turns every action into a named randomizer operation: editOptions, setMode, start,
 * complete, resetUsed.
 *
 * The pick animation is part of the shared document: Start saves the target and the step list
 * (a `start` with a fresh seed); every member's screen — the starter's too, once the start is
 * saved — plays those steps and lands on the same option; the starter completes the run after
 * its last step (anyone does when the starter has left mid-run). The quick-fill buttons read the
 * space's usernames (falling back to the backlog's team members, then a sample list) and the
 * phases of Issue Management ('ticket-system') through the same sync engine.
 */
import { DecryptError } from '@cipherspace/crypto';
import { UnreadableContentError } from '@cipherspace/sync';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  optionsTextChanged,
  optionsToText,
  phaseIssueOptions,
  randomizerTool,
  randomSeed,
  teamMemberOptions,
  type RandomizerContent,
  type RandomizerOperation,
  type RepetitionMode,
} from '@cipherspace/tools/randomizer';
import { defaultContent, ticketTool, type Issue } from '@cipherspace/tools/tracker';
import { useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { useFlashMessage, type FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { ToolContentState } from '../content/ToolContentState.tsx';
import { ToolHeader } from '../content/ToolHeader.tsx';
import { ToolHistory } from '../content/ToolHistory.tsx';
import { useToolContent } from '../content/use-tool-content.ts';
import { useToolPresence } from '../content/use-tool-presence.ts';
import { useToolEdit } from '../content/use-tool-perform.ts';
import { RandomizerBoard, type OptionsEditStart, type QuickFill } from './RandomizerBoard.tsx';
import { RandomizerHistoryPreview } from './randomizer-history-preview.tsx';
import {
  RANDOMIZER_PERFORM_TEXTS,
  randomizerPerformMessage,
  translateValidationProblems,
  type RandomizerAction,
} from './randomizer-messages.ts';

/** How many sample issues a phase button fills in when the backlog cannot be read (spec §8). */
const SAMPLE_ISSUE_COUNT = 3;

/** A phase button's source: the phase's issues, or null when the backlog could not be read. */
interface PhaseSource {
  key: string;
  name: string;
  issues: readonly Issue[] | null;
}

/** The phases of Issue Management's default content, for the buttons when it cannot be read. */
function fallbackPhases(): PhaseSource[] {
  let id = 0;
  const ctx = { now: () => new Date(0).toISOString(), newId: () => `fallback-${++id}` };
  return defaultContent('ticket', ctx).phases.map((phase) => ({
    key: phase.id,
    name: phase.name,
    issues: null,
  }));
}

/** A version from the history: its options and run state, still (the panel makes it inert). */
const renderPreview = (content: RandomizerContent) => (
  <RandomizerHistoryPreview content={content} />
);

/** spec §2 /tools/randomizer; the router lazy-loads this default export. */
export default function RandomizerPage() {
  const tool = useToolContent(randomizerTool);
  const backlog = useToolContent(ticketTool);
  const presence = useToolPresence('randomizer');
  const session = useSession();
  useLanguage();
  const utils = trpc.useUtils();
  const [message, showMessage] = useFlashMessage();

  const content = tool.state.status === 'loaded' ? tool.state.content : null;
  // The content as last rendered, read by callbacks that run after an await or a timer.
  const latest = useRef<RandomizerContent | null>(content);
  useLayoutEffect(() => {
    latest.current = content;
  }, [content]);
  // Runs this tab started: it completes them after its last step.
  const startedRuns = useRef(new Set<string>());

  const run = useCallback(
    async (operation: RandomizerOperation, action: RandomizerAction) => {
      const result = await tool.perform(operation);
      const shown = randomizerPerformMessage(result, action);
      if (shown) showMessage(shown.kind, shown.text);
      return result;
    },
    [tool, showMessage],
  );

  // The shared edit hook joins validation problems in English (spec §5 texts): translate them.
  const showTranslated = useCallback(
    (kind: FlashMessage['kind'], text: string) =>
      showMessage(kind, translateValidationProblems(text)),
    [showMessage],
  );
  const edit = useToolEdit(tool, showTranslated, RANDOMIZER_PERFORM_TEXTS);

  /** The options editor's save: merged with what others saved since `start` (spec §4). */
  const saveOptions = useCallback(
    (text: string, start: OptionsEditStart) =>
      edit({ type: 'editOptions', text, from: [...start.from] }, 'saveOptions', start.basedOn),
    [edit],
  );

  /** Replaces the options with `options` (a quick fill) when they differ; true when saved. */
  const fillOptions = useCallback(
    async (options: readonly string[]) => {
      const current = latest.current;
      if (current === null) return false;
      const text = optionsToText(options);
      if (!optionsTextChanged(text, optionsToText(current.options))) return true;
      return (await run({ type: 'editOptions', text }, 'saveOptions')).status === 'saved';
    },
    [run],
  );

  const setMode = useCallback(
    async (mode: RepetitionMode) => {
      if (latest.current?.repetitionMode === mode) return;
      await run({ type: 'setMode', mode }, 'changeMode');
    },
    [run],
  );

  const start = useCallback(async () => {
    const result = await run({ type: 'start', seed: randomSeed() }, 'start');
    if (result.status === 'saved' && result.content.animation.state === 'animating') {
      const { runId } = result.content.animation;
      if (runId !== null) startedRuns.current.add(runId);
    }
  }, [run]);

  const completeRun = useCallback(
    (runId: string) => {
      const { animation } = latest.current ?? {};
      // Only a run still animating: completing it again would save an unchanged document.
      if (animation?.state !== 'animating' || animation.runId !== runId) return;
      void run({ type: 'complete', runId }, 'complete');
    },
    [run],
  );

  const onRunFinished = useCallback(
    (runId: string) => {
      if (!startedRuns.current.delete(runId)) return;
      completeRun(runId);
    },
    [completeRun],
  );

  const resetUsed = useCallback(async () => {
    await run({ type: 'resetUsed' }, 'resetUsed');
  }, [run]);

  const spaceName = session?.space.name ?? null;
  const backlogContent = backlog.state.status === 'loaded' ? backlog.state.content : null;
  const backlogFailed = backlog.state.status === 'error';

  const fillTeam = useCallback(async () => {
    let usernames: string[] | null = null;
    if (spaceName !== null) {
      try {
        usernames = (await utils.users.usernames.fetch({ space_name: spaceName })).usernames;
      } catch {
        usernames = null; // spec §8: fall back to the backlog's team members, then the sample
      }
    }
    const { options, source } = teamMemberOptions(usernames, backlogContent?.teamMembers ?? null);
    const saved = await fillOptions(options);
    if (saved && source === 'backlog') showMessage('info', m.randomizer_fill_from_backlog());
    if (saved && source === 'sample') showMessage('info', m.randomizer_fill_from_sample());
  }, [spaceName, utils, backlogContent, fillOptions, showMessage]);

  const phases = useMemo<PhaseSource[]>(() => {
    if (backlogContent !== null)
      return [...backlogContent.phases]
        .sort((a, b) => a.order - b.order)
        .map((phase) => ({ key: phase.id, name: phase.name, issues: phase.issues }));
    return backlogFailed ? fallbackPhases() : [];
  }, [backlogContent, backlogFailed]);

  const quickFills: QuickFill[] = [
    { key: 'team', label: m.randomizer_fill_team(), onFill: fillTeam },
    ...phases.map((phase) => ({
      key: `phase-${phase.key}`,
      label: m.randomizer_fill_phase({ phase: phase.name }),
      onFill: async () => {
        const options = phaseIssueOptions(
          phase.issues,
          Array.from({ length: SAMPLE_ISSUE_COUNT }, (_, index) =>
            m.randomizer_sample_issue({ n: String(index + 1) }),
          ),
        );
        // An empty phase leaves the list as it is: a placeholder option could be picked by Start.
        if (options.length === 0) {
          showMessage('info', m.randomizer_fill_phase_empty({ phase: phase.name }));
          return;
        }
        await fillOptions(options);
      },
    })),
  ];
  const quickFillNote = backlogFailed
    ? m.randomizer_phases_unavailable()
    : backlog.state.status === 'loading' && backlog.entry === null
      ? m.randomizer_phases_loading()
      : null;

  // spec §8: the randomizer's own load-failure text; decrypt and entry problems, and stored
  // content that is not the randomizer's, as every tool.
  const ownLoadError =
    tool.entry === null &&
    tool.state.status === 'error' &&
    !(tool.state.loadError instanceof DecryptError) &&
    !(tool.state.loadError instanceof UnreadableContentError);

  return (
    <section className="tool-page randomizer-page">
      <ToolHeader title={m.tools_randomizer_name()} presence={presence}>
        <ToolHistory tool={tool} show={showMessage} renderPreview={renderPreview} />
      </ToolHeader>

      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      {ownLoadError ? (
        <div className="stack">
          <StatusMessage kind="error">{m.randomizer_load_failed()}</StatusMessage>
          <div>
            <button type="button" className="button button-primary" onClick={() => tool.reload()}>
              {m.common_retry()}
            </button>
          </div>
        </div>
      ) : (
        <ToolContentState tool={tool} />
      )}

      {content ? (
        <RandomizerBoard
          content={content}
          version={tool.state.version}
          saving={tool.state.saving}
          onSaveOptions={saveOptions}
          onSetMode={setMode}
          onStart={start}
          onResetUsed={resetUsed}
          onRunFinished={onRunFinished}
          onRunOverdue={completeRun}
          quickFills={quickFills}
          quickFillNote={quickFillNote}
        />
      ) : null}
    </section>
  );
}

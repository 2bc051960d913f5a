/**
 * The header tools both trackers share (spec §2 tool header; Kanban and Issue Management): the
 * Notify me toggle, due-date reminders, the archived items, the tag colours, the card density
 * and Import / Export. Each runs its changes as tracker operations through the page's `tool`.
 */
import { Tags } from 'lucide-react';
import { useState } from 'react';

import type { TrackerContent, TrackerOperation } from '@cipherspace/tools/tracker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import type { ToolContent } from '../content/use-tool-content.ts';
import { ArchivedButton } from './ArchivedDialog.tsx';
import { CardDensityToggle } from './CardDensityToggle.tsx';
import { DueReminders } from './due-reminders.tsx';
import { ExchangeMenu } from './ExchangeMenu.tsx';
import { TagColorsDialog } from './TagEditor.tsx';
import { TrackerNotifications } from './TrackerNotifications.tsx';
import { useTrackerPerform } from './use-tracker-perform.ts';
import { archiveOperation } from './use-phase-planning.ts';
import { usePlanPerform } from './use-plan-perform.ts';

/**
 * Takes the page's `tool` and its content, which tool it is (`toolName`, `noun`), the member's
 * name, the interface language, the board's tags, the density the member chose and `show` (the
 * page's flash message). Renders the buttons and their dialogs, in the header's order.
 */
export function TrackerHeaderTools<C extends TrackerContent>({
  tool,
  content,
  toolName,
  noun,
  username,
  language,
  tags,
  compact,
  onCompactChange,
  show,
}: {
  tool: ToolContent<C, TrackerOperation>;
  content: C | null;
  toolName: 'kanban' | 'ticket-system';
  noun: 'card' | 'issue';
  username: string;
  language: string;
  tags: readonly string[];
  compact: boolean;
  onCompactChange: (compact: boolean) => void;
  show: (kind: FlashMessage['kind'], text: string) => void;
}) {
  const perform = useTrackerPerform(tool, show);
  const performPlan = usePlanPerform(tool, show);
  const [tagColorsOpen, setTagColorsOpen] = useState(false);
  return (
    <>
      <TrackerNotifications tool={tool} toolName={toolName} show={show} />
      <DueReminders content={content} toolName={toolName} />
      <ArchivedButton
        content={content}
        noun={noun}
        language={language}
        onRestore={async (issueId) =>
          (await performPlan(
            archiveOperation(issueId, false),
            noun === 'card' ? 'restoreCard' : 'restoreIssue',
          )) === true
        }
      />
      <button
        type="button"
        className="button"
        disabled={content === null}
        onClick={() => setTagColorsOpen(true)}
      >
        <Tags aria-hidden="true" />
        {m.tracker_tags_button()}
      </button>
      <CardDensityToggle compact={compact} noun={noun} onChange={onCompactChange} />
      <ExchangeMenu tool={tool} noun={noun} by={username} show={show} />
      <TagColorsDialog
        open={tagColorsOpen}
        tags={tags}
        tagColors={content?.tagColors}
        onSetColor={(tag, color) => perform({ type: 'setTagColor', tag, color }, 'setTagColor')}
        onClose={() => setTagColorsOpen(false)}
      />
    </>
  );
}

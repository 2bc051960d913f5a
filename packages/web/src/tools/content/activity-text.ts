/**
 * The activity log in the reader's language (spec §3 Activity log entry, §1 Interface languages):
 * {@link activityText} words one entry of any tool as one sentence — "Ann moved 'Login bug' from
 * To Do to In Progress", "Ben hat die Spalte „Testing“ mit 4 Karten gelöscht" — from its
 * `action`, `variant` and `params` (message `activity_<tool>_<action>[_<variant>]`, whose
 * placeholders are `user` and the params), never from its English `details`. Kanban speaks of
 * columns and cards, Issue Management of phases and issues (spec §2).
 */
import { activityMessageKey, type ActivityLogEntry } from '@cipherspace/tools';

import type { Language } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { catalogueMessages, type CatalogueMessage } from './catalogue-messages.ts';

// Every activity sentence of the catalogue, by key ('activity_<tool>_<action>[_<variant>]').
const SENTENCES: ReadonlyMap<string, CatalogueMessage> = catalogueMessages(
  import.meta.glob('../../paraglide/messages/activity_*.js', { eager: true }),
);

function count(entry: ActivityLogEntry): number {
  const value = entry.params.count;
  return typeof value === 'number' ? value : Number(value ?? 0);
}

/**
 * One sentence for `entry`, an activity log entry (spec §3; from `activityOf` of
 * `@cipherspace/tools` or a tool's own entry function), in `language`: the user's display name
 * ('Someone' / 'Jemand' when blank), what they did in the words of the entry's tool (`tool`:
 * columns and cards on Kanban, phases and issues in Issue Management), and the names and counts
 * its `params` carry. An undo or restore ('patch') says how many changes it reverted; an action
 * or tool this version does not know (a newer client's) says only that the user made a change.
 * Pure; throws nothing.
 */
export function activityText(entry: ActivityLogEntry, language: Language): string {
  const options = { locale: language };
  const user = entry.userDisplayName.trim() || m.activity_someone({}, options);
  // 'patch': an undo or restore, the generic operation every tool has.
  if (entry.action === 'patch')
    return count(entry) === 1
      ? m.activity_patch_one({ user }, options)
      : m.activity_patch_other({ user, count: count(entry) }, options);
  const sentence = SENTENCES.get(activityMessageKey(entry));
  return sentence
    ? sentence({ ...entry.params, user }, options)
    : m.activity_unknown({ user }, options);
}

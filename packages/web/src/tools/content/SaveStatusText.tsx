/**
 * The tool header's saving status while working offline: "Offline — N changes waiting", "All
 * changes saved" once they are in (see ./save-status.ts for when). Renders only.
 */
import { m } from '../../paraglide/messages.js';
import { useSaveStatus } from './save-status.ts';

export function SaveStatusText() {
  const status = useSaveStatus();
  if (status === null) return null;
  const text =
    status.kind === 'waiting'
      ? status.count === 1
        ? m.tool_offline_waiting_one()
        : m.tool_offline_waiting_other({ count: String(status.count) })
      : status.kind === 'offline'
        ? m.tool_offline()
        : m.tool_all_saved();
  return (
    <p className="tool-save-status" role="status" data-kind={status.kind}>
      {text}
    </p>
  );
}

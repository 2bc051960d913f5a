/**
 * A tool's current content as the CLI reads it (spec §7, docs/websocket.md "Versions and
 * snapshots"): the stored envelope may hold an older version than the current one when the
 * latest saves sent their operations alone. Then the current version is rebuilt from the history
 * (the envelope plus the recorded operations, applied by `openNewest` of `@cipherspace/sync`) and
 * given back as a record of that version, encrypted again with the space key.
 */
import { encryptJson } from '@cipherspace/crypto';
import { openNewest } from '@cipherspace/sync';
import { isToolName } from '@cipherspace/tools/metadata';

import type { ContentRecord } from './api-client.ts';
import { CliError, EXIT } from './errors.ts';
import { restHistorySource, toolDefinition } from './history.ts';
import { toolCodec, type SpaceContext } from './space-context.ts';

/**
 * The record of `tool` at its current version, or null when it has no content; a tool not in
 * this CLI's registry is given as stored. Throws CliError
 * (exit 1) when the current version cannot be rebuilt (an operation that does not open or
 * apply); other failures as the client's.
 */
export async function currentContent(
  ctx: SpaceContext,
  tool: string,
): Promise<ContentRecord | null> {
  const record = await ctx.client.getContent(ctx.session.space, tool);
  const current = record?.current_version;
  if (!record || current === undefined || current <= record.content_metadata.version) return record;
  // A tool this CLI does not know (a newer server's) is given as stored.
  if (!isToolName(tool)) return record;
  const opened = await openNewest(
    toolDefinition(tool),
    toolCodec(ctx, tool),
    restHistorySource(ctx, tool),
    current,
  );
  if (opened?.version !== current) {
    throw new CliError(
      `Version ${current} of ${tool} could not be rebuilt from its stored changes.`,
      EXIT.failure,
      { hint: 'Open the tool in the app once: it stores the current version whole.' },
    );
  }
  return {
    ...record,
    encrypted_data: await encryptJson(opened.content, ctx.spaceKey),
    content_metadata: { ...record.content_metadata, version: current },
  };
}

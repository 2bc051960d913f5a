/**
 * Whole-content saves around replacements (spec §7: a replacement is a save without operations):
 * restoring the version shown in place of one that does not open, and re-applying the members'
 * operations that a spec-only client's replacement of an older envelope lacks.
 */
import type { NamedOperation } from '@cipherspace/tools';

import { VersionConflictError } from './contract.ts';
import type { Confirmed, Opened, SyncParts } from './parts.ts';
import type { Pull } from './pull.ts';
import { applyAll } from './rebase.ts';
import { saveOnce } from './save.ts';
import type { Snapshots } from './snapshots.ts';
import { REPLAY_BATCH_MAX, type PerformResult } from './state.ts';

/** What these saves need of the engine (run inside its task queue). */
export interface ReplacementHost<C, Op extends NamedOperation = NamedOperation> {
  parts: SyncParts<C, Op>;
  pull: Pull<C, Op>;
  snapshots: Snapshots;
  confirmed(): Confirmed<C>;
  confirm(latest: Opened<C>): void;
  saving(on: boolean): void;
}

/**
 * Saves `content` whole on top of `version` as a replacement (no operations), stamped with `at`;
 * a 409 loads the latest and ends in `conflict`, another failure in `failed`.
 */
export async function saveReplacement<C>(
  host: ReplacementHost<C>,
  content: C,
  version: number,
  at: string,
): Promise<PerformResult<C>> {
  const { domain, codec } = host.parts;
  const stamped = domain.stamp(content, { version: version + 1, lastModified: at });
  host.saving(true);
  try {
    const envelope = await codec.encrypt(stamped);
    const saved = await saveOnce(host.parts, envelope, version);
    host.confirm({ content: stamped, version: saved });
    host.snapshots.cache(envelope, saved);
    return { status: 'saved', content: stamped };
  } catch (error) {
    if (!(error instanceof VersionConflictError)) return { status: 'failed', error };
    await host.pull
      .latest()
      .then((latest) => host.confirm(latest))
      .catch(() => undefined);
    return { status: 'conflict', error };
  } finally {
    host.saving(false);
  }
}

/**
 * A replacement of version `replaced` was made from the older version `madeFrom` (a spec-only
 * client's PUT of the envelope it got): the operations of the versions in between are not in it.
 * Applies them again on top of it, in order, leaving out any that no longer apply, and saves them
 * as the next versions (at most REPLAY_BATCH_MAX per save). Another member doing the same first
 * wins: a 409 ends it, and their version comes as a content_update.
 */
export async function reapplyAfterReplacement<C>(
  host: ReplacementHost<C>,
  madeFrom: number,
  replaced: number,
): Promise<void> {
  const { parts, pull, snapshots } = host;
  if (host.confirmed().version !== replaced || !pull.operations) return;
  const answer = await parts.transport.changes?.(madeFrom).catch(() => null);
  if (!answer || answer.tooFarBehind) return;
  const envelopes = answer.changes
    .filter((change) => change.version < replaced && change.kind === 'operations')
    .flatMap((change) => change.operations ?? []);
  for (let start = 0; start < envelopes.length; start += REPLAY_BATCH_MAX) {
    const { content, version } = host.confirmed();
    if (content === null) return;
    let next: C = content;
    const kept: string[] = [];
    let lastAt = parts.context.now();
    for (const envelope of envelopes.slice(start, start + REPLAY_BATCH_MAX)) {
      try {
        const operation = await pull.open(envelope);
        const applied = applyAll(parts.domain, next, [operation]);
        if (applied === next || parts.domain.validate(applied).length > 0) continue;
        next = applied;
        lastAt = operation.at;
        kept.push(envelope);
      } catch {
        // It no longer applies on the replacement: left out, as a 409 re-apply would.
      }
    }
    if (kept.length === 0) continue;
    const stamped = parts.domain.stamp(next, { version: version + 1, lastModified: lastAt });
    try {
      const alone = snapshots.operationsAlone && version > 0;
      const envelope = alone ? null : await parts.codec.encrypt(stamped);
      const saved = await saveOnce(parts, envelope, version, kept);
      host.confirm({ content: stamped, version: saved });
      if (envelope === null) snapshots.due();
      else snapshots.cache(envelope, saved);
    } catch {
      // Someone else applied them first (409), or the server cannot be reached: their
      // content_update, or the next load, brings the result.
      return;
    }
  }
}

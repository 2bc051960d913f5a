/**
 * Other members' changes in flight (content_pending, `content.propose`): shown on top of this
 * tab's content until the save that stores them arrives, a snapshot newer than their base
 * replaces them, or their time is up. Nothing here is ever saved.
 */
import type { Operation } from '@cipherspace/tools';

import type { Clock, TimerHandle } from './clock.ts';

/** One proposal: its operations on top of `baseVersion`, shown until `expiresAt` (ms). */
interface Proposal {
  baseVersion: number;
  operations: readonly Operation[];
  expiresAt: number;
}

/** How many applied operation ids are remembered, to ignore a late proposal of one. */
const REMEMBERED_OPERATION_IDS = 256;

/** The proposals shown in one engine, and the ids it knows already. */
export class Proposals {
  private proposals: Proposal[] = [];
  private timer: TimerHandle | null = null;
  /** Ids of operations this tab made or applied lately (a proposal of one is not shown again). */
  private readonly known = new Set<string>();

  /** `changed` runs when a proposal expires (the screen drops it). */
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly changed: () => void,
  ) {}

  /** The operation groups to lay over the screen, in arrival order. */
  get groups(): readonly (readonly Operation[])[] {
    return this.proposals.map((proposal) => proposal.operations);
  }

  /** Whether a proposal of `operations` should be shown (none of them known already). */
  isNew(operations: readonly Operation[]): boolean {
    return !operations.some((operation) => this.known.has(operation.id));
  }

  /** Shows `operations` on top of `baseVersion` until its time is up. */
  add(baseVersion: number, operations: readonly Operation[]): void {
    this.proposals.push({ baseVersion, operations, expiresAt: this.clock.now() + this.ttlMs });
    this.schedule();
  }

  /** Remembers operation ids this tab made or applied (bounded). */
  remember(ids: Iterable<string>): void {
    for (const id of ids) {
      this.known.delete(id);
      this.known.add(id);
    }
    for (const id of this.known) {
      if (this.known.size <= REMEMBERED_OPERATION_IDS) break;
      this.known.delete(id);
    }
  }

  /**
   * Drops the proposals a newly confirmed `version` settles: those whose operations it applied
   * (`appliedIds`), or — for a snapshot, whose operations are unknown — every one based on an
   * older version (it is in there, or it will come again on top of it).
   */
  settle(version: number, appliedIds: ReadonlySet<string> | null): void {
    if (this.proposals.length === 0) return;
    this.proposals = this.proposals.filter((proposal) =>
      appliedIds
        ? !proposal.operations.some((operation) => appliedIds.has(operation.id))
        : proposal.baseVersion >= version,
    );
    this.schedule();
  }

  /** Stops the expiry timer. */
  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Wakes up when the next proposal expires, drops those whose time is up. */
  private schedule(): void {
    this.dispose();
    const next = Math.min(...this.proposals.map((proposal) => proposal.expiresAt));
    if (!Number.isFinite(next)) return;
    this.timer = this.clock.setTimeout(
      () => {
        const now = this.clock.now();
        const before = this.proposals.length;
        this.proposals = this.proposals.filter((proposal) => proposal.expiresAt > now);
        this.schedule();
        if (this.proposals.length !== before) this.changed();
      },
      Math.max(0, next - this.clock.now()),
    );
  }
}

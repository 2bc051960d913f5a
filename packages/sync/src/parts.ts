/**
 * What every part of the engine is given: the tool's rules, the server, the space key's
 * encryption, time and identity — all passed in, so the engine runs in a page, a worker and Node.
 */
import type { ContentLanguage, DomainContext, NamedOperation } from '@cipherspace/tools';

import type { Clock } from './clock.ts';
import type { ContentCodec, ContentTransport } from './contract.ts';
import type { SyncDomain } from './rebase.ts';
import type { UnreadableStoredVersion } from './state.ts';

/** The engine's fixed parts. */
export interface SyncParts<C, Op extends NamedOperation = NamedOperation> {
  domain: SyncDomain<C, Op>;
  transport: ContentTransport;
  codec: ContentCodec;
  clock: Clock;
  /** Ids and times of new operations and default content. */
  context: DomainContext;
  /** The signed-in member's user name: the `by` of every operation of this engine. */
  author: string;
  /** The member's interface language: the default content of a tool that has none yet. */
  language?: () => ContentLanguage;
  /** Whether the runtime believes it is online (`navigator.onLine`); false: no resend of a lost save. */
  online?: () => boolean;
  /**
   * False: a tool with no content yet opens its default content unsaved, at version 0 — for a
   * reader (the quick search) that must not create what no member has opened. Default true.
   */
  createMissing?: boolean;
}

/** The version the server confirmed, with its content as this engine opened it. */
export interface Confirmed<C> {
  content: C | null;
  version: number;
  /** Set when `content` is an earlier version than `version`, which did not open. */
  unreadable?: UnreadableStoredVersion;
}

/** A confirmed version with content. */
export type Opened<C> = Confirmed<C> & { content: C };

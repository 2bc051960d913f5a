/**
 * A version of the Pinboard as the history shows it: the note count (and how many notes have
 * expired) and the canvas with every note at its stored position, as the board shows them — with
 * the board's author and markdown settings, expiry judged at `now`. Read-only: every handler does
 * nothing, and the history panel renders it inside an `inert` container (nothing can be focused,
 * dragged or pressed).
 */
import {
  computeBulletinStatistics,
  visiblePosts,
  type BulletinContent,
} from '@cipherspace/tools/bulletin';
import { m } from '../../paraglide/messages.js';
import { BulletinBoard } from './BulletinBoard.tsx';
import type { PendingPositions } from './bulletin-hooks.ts';
import './bulletin.css';

/** A preview has no drops waiting to be saved. */
const NO_PENDING: PendingPositions = new Map();

/** What a read-only board does with a user's action: nothing. */
const ignore = () => undefined;

export interface BulletinHistoryPreviewProps {
  /** One version's content. */
  content: BulletinContent;
  /** The time expiry is judged at, epoch ms (the page's clock). */
  now: number;
  /** Viewport width in CSS px, for the notes' sizes (spec §9). */
  viewportWidth: number;
  /** Interface language, for dates. */
  language: string;
}

/** Renders one version's notes, read-only; see {@link BulletinHistoryPreviewProps}. */
export function BulletinHistoryPreview({
  content,
  now,
  viewportWidth,
  language,
}: BulletinHistoryPreviewProps) {
  const at = new Date(now);
  const shown = visiblePosts(content, at).length;
  const { expiredPosts } = computeBulletinStatistics(content, at);
  return (
    <div className="bulletin-history-preview">
      <p className="bulletin-summary">
        <span>{m.bulletin_note_count({ count: String(shown) })}</span>
        {expiredPosts > 0 ? (
          <span>{m.bulletin_expired_hidden({ count: String(expiredPosts) })}</span>
        ) : null}
      </p>
      <BulletinBoard
        posts={content.posts}
        now={now}
        pending={NO_PENDING}
        viewportWidth={viewportWidth}
        language={language}
        showAuthor={content.settings.showAuthor}
        allowMarkdown={content.settings.allowMarkdown}
        onMove={ignore}
        onEdit={ignore}
        onDelete={ignore}
        onAddFirst={ignore}
        addDisabled
      />
    </div>
  );
}

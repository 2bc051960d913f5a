/**
 * Default settings and default content of Scrum Poker (spec §3 Scrum poker content; spec §4 Tool
 * content: created and saved when the server has none).
 */
import type { PokerContent, PokerContext, PokerSettings } from './types.ts';

/** spec §3: settings {defaultScale 'fibonacci', allowChangeAfterReveal true, showStatistics true}. */
export const POKER_DEFAULT_SETTINGS: Readonly<PokerSettings> = {
  defaultScale: 'fibonacci',
  allowChangeAfterReveal: true,
  showStatistics: true,
};

/**
 * The content Scrum Poker starts with (spec §3): version 1, toolType 'scrum-poker', no selected
 * issue, no estimations, hidden, Fibonacci scale, {@link POKER_DEFAULT_SETTINGS}. The id comes
 * from `ctx.newId`, createdAt and lastModified from one call of `ctx.now`.
 */
export function defaultPokerContent(ctx: PokerContext): PokerContent {
  const now = ctx.now();
  return {
    id: ctx.newId(),
    version: 1,
    lastModified: now,
    createdAt: now,
    toolType: 'scrum-poker',
    selectedIssueId: null,
    estimations: [],
    isRevealed: false,
    scale: POKER_DEFAULT_SETTINGS.defaultScale,
    settings: { ...POKER_DEFAULT_SETTINGS },
  };
}

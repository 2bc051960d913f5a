/**
 * zod schemas of Scrum Poker content (spec §3 Scrum poker content, Estimation entry); its
 * operations' are derived from their definitions (./operations.ts), whose changeScale takes
 * {@link pokerScaleSchema}. The strict and the lenient content schema come from one definition,
 * {@link pokerContentSchemaFor}; see ParseOptions in ../tool.ts for what each mode is for.
 */
import { z } from 'zod';

import { schemaModeKit, type SchemaMode } from '../schema-modes.ts';
import { POKER_DEFAULT_SETTINGS } from './defaults.ts';
import { POKER_TOPIC_MAX_LENGTH, type PokerContent, type PokerScale } from './types.ts';

/** spec §3: the two card scales, as a schema (its values are {@link PokerScale}). */
export const pokerScaleSchema = z.enum([
  'fibonacci',
  'tshirt',
  'powers',
  'custom',
]) satisfies z.ZodType<PokerScale>;

/**
 * The schema of Scrum Poker content (spec §3) in `mode`:
 * - 'strict': every field of {@link PokerContent} with its type (ids and timestamps strings,
 *   `version` a finite number, `toolType` 'scrum-poker', `scale` and `settings.defaultScale`
 *   'fibonacci' | 'tshirt', estimations `{userId, username, value, timestamp}` of strings).
 *   `topic` absent or a string of at most {@link POKER_TOPIC_MAX_LENGTH}. The fields added after
 *   spec §3 — `settings.autoReveal`, `rounds` (issue id → {estimations, isRevealed, scale,
 *   timer?}), `timer` ({startedAt: ISO | null, elapsedMs ≥ 0}), `spectators` and `customDeck`
 *   (strings), `results` ({issueId, title, estimate, decidedAt}) — may each be absent. Fields
 *   the spec does not name are kept, at every level.
 * - 'lenient': the same shape, but a missing or mistyped field gets its default (spec §3
 *   defaults; '' for ids and timestamps, 1 for `version`), a finite number where text is
 *   expected becomes that text (an estimation value 5 becomes '5'), an estimation that has no
 *   user id is dropped and one without a username gets its user id as name; a `topic` that is not
 *   such a string is dropped. Only a value that
 *   is not an object, or whose `estimations` is not an array, is refused.
 */
export function pokerContentSchemaFor(mode: SchemaMode): z.ZodType<PokerContent> {
  const { lenient, field, text, flag, list } = schemaModeKit(mode);

  const estimation = z.looseObject({
    userId: text,
    username: field(text, ''),
    value: field(text, ''),
    timestamp: field(z.string(), ''),
  });
  const settings = z.looseObject({
    defaultScale: field(pokerScaleSchema, POKER_DEFAULT_SETTINGS.defaultScale),
    allowChangeAfterReveal: flag(POKER_DEFAULT_SETTINGS.allowChangeAfterReveal),
    showStatistics: flag(POKER_DEFAULT_SETTINGS.showStatistics),
    autoReveal: field(z.boolean().optional(), undefined),
  });
  const estimations = list(
    lenient
      ? estimation.transform((entry) =>
          entry.username === '' ? { ...entry, username: entry.userId } : entry,
        )
      : estimation,
  );
  const timer = z.looseObject({
    startedAt: z.string().nullable(),
    elapsedMs: z.number().nonnegative(),
  });
  const round = z.looseObject({
    estimations,
    isRevealed: flag(false),
    scale: field(pokerScaleSchema, POKER_DEFAULT_SETTINGS.defaultScale),
    timer: field(timer.optional(), undefined),
  });
  const result = z.looseObject({
    issueId: z.string(),
    title: field(z.string(), ''),
    estimate: z.string(),
    decidedAt: field(z.string(), ''),
  });

  return z.looseObject({
    id: field(text, ''),
    version: field(z.number(), 1),
    lastModified: field(z.string(), ''),
    createdAt: field(z.string(), ''),
    toolType: field(z.literal('scrum-poker'), 'scrum-poker'),
    selectedIssueId: field(text.nullable(), null),
    topic: field(z.string().max(POKER_TOPIC_MAX_LENGTH).optional(), undefined),
    estimations,
    isRevealed: flag(false),
    scale: field(pokerScaleSchema, POKER_DEFAULT_SETTINGS.defaultScale),
    settings: field(settings, { ...POKER_DEFAULT_SETTINGS }),
    // Added after spec §3: each optional, so content written before still loads.
    rounds: field(z.record(z.string(), round).optional(), undefined),
    timer: field(timer.optional(), undefined),
    spectators: field(z.array(z.string()).optional(), undefined),
    customDeck: field(z.array(z.string()).optional(), undefined),
    results: field(z.array(result).optional(), undefined),
  });
}

// Built on first use (z.lazy), as the tracker's (../tracker/schema.ts).
/**
 * Strict schema of decrypted Scrum Poker content (spec §3), used on load and before every save:
 * refuses any field of the wrong type, keeps fields it does not know.
 */
export const pokerContentSchema: z.ZodType<PokerContent> = z.lazy(() =>
  pokerContentSchemaFor('strict'),
);

/**
 * Lenient schema of Scrum Poker content (export of older or foreign shapes): defaults for what is
 * missing or mistyped; refuses only what is not poker content (see {@link pokerContentSchemaFor}).
 */
export const lenientPokerContentSchema: z.ZodType<PokerContent> = z.lazy(() =>
  pokerContentSchemaFor('lenient'),
);

/**
 * What every pure domain module (tracker, bulletin, poker, randomizer) shares: the injected
 * context that keeps operations deterministic and replayable after a 409 (spec §4 Tool content),
 * message templates with `{name}` placeholders, and the base of every domain's rule error.
 */

/** The languages default content can be written in (spec §1 Languages: English and German). */
export const CONTENT_LANGUAGES = ['en', 'de'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/**
 * Injected sources of time and identity, so operations stay pure and replayable: `now()` returns an
 * ISO 8601 timestamp, `newId()` a fresh unique id. `language` is the language of the member who
 * creates a tool's default content — its titles, phase names and welcome texts are written in it;
 * absent: English. Operations never read it.
 */
export interface DomainContext {
  now: () => string;
  newId: () => string;
  language?: ContentLanguage;
}

/** Values substituted into a message template, by placeholder name. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders of `template` from `params`; unknown placeholders stay as they are. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : String(value);
  });
}

/**
 * A domain rule refused an operation (spec §8). `code` is the stable key for translation,
 * `params` the values in the message, `message` the spec's English text (the template filled
 * with `params`). Each domain subclasses it with its own codes and templates.
 */
export class DomainError<Code extends string> extends Error {
  readonly code: Code;
  readonly params: MessageParams;

  constructor(code: Code, template: string, params: MessageParams = {}) {
    super(formatMessage(template, params));
    this.code = code;
    this.params = params;
  }
}

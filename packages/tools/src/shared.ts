/**
 * What every pure domain module (tracker, bulletin, poker, randomizer) shares: the injected
 * context that keeps operations deterministic and replayable after a 409 (spec §4 Tool content),
 * message templates with `{name}` placeholders, and the base of every domain's rule error.
 */

/**
 * Injected sources of time and identity, so operations stay pure and replayable: `now()` returns
 * an ISO 8601 timestamp, `newId()` a fresh unique id.
 */
export interface DomainContext {
  now: () => string;
  newId: () => string;
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

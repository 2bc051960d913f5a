/**
 * The message catalogue's texts picked by a key derived at run time (an activity entry's
 * `activityMessageKey`, an operation's `operationMessageKey` from `@cipherspace/tools`), so that
 * adding an operation needs only its definition and its messages. The modules come from Vite's
 * `import.meta.glob` over paraglide's one-module-per-message output, which bundles only the
 * messages the pattern names.
 */

/** A paraglide message: the text in the options' locale (else the current one) with `inputs`. */
export type CatalogueMessage = (
  inputs: Readonly<Record<string, unknown>>,
  options?: { locale?: 'en' | 'de' },
) => string;

/** The messages of eagerly globbed paraglide modules, by their catalogue key. */
export function catalogueMessages(
  modules: Readonly<Record<string, unknown>>,
): ReadonlyMap<string, CatalogueMessage> {
  const messages = new Map<string, CatalogueMessage>();
  for (const module of Object.values(modules)) {
    if (typeof module !== 'object' || module === null) continue;
    for (const [key, value] of Object.entries(module))
      if (typeof value === 'function') messages.set(key, value as CatalogueMessage);
  }
  return messages;
}

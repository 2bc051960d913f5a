/**
 * A content problem (`describeContentProblem` of `@cipherspace/tools`: stored content that is not
 * the tool's) in the member's language, e.g. "Column 2: maxIssues must be a number" / "Spalte 2:
 * maxIssues muss eine Zahl sein". The message keys come from the tools package; their texts are
 * the catalogue's `content_problem_*`.
 */
import {
  formatContentProblem,
  type ContentProblem,
  type ContentProblemKey,
} from '@cipherspace/tools';

import { catalogueMessages, type CatalogueMessage } from './catalogue-messages.ts';

const MESSAGES: ReadonlyMap<string, CatalogueMessage> = catalogueMessages(
  import.meta.glob('../../paraglide/messages/content_problem_*.js', { eager: true }),
);

/** The text of one message key; a key the catalogue lacks shows as the key. */
function translate(key: ContentProblemKey, params: Record<string, string>): string {
  const message = MESSAGES.get(key);
  return message ? message(params) : key;
}

/** `problem` as one line in the current language. */
export function contentProblemText(problem: ContentProblem): string {
  return formatContentProblem(problem, translate);
}

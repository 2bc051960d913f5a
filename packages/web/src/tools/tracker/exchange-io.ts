/**
 * The parsers and writers of the tracker's Import / Export menu (spec §3 Shared phase/issue tool
 * content), loaded only when a member first exports or imports: they carry the CSV library, which
 * a board's first render does not need.
 */
import {
  ImportFormatError,
  parseCipherspaceJson,
  parseJiraCsv,
  parseTrelloBoard,
  type ImportErrorCode,
  type ImportPlan,
} from '@cipherspace/tools/tracker';

export { exportCsv, exportJson } from '@cipherspace/tools/tracker';

/** The kinds of file the menu imports. */
export type ImportSource = 'trello' | 'jira' | 'cipherspace';

const NOT_THIS_FORMAT: Record<ImportSource, ImportErrorCode> = {
  trello: 'NOT_TRELLO_BOARD',
  jira: 'NOT_JIRA_CSV',
  cipherspace: 'NOT_CIPHERSPACE_JSON',
};

/**
 * The import plan of a file's text (spec §3): parsed as `source` says. Throws
 * ImportFormatError (NOT_TRELLO_BOARD, NOT_JIRA_CSV, NOT_CIPHERSPACE_JSON) when the text is not
 * such an export — JSON that does not parse included.
 */
export function planOfFile(source: ImportSource, text: string): ImportPlan {
  if (source === 'jira') return parseJiraCsv(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportFormatError(NOT_THIS_FORMAT[source]);
  }
  return source === 'trello' ? parseTrelloBoard(json) : parseCipherspaceJson(json);
}

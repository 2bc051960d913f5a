/**
 * Import into and export out of Kanban and Issue Management boards, in the browser (spec §3
 * Shared phase/issue tool content): Trello JSON, Jira CSV and Cipherspace JSON in; CSV and JSON
 * out. Pure functions over decrypted content; the server only ever sees the encrypted result.
 */
export * from './types.ts';
export { parseExportDate, parseExportDay } from './fields.ts';
export * from './trello.ts';
export * from './jira.ts';
export * from './apply.ts';
export * from './export.ts';

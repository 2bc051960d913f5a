/**
 * Saving a file the app made in the browser (spec §2 /tools/diagrams export, the trackers'
 * CSV and JSON export): the browser's download of a Blob, through a short-lived object URL (allowed by the CSP, unlike a navigation
 * to a data: URI).
 */

/** How long the object URL outlives the click, so the browser has started reading it. */
const REVOKE_AFTER_MS = 10_000;

/** Offers `blob` to the user as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

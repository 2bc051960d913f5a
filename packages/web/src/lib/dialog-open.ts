/**
 * True while a modal dialog or confirmation is open: page-wide keyboard shortcuts then belong to
 * the dialog (and acting on the page under it would surprise).
 */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

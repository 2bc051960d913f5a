/**
 * Share links (spec §6 "Anyone with a share link can open the login screen prefilled";
 * ARCHITECTURE rule 8). The space name travels in the query; the space key only in the URL
 * fragment, which browsers never send to a server.
 */

/**
 * `${origin}/space/login?spaceName=<name>#spaceKey=<key>`, both parts URI-encoded.
 * `origin` is e.g. 'https://cipherspace.app' (no trailing slash).
 */
export function buildShareLink(origin: string, spaceName: string, spaceKey: string): string {
  return `${origin}/space/login?spaceName=${encodeURIComponent(spaceName)}#spaceKey=${encodeURIComponent(spaceKey)}`;
}

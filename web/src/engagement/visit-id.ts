/** A page view's random id: 16 random bytes in base64url, 22 characters (VISIT_ID_PATTERN). */
export function newVisitId(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

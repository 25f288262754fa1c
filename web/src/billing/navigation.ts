// Where the payment calls send the browser: the provider's page (paymentUrl) and back (redirectUrl).
// Both come from the server; only plain web addresses are followed, never javascript: or data:.

/** Milliseconds the payment result pages wait before going to /settings (SPEC §9: 2000 ms). */
export const RESULT_REDIRECT_DELAY_MS = 2000

/**
 * The address to send the browser to: an http(s) URL, or a path on this site (one leading slash, not
 * a protocol-relative '//host'), resolved against `origin`. Undefined for anything else.
 */
export function safeNavigationTarget(url: string | undefined, origin: string): string | undefined {
  const text = url?.trim()
  if (text === undefined || text === '') return undefined
  if (/^\/(?![/\\])/.test(text)) return new URL(text, origin).href
  try {
    const parsed = new URL(text)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/** Leaves the app for `url` (a full page load: the provider's page, or back from it). */
export function goTo(url: string): void {
  window.location.assign(url)
}

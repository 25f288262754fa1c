// Links and images from proposal data (typed by users or written by a model) are used only when they
// are plainly safe: never javascript:, data: or other schemes.

function absoluteUrl(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** The company website as a link target, only when it is an absolute http(s) URL. */
export function safeWebsiteHref(website: string | null | undefined): string | undefined {
  const text = website?.trim()
  if (text === undefined || text === '') return undefined
  const url = absoluteUrl(text)
  return url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined
}

/**
 * The company logo as an image source: only from this site — a path (an uploaded logo,
 * /api/logos/...) or an absolute URL of this origin. Another site's address is never loaded (issue
 * 34: the prospect's browser would tell that site its address), and the page's CSP (img-src 'self')
 * would refuse it anyway.
 */
export function safeLogoSrc(logo: string | null | undefined, origin: string = window.location.origin): string | undefined {
  const text = logo?.trim()
  if (text === undefined || text === '') return undefined
  // A path on this site: one leading slash, not a protocol-relative '//host' or '/\host'.
  if (/^\/(?![/\\])/.test(text)) return text
  const url = absoluteUrl(text)
  if (url === undefined) return undefined
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin ? url.href : undefined
}

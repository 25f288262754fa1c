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
 * The company logo as an image source: a same-origin path (e.g. an uploaded logo, /api/logos/...)
 * or an http(s) URL. Plain http from another origin is dropped too, because the page's CSP
 * (img-src 'self' data: blob: https:) would refuse it and report a violation.
 */
export function safeLogoSrc(logo: string | null | undefined, origin: string = window.location.origin): string | undefined {
  const text = logo?.trim()
  if (text === undefined || text === '') return undefined
  // A path on this site: one leading slash, not a protocol-relative '//host' or '/\host'.
  if (/^\/(?![/\\])/.test(text)) return text
  const url = absoluteUrl(text)
  if (url === undefined) return undefined
  if (url.protocol === 'https:') return url.href
  if (url.protocol === 'http:' && url.origin === origin) return url.href
  return undefined
}

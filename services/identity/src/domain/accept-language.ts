import type { EmailLanguage } from '@valueproof/contracts'

/** Each language's weight (q, 1 when absent) and place in the header; the first entry of a language counts. */
function weights(header: string): Map<string, { q: number; place: number }> {
  const found = new Map<string, { q: number; place: number }>()
  header.split(',').forEach((entry, place) => {
    const [range = '', ...parameters] = entry.trim().split(';')
    const language = range.trim().toLowerCase().split('-')[0] ?? ''
    const qParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='))
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2))
    if (language !== '' && Number.isFinite(q) && !found.has(language)) found.set(language, { q, place })
  })
  return found
}

/**
 * The language of a new seller's e-mails from their browser's Accept-Language (RFC 9110 §12.5.4):
 * Swedish when it is preferred over English (a higher q, or the same q named first), else English.
 */
export function emailLanguageFromAcceptLanguage(header: string | undefined): EmailLanguage {
  if (!header) return 'en'
  const languages = weights(header)
  const swedish = languages.get('sv')
  const english = languages.get('en')
  if (swedish === undefined || swedish.q <= 0) return 'en'
  if (english === undefined || english.q < swedish.q) return 'sv'
  return english.q === swedish.q && swedish.place < english.place ? 'sv' : 'en'
}

// The calculator's name, from what the text is about (issue 15): a document's first heading-like
// line (joined when it wraps, without a bare document type), or a description's subject; else the
// neutral "ROI Calculator". Never the file name: an upload's name ("nc-big8mb.pdf") is the seller's
// filing, and the name becomes the title the prospect reads.
import type { TextPage } from '../types.ts'
import { descriptionSubject, withoutDocumentType } from './calculator-subject.ts'
import { lineMarker } from './placeholders.ts'
import type { Texts } from './wording.ts'

const MAX_HEADING = 80
/** Lines that open a document without naming it. */
const NOT_A_HEADING =
  /^(?:exhibit|schedule|appendix|annex|attachment|bilaga|source|page|sida|by|date|datum|to|from|till|från|re|subject|ämne|kontakta oss|contact us|check us out|tel|phone|telefon)(?![\p{L}])/iu
const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'a', 'an', 'och', 'för', 'av', 'i', 'på', 'till'])

/**
 * "TRANSITION SERVICES AGREEMENT" → "Transition Services Agreement"; acronyms stay (AWS, NSF, and
 * four-letter ones like CSSI inside mixed-case lines).
 */
function tidyCase(line: string): string {
  const spaced = line.replace(/(\p{Ll})(\p{Lu}{2,})/gu, '$1 $2')
  const allCaps = spaced === spaced.toUpperCase()
  const shortest = allCaps ? 4 : 5
  return spaced
    .split(' ')
    .map((word, index) => {
      const letters = word.replace(/[^\p{L}]/gu, '')
      if (letters.length < 2 || letters !== letters.toUpperCase()) return word
      const lower = word.toLowerCase()
      if (index > 0 && SMALL_WORDS.has(lower)) return lower
      if (letters.length < shortest) return word
      return lower.charAt(0).toUpperCase() + lower.slice(1)
    })
    .join(' ')
}

function headingFrom(rawLine: string): string | undefined {
  // Table rows and letter-spaced banners: keep the first cell ("FLOW MEDIA \tR A T E C A R D").
  const line = (rawLine.split('\t')[0] ?? '').replace(/\s+/g, ' ').trim()
  if (line.length < 4 || line.length > MAX_HEADING) return undefined
  if (NOT_A_HEADING.test(line) || lineMarker(line) !== undefined) return undefined
  // A wrapped sentence's continuation ("websites, apps, videos, and podcasts.") is not a heading.
  if (!/^[\p{Lu}\p{N}"“”'‘’(]/u.test(line)) return undefined
  if (/@|www\.|https?:|\/s\//i.test(line) || /[!?]$/.test(line)) return undefined
  if ((line.match(/\d/g) ?? []).length >= 6) return undefined
  const visible = line.replace(/\s/g, '')
  const letters = (visible.match(/\p{L}/gu) ?? []).length
  if (letters < visible.length * 0.6) return undefined
  const words = line.split(' ').filter((word) => /\p{L}/u.test(word))
  if (words.length === 0 || words.length > 12) return undefined
  if (words.length === 1 && letters < 12) return undefined
  if (line.endsWith('.') && line.length > 40) return undefined
  return tidyCase(line.replace(/[:;,\-–—]+$/u, '').trim())
}

/**
 * A heading that wraps onto the next line ("Australia's most comprehensive and user focused" /
 * "weather service") continues with a short lower-case line without a full stop.
 */
function continuation(line: string | undefined): string | undefined {
  const text = (line ?? '').split('\t')[0]?.replace(/\s+/g, ' ').trim() ?? ''
  if (text === '' || text.length > 40 || !/^\p{Ll}/u.test(text) || /[.!?:;,]$/u.test(text) || /\d/.test(text)) return undefined
  return text
}

function withSuffix(subject: string, texts: Texts): string {
  return /calculator|kalkyl|\broi\b/i.test(subject) ? subject : `${subject}${texts.nameSuffix}`
}

export function calculatorName(props: {
  readonly inputKind: 'document' | 'description'
  readonly pages: readonly TextPage[]
  readonly texts: Texts
}): string {
  const { inputKind, pages, texts } = props
  const first = pages[0]?.text ?? ''
  if (inputKind === 'description') {
    if (lineMarker(first.trim().split('\n')[0] ?? '') !== undefined) return texts.genericName
    const subject = descriptionSubject(first, texts.language)
    return subject === undefined ? texts.genericName : withSuffix(subject, texts)
  }
  const lines = first
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 12)
  for (const [index, line] of lines.entries()) {
    const heading = headingFrom(line)
    if (heading === undefined) continue
    const wrapped = continuation(lines[index + 1])
    const whole = wrapped === undefined ? heading : (headingFrom(`${line.split('\t')[0] ?? ''} ${wrapped}`) ?? heading)
    // The first heading is the document's title: when it only says what kind of document it is, the
    // subject is unknown (the next lines are labels and parties, not a title).
    const subject = withoutDocumentType(whole)
    return subject === undefined ? texts.genericName : withSuffix(subject, texts)
  }
  return texts.genericName
}

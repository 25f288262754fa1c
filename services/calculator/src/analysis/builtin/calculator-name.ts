// The calculator's name: the document's first heading-like line (or the description's first
// sentence), else the file name, else the generic "ROI Calculator".
import type { TextPage } from '../types.ts'
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

function fromFileName(fileName: string | undefined): string | undefined {
  if (fileName === undefined) return undefined
  const stem = fileName
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const letters = (stem.match(/\p{L}/gu) ?? []).length
  if (letters < 4 || /^(?:document|dokument|scan|untitled|namnlös|file|fil|upload)\s*\d*$/i.test(stem)) return undefined
  const capped = stem.length > MAX_HEADING ? stem.slice(0, MAX_HEADING).replace(/\s+\S*$/, '') : stem
  return capped.charAt(0).toUpperCase() + capped.slice(1)
}

function withSuffix(subject: string, texts: Texts): string {
  return /calculator|kalkyl|\broi\b/i.test(subject) ? subject : `${subject}${texts.nameSuffix}`
}

export function calculatorName(props: {
  readonly inputKind: 'document' | 'description'
  readonly pages: readonly TextPage[]
  readonly fileName?: string | undefined
  readonly texts: Texts
}): string {
  const { inputKind, pages, fileName, texts } = props
  const first = pages[0]?.text ?? ''
  if (inputKind === 'description') {
    const sentence = (first.trim().split(/[.!?\n]/)[0] ?? '').replace(/\s+/g, ' ').trim()
    const words = sentence.split(' ').filter((word) => word !== '')
    if (sentence.length >= 4 && sentence.length <= 60 && words.length >= 2 && lineMarker(sentence) === undefined)
      return withSuffix(sentence, texts)
    return texts.genericName
  }
  const lines = first
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 12)
  for (const line of lines) {
    const heading = headingFrom(line)
    if (heading !== undefined) return withSuffix(heading, texts)
  }
  const named = fromFileName(fileName)
  return named === undefined ? texts.genericName : withSuffix(named, texts)
}

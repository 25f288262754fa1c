// The labelled set: descriptions read from their files (../shared/eval, written outside the team,
// and cases/outside-writers, written for us by writers who never saw the analyzer) and the sample
// documents with their outside labels, each on its side of the held-out split.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Currency } from '@valueproof/formula'
import { quotesOtherCurrency } from '../text-currencies.ts'
import type { DocumentLabel } from './document-label-types.ts'
import { DOCUMENT_LABELS } from './document-labels.ts'
import { splitOf, type SplitName } from './split.ts'

export * from './document-label-types.ts'
export { DOCUMENT_LABELS } from './document-labels.ts'
export { SPLIT, SPLIT_NAMES, splitOf, type HeldOutSplit, type SplitName } from './split.ts'

const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)))
/** ../shared beside the repository: the outside descriptions, labels and sample documents (never copied in). */
export const SHARED_DIR = resolve(REPO_ROOT, '../shared')
export const SHARED_EVAL_DIR = resolve(SHARED_DIR, 'eval')
export const SAMPLES_DIR = resolve(SHARED_DIR, 'samples')
const WRITERS_DIR = fileURLToPath(new URL('./outside-writers', import.meta.url))

/** Each description file, named as split.json names it. */
export const DESCRIPTION_SOURCES: ReadonlyArray<{ readonly source: string; readonly path: string }> = [
  { source: 'descriptions-outside.json', path: resolve(SHARED_EVAL_DIR, 'descriptions-outside.json') },
  { source: 'descriptions-outside-2.json', path: resolve(SHARED_EVAL_DIR, 'descriptions-outside-2.json') },
  { source: 'outside-writers/w1.json', path: resolve(WRITERS_DIR, 'w1.json') },
  { source: 'outside-writers/w2.json', path: resolve(WRITERS_DIR, 'w2.json') },
  { source: 'outside-writers/w3.json', path: resolve(WRITERS_DIR, 'w3.json') },
  { source: 'outside-writers/w4.json', path: resolve(WRITERS_DIR, 'w4.json') },
  { source: 'outside-writers/w5.json', path: resolve(WRITERS_DIR, 'w5.json') },
  { source: 'outside-writers/w6.json', path: resolve(WRITERS_DIR, 'w6.json') },
]

export type CaseLanguage = 'en' | 'sv'

interface CaseBase {
  readonly id: string
  readonly language: CaseLanguage
  /** The calculator's display currency. */
  readonly currency: Currency
  readonly split: SplitName
  /** The text quotes a currency other than the display currency. */
  readonly otherCurrency: boolean
}

export interface DescriptionCase extends CaseBase {
  readonly kind: 'description'
  /** The file it comes from, as split.json names it. */
  readonly source: string
  readonly text: string
  /** The stated figures a good calculator carries: "a", "a|b" (a range), "a|m|b" (with its midpoint). */
  readonly expect: readonly string[]
  /** Net value per year in `currency`; null: the text states no usable figure; undefined: unlabelled (figures only). */
  readonly yearly: number | null | undefined
  readonly grossYearly: number | undefined
}

export interface DocumentCase extends CaseBase {
  readonly kind: 'document'
  readonly path: string
  readonly label: DocumentLabel
}

export type EvalCase = DescriptionCase | DocumentCase

/** The outside-descriptions file has no display currency: USD for English, SEK for Swedish. */
const defaultCurrency = (language: CaseLanguage): Currency => (language === 'sv' ? 'SEK' : 'USD')

function descriptionOf(entry: unknown, source: string, index: number): DescriptionCase {
  const where = `${source}[${index}]`
  if (typeof entry !== 'object' || entry === null) throw new Error(`${where} is not an object`)
  const fields = entry as Record<string, unknown>
  const { id, language, text, expect, currency, yearly, grossYearly } = fields
  if (typeof id !== 'string' || typeof text !== 'string') throw new Error(`${where} lacks an id or a text`)
  if (language !== 'en' && language !== 'sv') throw new Error(`${id}: language must be en or sv`)
  if (!Array.isArray(expect) || !expect.every((figure) => typeof figure === 'string')) throw new Error(`${id}: expect must list strings`)
  if (currency !== undefined && currency !== 'USD' && currency !== 'EUR' && currency !== 'SEK') throw new Error(`${id}: unknown currency`)
  if (yearly !== undefined && yearly !== null && typeof yearly !== 'number') throw new Error(`${id}: yearly must be a number or null`)
  if (grossYearly !== undefined && grossYearly !== null && typeof grossYearly !== 'number')
    throw new Error(`${id}: grossYearly must be a number or null`)
  const displayCurrency = currency ?? defaultCurrency(language)
  return {
    kind: 'description',
    id,
    source,
    language,
    currency: displayCurrency,
    text,
    expect,
    yearly,
    grossYearly: grossYearly ?? undefined,
    split: splitOf(source, id),
    otherCurrency: quotesOtherCurrency(text, displayCurrency),
  }
}

/** The description files that are missing (../shared is beside the repository, not in it). */
export function missingDescriptionSources(): string[] {
  return DESCRIPTION_SOURCES.filter(({ path }) => !existsSync(path)).map(({ path }) => path)
}

/** Every description of every file present, in file order. */
export function loadDescriptionCases(): DescriptionCase[] {
  return DESCRIPTION_SOURCES.filter(({ path }) => existsSync(path)).flatMap(({ source, path }) => {
    const entries: unknown = JSON.parse(readFileSync(path, 'utf8'))
    if (!Array.isArray(entries)) throw new Error(`${path} is not a list of descriptions`)
    return entries.map((entry, index) => descriptionOf(entry, source, index))
  })
}

/** The sample documents with their labels; `otherCurrency` needs the text, so the evaluation sets it once extracted. */
export function documentCases(): DocumentCase[] {
  return DOCUMENT_LABELS.map((label) => ({
    kind: 'document',
    id: label.file,
    language: label.language,
    currency: defaultCurrency(label.language),
    split: splitOf('documents', label.file),
    otherCurrency: false,
    path: resolve(SAMPLES_DIR, label.folder, label.file),
    label,
  }))
}

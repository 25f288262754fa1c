import type { CalculatorData } from '@valueproof/formula'
import type { Language } from './types.ts'

// Short, frequent words that tell Swedish from English; letters å, ä and ö count on their own.
const SWEDISH_WORDS = new Set([
  'och',
  'att',
  'för',
  'med',
  'som',
  'är',
  'av',
  'på',
  'till',
  'det',
  'den',
  'en',
  'ett',
  'per',
  'vi',
  'ni',
  'er',
  'din',
  'ditt',
  'antal',
  'timmar',
  'timme',
  'timpris',
  'vecka',
  'veckan',
  'månad',
  'månaden',
  'år',
  'året',
  'dag',
  'kostnad',
  'besparing',
  'sparade',
  'intäkt',
  'intäkter',
  'kunder',
  'anställda',
  'medarbetare',
  'från',
  'eller',
  'inte',
  'kr',
  'kronor',
  'värde',
])
const ENGLISH_WORDS = new Set([
  'the',
  'and',
  'of',
  'to',
  'for',
  'with',
  'that',
  'is',
  'are',
  'in',
  'on',
  'by',
  'from',
  'your',
  'our',
  'we',
  'you',
  'per',
  'number',
  'hours',
  'hour',
  'rate',
  'week',
  'month',
  'year',
  'day',
  'cost',
  'costs',
  'savings',
  'saved',
  'revenue',
  'customers',
  'employees',
  'staff',
  'or',
  'not',
  'value',
])

interface Score {
  sv: number
  en: number
}

function score(text: string): Score {
  const lower = text.toLowerCase()
  let sv = (lower.match(/[åäö]/g) ?? []).length
  let en = 0
  for (const word of lower.match(/\p{L}+/gu) ?? []) {
    // 'per' is both: it decides nothing.
    if (word === 'per') continue
    if (SWEDISH_WORDS.has(word)) sv += 1
    if (ENGLISH_WORDS.has(word)) en += 1
  }
  return { sv, en }
}

/** The calculator's own words: what the prospect sees on the page. */
export function calculatorText(calculatorData: CalculatorData): string {
  return [
    calculatorData.name,
    calculatorData.description,
    calculatorData.explanation,
    ...calculatorData.parameters.flatMap((parameter) => [parameter.label, parameter.description ?? '', parameter.unit ?? '']),
    ...calculatorData.valueFields.flatMap((field) => [field.label, field.description ?? '', field.unit ?? '']),
  ].join(' ')
}

/**
 * The language to write in: the calculator's (SPEC: the proposal is in the calculator's language),
 * Swedish when its words are more Swedish than English; the user's input decides only when the
 * calculator says nothing either way. English otherwise (SPEC §9's default).
 */
export function detectLanguage(calculatorData: CalculatorData, input: string): Language {
  const own = score(calculatorText(calculatorData))
  if (own.sv !== own.en) return own.sv > own.en ? 'sv' : 'en'
  const fromInput = score(input.slice(0, 5_000))
  return fromInput.sv > fromInput.en ? 'sv' : 'en'
}

// Best effort, clear cases only: does the text state a figure for what a parameter measures? A
// figure counts when it has the parameter's kind of quantity (hours, minutes, a percentage, an
// hourly rate, people, money) and its sentence shares a content word with the parameter's label,
// so "Hours spent on invoicing" meets "spend 12 hours a week on invoicing" but a seller's "our
// hourly rate is 950 kr" does not meet a customer's "Hourly cost of staff".
import type { CalculatorParameter } from '@valueproof/formula'
import { readNumbers, type TextNumber } from './honesty-numbers.ts'

export type QuantityKind = 'hours' | 'minutes' | 'percent' | 'hourlyRate' | 'people' | 'money'

const HOURS = /(?<![\p{L}])(?:hours?|hrs?|h|timmar|timme|tim|arbetstimmar)(?![\p{L}])/iu
const MINUTES = /(?<![\p{L}])(?:minutes?|mins?|minuter|minut)(?![\p{L}])/iu
const PER_HOUR =
  /(?<![\p{L}])(?:per hour|an hour|hourly|\/\s?h|\/\s?hour|per timme|i timmen|\/\s?tim|timpris|timkostnad|timarvode)(?![\p{L}])/iu
const PEOPLE =
  /(?<![\p{L}])(?:people|persons?|employees?|staff|agents?|users?|seats?|members?|consultants?|anställda|medarbetare|personer|användare|handläggare|konsulter|licenser)(?![\p{L}])/iu
const MONEY_UNIT = /[$€£₹¥]|(?<![\p{L}])(?:kr|kronor|sek|usd|eur|aud|zar|gbp|inr|nok|dkk|cad|nzd|chf|jpy|dollars?|euros?)(?![\p{L}])/iu
/** A label about money whose unit names no currency ("Current cost per month", unit "per month"). */
const MONEY_LABEL =
  /(?<![\p{L}])(?:costs?|spend\p{L}*|spent|price|fees?|budget|revenue|salary|wages?|kostnad\p{L}*|utgift\p{L}*|pris\p{L}*|avgift\p{L}*|intäkt\p{L}*|lön\p{L}*)(?![\p{L}])/iu
/** A unit that says nothing but a period or a piece, so the label decides the kind. */
const BARE_UNIT = /^\s*(?:(?:per|\/|i|a|an)\s*\p{L}+|each|styck|st)?\s*$/iu

/** Words that say what kind of quantity a label is about, and small words: neither ties a label to a sentence. */
const NOT_CONTENT = new Set(
  (
    'the and for per with from that this what each into your their our about over under than more less ' +
    'hour hours hourly minute minutes week weeks weekly month months monthly year years yearly daily time times ' +
    'cost costs price rate rates value amount number total average typical saved saving savings percent share ' +
    'för och med som per från till eller inte utan över under antal värde kostnad kostnader pris timme timmar ' +
    'minuter vecka veckan månad månaden året timpris timkostnad genomsnitt genomsnittlig andel procent sparad sparade besparing'
  ).split(' '),
)

/** Content words, cut to a stem so that "invoices" meets "invoicing" and "fakturor" meets "fakturering". */
export function contentStems(text: string): Set<string> {
  const stems = new Set<string>()
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (word.length < 4 || NOT_CONTENT.has(word)) continue
    // English plurals and verb forms: "leads" meets "lead", "costs" meets "cost".
    const singular = word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word
    if (NOT_CONTENT.has(singular)) continue
    stems.add(singular.slice(0, 6))
  }
  return stems
}

/** Words of a claimed improvement: a label "Reduction in time" meets "we halve the time". */
const IMPROVEMENT =
  /(?<![\p{L}])(?:reduc\p{L}*|decreas\p{L}*|increas\p{L}*|improv\p{L}*|cut|cuts|halv\p{L}*|lower\p{L}*|sav(?:e|es|ed|ing|ings)|rais\p{L}*|lift\p{L}*|boost\p{L}*|minsk\p{L}*|sänk\p{L}*|ök\p{L}*|höj\p{L}*|förbättr\p{L}*|spar\p{L}*|besparing\p{L}*|kapar|halver\p{L}*)(?![\p{L}])/iu
/** Words of the customer's situation today: a label "Share today" meets "from 12 % to 4 %". */
const BASELINE =
  /(?<![\p{L}])(?:today|current|currently|now|idag|nuvarande|dagens|i dag)(?![\p{L}])|(?<![\p{L}])(?:from|från)\s+\S+\s*%?\s+(?:to|till)(?![\p{L}])/iu

/** Content stems plus the roles the words name (#improvement, #baseline), which tie a label to a sentence too. */
export function meaningStems(text: string): Set<string> {
  const stems = contentStems(text)
  if (IMPROVEMENT.test(text)) stems.add('#improvement')
  if (BASELINE.test(text)) stems.add('#baseline')
  return stems
}

/** The kind of quantity a parameter measures, read from its unit first, then its label. */
export function parameterKind(parameter: CalculatorParameter): QuantityKind | undefined {
  const unit = parameter.unit ?? ''
  const label = parameter.label
  if (/%/.test(unit) || /(?<![\p{L}])(?:percent|procent)(?![\p{L}])/iu.test(unit)) return 'percent'
  const hourly = PER_HOUR.test(`${unit} ${label}`) || /(?<![\p{L}])(?:hour|timme)(?![\p{L}])/iu.test(label)
  if (hourly && (MONEY_UNIT.test(unit) || /cost|rate|price|kostnad|pris|arvode/iu.test(label))) return 'hourlyRate'
  if (MONEY_UNIT.test(unit)) return 'money'
  if (MINUTES.test(unit)) return 'minutes'
  if (HOURS.test(unit)) return 'hours'
  if (PEOPLE.test(unit) || PEOPLE.test(label)) return 'people'
  if (/%/.test(label) || /(?<![\p{L}])(?:percent|procent)(?![\p{L}])/iu.test(label)) return 'percent'
  if (BARE_UNIT.test(unit) && MONEY_LABEL.test(label)) return 'money'
  return undefined
}

/** The kind of a figure in the text, read from its sign, currency and the words right after it. */
export function figureKind(figure: TextNumber): QuantityKind | undefined {
  const next = figure.after.slice(0, 20)
  if (figure.percent) return 'percent'
  if (figure.currency !== undefined) return PER_HOUR.test(next) ? 'hourlyRate' : 'money'
  const unit = /^\s*(\p{L}+)/u.exec(next)?.[1] ?? ''
  if (MINUTES.test(unit)) return 'minutes'
  if (HOURS.test(unit)) return 'hours'
  if (PEOPLE.test(next)) return 'people'
  return undefined
}

/** The figure as a reader would cite it: '10 timmar', '45 USD', '12 %'. */
export function citation(figure: TextNumber): string {
  if (figure.percent) return figure.text
  return `${figure.text}${/^\s?[\p{L}:-]+/u.exec(figure.after)?.[0] ?? ''}`
}

export interface StatedFigure {
  readonly figure: TextNumber
  readonly sentence: string
}

/** A number of a sentence with its kind (if it has one) and the stems of its noun (the two words after it). */
interface SentenceFigure {
  readonly figure: TextNumber
  readonly kind: QuantityKind | undefined
  readonly noun: ReadonlySet<string>
}

export interface TextSentence {
  readonly text: string
  readonly stems: ReadonlySet<string>
  readonly figures: readonly SentenceFigure[]
}

const NOUN_WORDS = 2

const SENTENCE_END = /(?<=[.!?])\s+|\n+/gu

/**
 * The text's sentences that hold a figure with a kind (lines count as sentences: tables and lists
 * use them so), with their figures. The numbers are read once for the whole text, which on a long
 * document costs far less than reading sentence by sentence; `dollar` is what '$' means in it.
 */
export function sentencesOf(text: string, dollar: string): TextSentence[] {
  const numbers = readNumbers(text, { dollar })
  const sentences: TextSentence[] = []
  let from = 0
  let next = 0
  const close = (to: number): void => {
    const inside: TextNumber[] = []
    for (; next < numbers.length && (numbers[next]?.start ?? to) < to; next += 1) {
      const number = numbers[next]
      if (number !== undefined && number.start >= from) inside.push(number)
    }
    const figures = inside.map((figure) => ({ figure, kind: figureKind(figure) }))
    if (!figures.some((figure) => figure.kind !== undefined)) return
    const sentence = text.slice(from, to).trim()
    sentences.push({
      text: sentence,
      stems: meaningStems(sentence),
      figures: figures.map((figure) => ({
        ...figure,
        noun: contentStems((figure.figure.after.match(/\p{L}+/gu) ?? []).slice(0, NOUN_WORDS).join(' ')),
      })),
    })
  }
  for (const boundary of text.matchAll(SENTENCE_END)) {
    close(boundary.index)
    from = boundary.index + boundary[0].length
  }
  close(text.length)
  return sentences
}

/** The label's stems the sentence ties to this figure: in the sentence, and not the noun of another number ("30 qualified leads"). */
function tiedStems(label: ReadonlySet<string>, sentence: TextSentence, figure: SentenceFigure): string[] {
  const elsewhere = new Set(sentence.figures.filter((other) => other !== figure).flatMap((other) => [...other.noun]))
  return [...label].filter((stem) => sentence.stems.has(stem) && (figure.noun.has(stem) || !elsewhere.has(stem)))
}

/** The seller's own price or fee: a different role from the customer's cost, even in the same words. */
const SELLER_PRICE =
  /(?<![\p{L}])(?:we charge|discount\p{L}*|rabatt\p{L}*|our (?:price|fee|rate|hourly rate)|price|prices|pricing|fee|fees|costs? you|subscription|licen[cs]es?|vi tar|vårt (?:pris|timpris|arvode)|pris|priset|priser|avgift\p{L}*|abonnemang\p{L}*|licens\p{L}*|arvode)(?![\p{L}])/iu

/** A figure the text states for what the parameter measures, if there clearly is one. */
export function statedFigureFor(parameter: CalculatorParameter, sentences: readonly TextSentence[]): StatedFigure | undefined {
  const kind = parameterKind(parameter)
  if (kind === undefined) return undefined
  const stems = meaningStems(parameter.label)
  // A seller's price, fee or discount is another role than the customer's money or improvement.
  const priceMatters = kind === 'money' || kind === 'hourlyRate' || kind === 'percent'
  const labelIsPrice = SELLER_PRICE.test(parameter.label)
  for (const sentence of sentences) {
    if (priceMatters && SELLER_PRICE.test(sentence.text) !== labelIsPrice) continue
    const match = sentence.figures.find((figure) => figure.kind === kind && tiedStems(stems, sentence, figure).length > 0)
    if (match !== undefined) return { figure: match.figure, sentence: sentence.text }
  }
  return undefined
}

/** Sayings that the text has no figure: "no figure", "no usable figures", "ingen siffra", "anges inte". */
export const NO_FIGURE_CLAIM =
  /(?<![\p{L}])(?:(?:no|not any|without)\s+(?:usable\s+|stated\s+|relevant\s+|such\s+)?(?:figures?|numbers?)|(?:is|are)\s+not\s+(?:stated|given)|ingen\s+(?:användbar\s+|angiven\s+)?siffra|inga\s+(?:användbara\s+|angivna\s+)?siffror|saknar\s+siffr\p{L}*|anges\s+inte|framgår\s+inte)(?![\p{L}])/iu

/** Words that may follow a general "no figure" claim: where, and that none was found. */
const WHERE_AND_FOUND = new Set(
  'was were could be found given stated usable in i the this text document description texten dokumentet beskrivningen hittades fanns kunde hittas'.split(
    ' ',
  ),
)

/** "No usable figure was found in the document, so …": the claim's clause names no particular thing. */
export function isGeneralClaim(sentence: string, claim: RegExpExecArray): boolean {
  const rest = sentence.slice(claim.index + claim[0].length).split(/[,;:—–(]|\s(?:so|så|and|och)\s/u)[0] ?? ''
  return (rest.toLowerCase().match(/\p{L}+/gu) ?? []).every((word) => WHERE_AND_FOUND.has(word))
}

/** Whether the text states any figure with a kind (money, a percentage, hours, minutes, people). */
export function statesAnyFigure(sentences: readonly TextSentence[]): StatedFigure | undefined {
  for (const sentence of sentences) {
    const first = sentence.figures.find((figure) => figure.kind !== undefined)
    if (first !== undefined) return { figure: first.figure, sentence: sentence.text }
  }
  return undefined
}

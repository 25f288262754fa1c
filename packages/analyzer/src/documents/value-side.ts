// The value side of a document that claims none, built from its domain (value-domains.ts): each
// factor an input — a volume the document states, quoted from its page, or an assumption said to
// be one — and each stream their product per year. The first stream is the domain's main value; a
// further stream is kept only when the document states one of its volumes.
import type { Currency } from '@valueproof/formula'
import { literal } from '../explain/formula.ts'
import { nameOf } from '../explain/inputs.ts'
import type { Quantity } from '../model.ts'
import { quoteAround, MAX_QUOTE } from '../read/quotes.ts'
import type { Language, TextPage } from '../types.ts'
import type { Stated } from './lines.ts'
import { assumedAmount, type ValueDomain, type ValueFactorSpec, type ValueStreamSpec, type ValueUnit } from './value-domains.ts'

export interface ValueInput {
  readonly name: string
  readonly label: string
  readonly value: number
  readonly unit: string
  readonly kind: ValueUnit
  /** Where the document states it; absent for an assumption. */
  readonly stated?: Stated
  /** The factor's unit per unit the document states it in (52/12 weeks a month); absent when the same. */
  readonly perStated?: number
}

export interface ValueStream {
  readonly label: string
  readonly formula: string
  /** Per year at the defaults. */
  readonly yearly: number
}

export interface ValueSide {
  readonly inputs: readonly ValueInput[]
  readonly streams: readonly ValueStream[]
}

export interface ValueSideOptions {
  readonly language: Language
  readonly currency: Currency
  readonly taken: Set<string>
  /** The pages read: the line a wrapped sentence continues belongs to its words. */
  readonly pages?: readonly TextPage[]
}

const UNIT_TEXT: Readonly<Record<Exclude<ValueUnit, 'money'>, Readonly<Record<Language, string>>>> = {
  hours: { en: 'h', sv: 'h' },
  percent: { en: '%', sv: '%' },
  count: { en: '', sv: '' },
  weeks: { en: 'weeks', sv: 'veckor' },
}

/** A length stated in months or years keeps its unit in the input. */
const LENGTH_TEXT: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  month: { en: 'months', sv: 'månader' },
  year: { en: 'years', sv: 'år' },
}

export function statedOf(quantity: Quantity): Stated {
  const quote = quoteAround(quantity.sentence, quantity.start - quantity.sentenceStart, quantity.end - quantity.sentenceStart).slice(
    0,
    MAX_QUOTE,
  )
  return { page: quantity.page, quote }
}

/**
 * The line a sentence continues when it starts a line in lower case ("…om förlängning med\nupp till
 * 12 månader."): a PDF's wrapped line, whose words belong to the sentence.
 */
function leadOf(quantity: Quantity, pages: readonly TextPage[] | undefined): string {
  const text = pages?.find((page) => page.page === quantity.page)?.text ?? ''
  const start = quantity.sentenceStart + (quantity.sentence.length - quantity.sentence.trimStart().length)
  if (text === '' || text[start - 1] !== '\n' || !/^\p{Ll}/u.test(text.slice(start))) return ''
  return text.slice(text.lastIndexOf('\n', start - 2) + 1, start - 1)
}

const fits = (factor: ValueFactorSpec, quantity: Quantity, pages: readonly TextPage[] | undefined): boolean =>
  factor.stated !== undefined && quantity.value > 0 && factor.stated(quantity, leadOf(quantity, pages))

/** The document's quantity for a factor: the largest one that fits (the whole site, not one page's count). */
function statedQuantity(factor: ValueFactorSpec, quantities: readonly Quantity[], pages?: readonly TextPage[]): Quantity | undefined {
  const matches = quantities.filter((quantity) => fits(factor, quantity, pages))
  return matches.reduce<Quantity | undefined>(
    (best, quantity) => (best === undefined || quantity.value > best.value ? quantity : best),
    undefined,
  )
}

/** The parts a stated total is made of ("400 timmar … option upp till 200 timmar", 600 in all): two other fits that add up to it. */
function partsOf(
  factor: ValueFactorSpec,
  total: Quantity,
  quantities: readonly Quantity[],
  pages?: readonly TextPage[],
): Quantity[] | undefined {
  if (factor.parts !== true) return undefined
  const smaller = quantities.filter((quantity) => fits(factor, quantity, pages) && quantity.value < total.value)
  for (const [index, first] of smaller.entries())
    for (const second of smaller.slice(index + 1))
      if (first.value !== second.value && Math.abs(first.value + second.value - total.value) < 0.5) return [first, second]
  return undefined
}

function inputsOf(factor: ValueFactorSpec, quantities: readonly Quantity[], options: ValueSideOptions): ValueInput[] {
  const label = factor.label[options.language]
  const unit = factor.unit === 'money' ? options.currency : UNIT_TEXT[factor.unit][options.language]
  const quantity = statedQuantity(factor, quantities, options.pages)
  if (quantity !== undefined) {
    const stated = (part: Quantity, partLabel: string): ValueInput => {
      const perStated = factor.perStated?.(part) ?? 1
      const name = nameOf(partLabel, options.taken)
      if (perStated === 1) return { name, label: partLabel, value: part.value, unit, kind: factor.unit, stated: statedOf(part) }
      const text = LENGTH_TEXT[Object.keys(part.unit)[0] ?? '']?.[options.language] ?? unit
      return { name, label: partLabel, value: part.value, unit: text, kind: factor.unit, stated: statedOf(part), perStated }
    }
    // The seller adjusts the parts (the main work, the option) rather than their sum.
    const parts = partsOf(factor, quantity, quantities, options.pages)
    if (parts !== undefined)
      return parts.map((part, index) => stated(part, `${label} (${PART_WORDS[options.language][index] ?? index + 1})`))
    return [stated(quantity, label)]
  }
  const value = factor.unit === 'money' ? assumedAmount(factor.value, options.currency) : factor.value
  return [{ name: nameOf(label, options.taken), label, value, unit, kind: factor.unit }]
}

const PART_WORDS: Readonly<Record<Language, readonly string[]>> = { en: ['first part', 'second part'], sv: ['första delen', 'andra delen'] }

const partOf = (input: ValueInput): string =>
  input.kind === 'percent'
    ? `${input.name} / 100`
    : input.perStated === undefined
      ? input.name
      : `${input.name} * ${literal(input.perStated)}`

const valueOf = (input: ValueInput): number => (input.kind === 'percent' ? input.value / 100 : input.value * (input.perStated ?? 1))

/** The value side of `domain`, with the volumes the document states. */
export function valueSide(domain: ValueDomain, quantities: readonly Quantity[], options: ValueSideOptions): ValueSide {
  const byKey = new Map<string, ValueInput[]>()
  const streams: ValueStream[] = []
  const factorsOf = (spec: ValueStreamSpec): ValueFactorSpec[] =>
    spec.factors.flatMap((key) => {
      const factor = domain.factors.find((candidate) => candidate.key === key)
      return factor === undefined ? [] : [factor]
    })
  const stated = (spec: ValueStreamSpec) =>
    factorsOf(spec).some((factor) => statedQuantity(factor, quantities, options.pages) !== undefined)
  // A factor every alternative shares (the engagement's length) does not choose between them.
  const chooses = (spec: ValueStreamSpec) =>
    factorsOf(spec).some((factor) => factor.shared !== true && statedQuantity(factor, quantities, options.pages) !== undefined)
  const chosen = domain.alternatives === true ? (domain.streams.find(chooses) ?? domain.streams[0]) : undefined
  domain.streams.forEach((spec, index) => {
    const factors = factorsOf(spec)
    if (chosen !== undefined && spec !== chosen) return
    // A further stream stands on a volume the document states, not on assumptions alone.
    if (chosen === undefined && index > 0 && !stated(spec)) return
    const inputs = factors.map((factor) => {
      const known = byKey.get(factor.key) ?? inputsOf(factor, quantities, options)
      byKey.set(factor.key, known)
      return known
    })
    const parts = inputs.map((list) => (list.length === 1 ? partOf(list[0] as ValueInput) : `(${list.map(partOf).join(' + ')})`))
    if (spec.perYear !== 1) parts.push(literal(spec.perYear))
    const formula = spec.divisor === undefined ? parts.join(' * ') : `${parts.join(' * ')} / ${literal(spec.divisor)}`
    const yearly = inputs.reduce(
      (product, list) => product * list.reduce((sum, input) => sum + valueOf(input), 0),
      spec.perYear / (spec.divisor ?? 1),
    )
    streams.push({ label: spec.label[options.language], formula, yearly })
  })
  return { inputs: [...byKey.values()].flat(), streams }
}
